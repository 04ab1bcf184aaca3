package io.abk.billing.systemtests.stack;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.FinalizeInvoice;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** Request bodies and calls of {@code /v1/subscriptions}, so tests read as what they do. */
final class Subscriptions {

    /** A customer wallet in mixed case: the API must keep the case as given. */
    static final String WALLET = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";

    static final String PATH = "/v1/subscriptions";

    private Subscriptions() {}

    /** A valid ad hoc body: 9.99 USDC a month. */
    /**
     * Whether {@code command} is the invoice numbering's FinalizeInvoice, which follows each invoice a moment later by
     * itself: counts of what a request sent leave it out.
     */
    static boolean isFinalization(SubscriptionCommand command) {
        return command.getPayload() instanceof FinalizeInvoice;
    }

    /** Whether {@code change} is a subscription's change by a FinalizeInvoice (its command id is derived: finalize:). */
    static boolean isFinalization(Change change) {
        return change.getCommandId().startsWith("finalize:");
    }

    static Map<String, @Nullable Object> adHoc(String merchantRef) {
        return adHoc(merchantRef, new BigDecimal("9.99"), "month");
    }

    static Map<String, @Nullable Object> adHoc(String merchantRef, BigDecimal amountUsdc, String interval) {
        var body = base(merchantRef);
        body.put("amountUsdc", amountUsdc);
        body.put("interval", interval);
        return body;
    }

    static Map<String, @Nullable Object> byPrice(String merchantRef, String priceId) {
        var body = base(merchantRef);
        body.put("priceId", priceId);
        return body;
    }

    private static Map<String, @Nullable Object> base(String merchantRef) {
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("merchantRef", merchantRef);
        body.put("customerWallet", WALLET);
        return body;
    }

    /** Creates ad hoc and returns the 201 body {@code {subscription, invoice, checkoutUrl}}. */
    static JsonNode create(Api api, String key, String merchantRef) {
        return api.post(PATH)
                .key(key)
                .json(adHoc(merchantRef))
                .send()
                .expect(201)
                .json();
    }

    static Reply get(Api api, String key, String id) {
        return api.get(PATH + "/" + id).key(key).send();
    }

    /** One page of the list; {@code query} without the leading {@code ?} (empty for none). */
    static Reply list(Api api, String key, String query) {
        return api.get(PATH + (query.isEmpty() ? "" : "?" + query)).key(key).send();
    }

    /** Every subscription id of the key's merchant and mode, newest first, walking all pages of {@code pageSize}. */
    static List<String> listAllIds(Api api, String key, int pageSize) {
        var ids = new ArrayList<String>();
        String startingAfter = null;
        while (true) {
            var query = "limit=" + pageSize + (startingAfter == null ? "" : "&startingAfter=" + startingAfter);
            var page = list(api, key, query).expect(200).json();
            page.path("subscriptions")
                    .forEach(subscription -> ids.add(subscription.path("id").asString()));
            if (!page.path("hasMore").asBoolean()) {
                return ids;
            }
            if (ids.isEmpty()) {
                throw new AssertionError("hasMore on an empty page: " + page);
            }
            startingAfter = ids.getLast();
        }
    }

    /**
     * {@code POST /v1/subscriptions/{id}/<action>} (activate, complete, cancel, resume, pause) with {@code body}
     * (null for none).
     */
    static Reply action(Api api, String key, String id, String action, @Nullable Object body) {
        var call = api.post(PATH + "/" + id + "/" + action).key(key);
        return (body == null ? call : call.json(body)).send();
    }

    /** {@code PATCH /v1/subscriptions/{id}}. */
    static Reply update(Api api, String key, String id, Object body) {
        return api.patch(PATH + "/" + id).key(key).json(body).send();
    }

    /** A product with the given prices, created through {@code POST /v1/products}; returns {@code product}. */
    static JsonNode createProduct(Api api, String key, String name, List<Map<String, Object>> prices) {
        return api.post("/v1/products")
                .key(key)
                .json(Map.of("name", name, "prices", prices))
                .send()
                .expect(201)
                .json()
                .path("product");
    }

    static Map<String, Object> price(String amountUsdc, String interval, int trialDays) {
        var price = new LinkedHashMap<String, Object>();
        price.put("amountUsdc", new BigDecimal(amountUsdc));
        price.put("interval", interval);
        if (trialDays > 0) {
            price.put("trialDays", trialDays);
        }
        return price;
    }
}
