package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /checkout/pay/{id}/confirm}: {@code {txHash?}}, a transaction hash {@code 0x} + 64 hex digits
 * (docs/architecture.md, "One-time payment"). Only the sandbox (test mode without a test chain) pays without one, with
 * a hash it generates; anywhere else a confirm must say which transaction paid.
 */
final class ConfirmRequest {

    private static final Pattern TX_HASH = Pattern.compile("^0x[0-9a-fA-F]{64}$");

    private ConfirmRequest() {}

    /** The hash to verify, or null for a sandbox confirm without one. */
    static @Nullable String txHash(RequestFields fields, boolean sandbox) {
        var hash = fields.optionalString("txHash")
                .map(value -> {
                    if (!TX_HASH.matcher(value).matches()) {
                        throw ApiException.invalid("txHash", "txHash must be 0x followed by 64 hexadecimal digits");
                    }
                    return value;
                })
                .orElse(null);
        if (hash == null && !sandbox) {
            throw ApiException.invalid("txHash", "txHash is required");
        }
        return hash;
    }
}
