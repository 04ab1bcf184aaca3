package io.abk.billing.gateway.controlplane.merchant;

import io.abk.billing.gateway.platform.json.FieldChange;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;

/** A validated {@code PATCH /admin/v1/merchants/{id}} body: {@code null} clears the optional fields. */
public record MerchantPatch(
        FieldChange<String> name, FieldChange<String> displayName, FieldChange<String> payoutAddressEvm) {

    public static MerchantPatch parse(RequestFields fields) {
        var name = fields.change("name", () -> fields.optionalString("name", MerchantRequest.MAX_NAME_LENGTH));
        if (name.given() && name.value() == null) {
            throw ApiException.invalid("name", "name cannot be cleared; give a new name or leave it out");
        }
        return new MerchantPatch(
                name,
                fields.change(
                        "displayName", () -> fields.optionalString("displayName", MerchantRequest.MAX_NAME_LENGTH)),
                fields.change("payoutAddressEvm", () -> fields.optionalEvmAddress("payoutAddressEvm")));
    }
}
