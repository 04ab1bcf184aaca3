package io.abk.billing.systemtests.stack;

import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A metered plan made through the API in test mode, for the pages that show one: a summed meter, a product with a seat
 * of 4 USDC a month and calls at 0.002 USDC each, and an active subscription of two seats and the calls (at most 50
 * USDC a period) whose usage, 1,500 calls in two events, the usage processor has counted and summarised.
 *
 * @param meterId the meter
 * @param productId the product of the two prices
 * @param subscriptionId the active subscription
 * @param eventName the meter's event name
 * @param wallet the subscription's customer wallet
 */
record MeteredPlan(String meterId, String productId, String subscriptionId, String eventName, String wallet) {

    static final long CALLS = 1_500;

    static MeteredPlan make(Api api, String key) {
        var eventName = "api_calls_" + UUID.randomUUID().toString().substring(0, 8);
        var meterId = api.post("/v1/meters")
                .key(key)
                .json(Map.of("eventName", eventName, "aggregation", "sum", "displayName", "API calls"))
                .send()
                .expect(201)
                .json()
                .path("id")
                .asString();
        var product = Subscriptions.createProduct(
                api,
                key,
                "API plan",
                List.of(
                        Subscriptions.price("4", "month", 0),
                        Map.of(
                                "usageType",
                                "metered",
                                "meterId",
                                meterId,
                                "unitAmountUsdc",
                                new BigDecimal("0.002"),
                                "interval",
                                "month")));
        var wallet = "0x" + UUID.randomUUID().toString().replace("-", "").substring(0, 8) + "0".repeat(32);
        var body = new LinkedHashMap<String, Object>();
        body.put("merchantRef", "metered-" + UUID.randomUUID());
        body.put("customerWallet", wallet);
        body.put(
                "items",
                List.of(
                        Map.of("priceId", product.at("/prices/0/id").asString(), "quantity", 2),
                        Map.of("priceId", product.at("/prices/1/id").asString())));
        body.put("maxAmountPerPeriodUsdc", new BigDecimal("50"));
        var subscriptionId = api.post(Subscriptions.PATH)
                .key(key)
                .json(body)
                .send()
                .expect(201)
                .json()
                .at("/subscription/id")
                .asString();
        // Usage counts once the subscription is active: the sandbox charges its first invoice, the seats.
        Subscriptions.action(api, key, subscriptionId, "activate", Map.of()).expect(200);
        api.post("/v1/meter_events/batch")
                .key(key)
                .json(Map.of(
                        "events",
                        List.of(
                                Map.of(
                                        "eventName",
                                        eventName,
                                        "customerWallet",
                                        wallet,
                                        "value",
                                        1000,
                                        "identifier",
                                        "m-1"),
                                Map.of(
                                        "eventName",
                                        eventName,
                                        "customerWallet",
                                        wallet,
                                        "value",
                                        500,
                                        "identifier",
                                        "m-2"))))
                .send()
                .expect(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> usage(api, key, subscriptionId) == CALLS);
        return new MeteredPlan(meterId, product.path("id").asString(), subscriptionId, eventName, wallet);
    }

    /** The quantity of the subscription's metered item in its open period, as {@code GET .../usage} answers it. */
    static long usage(Api api, String key, String subscriptionId) {
        return api.get(Subscriptions.PATH + "/" + subscriptionId + "/usage")
                .key(key)
                .send()
                .expect(200)
                .json()
                .at("/items/0/quantity")
                .asLong();
    }
}
