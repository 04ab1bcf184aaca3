package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import org.jspecify.annotations.Nullable;

/** A validated {@code POST /admin/v1/merchants} body. */
public record MerchantRequest(
        String name, @Nullable String displayName, @Nullable String payoutAddressEvm) {

    static final int MAX_NAME_LENGTH = 200;

    public static MerchantRequest parse(RequestFields fields) {
        return new MerchantRequest(
                fields.optionalString("name", MAX_NAME_LENGTH)
                        .orElseThrow(() -> ApiException.invalid("name", "name is required")),
                fields.optionalString("displayName", MAX_NAME_LENGTH).orElse(null),
                fields.optionalEvmAddress("payoutAddressEvm").orElse(null));
    }
}
