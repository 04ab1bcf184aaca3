package io.abk.billing.gateway.checkout;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The answer of a {@code /signing} route that offers nothing to sign, and its reasons (the page then sends transactions). */
final class Signing {

    /** Test mode without a chain: the page simulates. */
    static final String SANDBOX = "sandbox";
    /** The mode has no chain, or (for subscriptions) no vault. */
    static final String NO_VAULT = "no_vault";
    /** The subscription is not waiting for its mandate (active, canceled, or one is already on chain). */
    static final String NOT_PENDING = "not_pending";
    /** The payment is paid or canceled. */
    static final String NOT_PAYABLE = "not_payable";
    /** The chain did not answer the token's reads in time. */
    static final String CHAIN_UNAVAILABLE = "chain_unavailable";

    private Signing() {}

    static Map<String, @Nullable Object> unsupported(String reason) {
        var answer = new LinkedHashMap<String, @Nullable Object>();
        answer.put("supported", false);
        answer.put("reason", reason);
        return answer;
    }
}
