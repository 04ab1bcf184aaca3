package io.abk.billing.systemtests.stack;

import java.math.BigDecimal;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Calls of {@code /v1/invoices}, so tests read as what they do. */
final class Invoices {

    static final String PATH = "/v1/invoices";

    private Invoices() {}

    static Reply get(Api api, String key, String id) {
        return api.get(PATH + "/" + id).key(key).send();
    }

    /** One page of the list; {@code query} without the leading {@code ?} (empty for none). */
    static Reply list(Api api, String key, String query) {
        return api.get(PATH + (query.isEmpty() ? "" : "?" + query)).key(key).send();
    }

    /** {@code POST /v1/invoices/{id}/charge}, with {@code sandboxMode} when not null. */
    static Reply charge(Api api, String key, String id, @Nullable String sandboxMode) {
        var call = api.post(PATH + "/" + id + "/charge").key(key);
        return (sandboxMode == null ? call : call.json(Map.of("sandboxMode", sandboxMode))).send();
    }

    /** {@code POST /v1/invoices/{id}/refund}; a null amount refunds all that is left. */
    static Reply refund(Api api, String key, String id, @Nullable BigDecimal amountUsdc) {
        var call = api.post(PATH + "/" + id + "/refund").key(key);
        return (amountUsdc == null ? call : call.json(Map.of("amountUsdc", amountUsdc))).send();
    }

    static Reply voidInvoice(Api api, String key, String id) {
        return api.post(PATH + "/" + id + "/void").key(key).send();
    }
}
