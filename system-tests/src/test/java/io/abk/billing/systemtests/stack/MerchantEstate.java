package io.abk.billing.systemtests.stack;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A merchant holding one of each resource the API has, made through the API and settled (its events recorded, one
 * delivered to its endpoint), so the hostile-input tests can aim at real ids: in test mode a product and its price,
 * a subscription and its first invoice, a payment, a payment link, a customer, a coupon and a promotion code of
 * it, a webhook endpoint on a {@link Receiver} of this machine, their events and a delivery attempt; in live mode the same without a webhook
 * endpoint (a live endpoint must be public HTTPS, and this machine sends nothing off it). Every text field it sets
 * carries {@link #marker()}, so an answer that leaks any of it is easy to spot.
 */
final class MerchantEstate {

    private static final Duration SETTLE = Duration.ofSeconds(60);

    private final TestMerchant merchant;
    private final String marker;
    /** Id prefix ({@code sub}, {@code inv}...) to the id of that kind, per mode. */
    private final Map<String, Map<String, String>> ids;

    private final List<String> secrets;

    private MerchantEstate(
            TestMerchant merchant, String marker, Map<String, Map<String, String>> ids, List<String> secrets) {
        this.merchant = merchant;
        this.marker = marker;
        this.ids = ids;
        this.secrets = secrets;
    }

    /** Creates the merchant and its resources; the webhook endpoint posts to {@code receiver}. */
    static MerchantEstate create(Api api, String name, Receiver receiver) {
        var merchant = api.newMerchant(name);
        var marker = "mark" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        var secrets = new ArrayList<String>(List.of(merchant.testKey(), merchant.liveKey()));
        var ids = new LinkedHashMap<String, Map<String, String>>();
        for (var mode : List.of("test", "live")) {
            var key = mode.equals("test") ? merchant.testKey() : merchant.liveKey();
            var of = new LinkedHashMap<String, String>();
            of.put("mer", merchant.id());
            of.put("key", mode.equals("test") ? merchant.testKeyId() : merchant.liveKeyId());
            if (mode.equals("test")) {
                // First, so the events of the creates below are delivered to it.
                var endpoint = api.post("/v1/webhook_endpoints")
                        .key(key)
                        .json(Map.of("url", receiver.url("/" + marker), "description", marker))
                        .send()
                        .expect(201)
                        .json();
                of.put("we", endpoint.at("/webhookEndpoint/id").asString());
                secrets.add(endpoint.path("secret").asString());
            }
            var product = api.post("/v1/products")
                    .key(key)
                    .json(Map.of(
                            "name",
                            marker + " plan",
                            "description",
                            marker,
                            "prices",
                            List.of(Subscriptions.price("7", "month", 0))))
                    .send()
                    .expect(201)
                    .json()
                    .path("product");
            of.put("prod", product.path("id").asString());
            of.put("price", product.at("/prices/0/id").asString());
            var body = Subscriptions.adHoc(marker + "-sub");
            body.put("metadata", Map.of("note", marker));
            var subscription = api.post(Subscriptions.PATH)
                    .key(key)
                    .json(body)
                    .send()
                    .expect(201)
                    .json();
            of.put("sub", subscription.at("/subscription/id").asString());
            of.put("inv", subscription.at("/invoice/id").asString());
            of.put(
                    "pay",
                    Payments.create(api, key, marker + "-pay", "3")
                            .at("/payment/id")
                            .asString());
            of.put(
                    "plink",
                    Payments.createLink(api, key, Payments.link("4", Map.of("description", marker)))
                            .at("/paymentLink/id")
                            .asString());
            var wallet = "0x" + UUID.randomUUID().toString().replace("-", "")
                    + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
            of.put(
                    "cus",
                    api.post("/v1/customers")
                            .key(key)
                            .json(Map.of(
                                    "wallet",
                                    wallet,
                                    "email",
                                    marker + "@example.test",
                                    "name",
                                    marker,
                                    "metadata",
                                    Map.of("note", marker)))
                            .send()
                            .expect(201)
                            .json()
                            .at("/customer/id")
                            .asString());
            var coupon = api.post("/v1/coupons")
                    .key(key)
                    .json(Map.of(
                            "name", marker, "percentOff", 10, "duration", "once", "metadata", Map.of("note", marker)))
                    .send()
                    .expect(201)
                    .json()
                    .at("/coupon/id")
                    .asString();
            of.put("coupon", coupon);
            of.put(
                    "promo",
                    api.post("/v1/promotion_codes")
                            .key(key)
                            .json(Map.of(
                                    "couponId",
                                    coupon,
                                    "code",
                                    "P"
                                            + UUID.randomUUID()
                                                    .toString()
                                                    .replace("-", "")
                                                    .substring(0, 12),
                                    "metadata",
                                    Map.of("note", marker)))
                            .send()
                            .expect(201)
                            .json()
                            .at("/promotionCode/id")
                            .asString());
            ids.put(mode, of);
        }
        // Settled: the events of the creates recorded in each mode (subscription, its invoice, payment), and one
        // delivered to the endpoint (one attempt logged).
        for (var mode : List.of("test", "live")) {
            var key = mode.equals("test") ? merchant.testKey() : merchant.liveKey();
            var events = await().atMost(SETTLE)
                    .pollInterval(Duration.ofMillis(200))
                    .until(
                            () -> api.get("/v1/events?limit=100")
                                    .key(key)
                                    .send()
                                    .expect(200)
                                    .json()
                                    .path("events"),
                            page -> page.size() >= 3);
            ids.get(mode).put("evt", events.get(0).path("id").asString());
        }
        var test = ids.get("test");
        var attempt = await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> api.get("/v1/webhook_endpoints/" + test.get("we") + "/deliveries?limit=100")
                                .key(merchant.testKey())
                                .send()
                                .expect(200)
                                .json()
                                .path("deliveries"),
                        page -> !page.isEmpty());
        test.put("wha", attempt.get(0).path("id").asString());
        return new MerchantEstate(merchant, marker, Map.copyOf(ids), List.copyOf(secrets));
    }

    TestMerchant merchant() {
        return merchant;
    }

    String key(String mode) {
        return mode.equals("test") ? merchant.testKey() : merchant.liveKey();
    }

    /** The text every field this merchant's resources were given contains. */
    String marker() {
        return marker;
    }

    /** The id of the resource with {@code prefix} in {@code mode}, or null when there is none of that kind there. */
    String id(String mode, String prefix) {
        return ids.get(mode).get(prefix);
    }

    /** Every id of the estate in {@code mode}, by prefix. */
    Map<String, String> ids(String mode) {
        return ids.get(mode);
    }

    /** The merchant's API keys and the endpoint's signing secret. */
    List<String> secrets() {
        return secrets;
    }

    /** Every resource id of both modes, but the merchant's own id (which the operator API is asked about). */
    List<String> resourceIds() {
        var all = new ArrayList<String>();
        ids.values()
                .forEach(of -> of.forEach((prefix, id) -> {
                    if (!prefix.equals("mer")) {
                        all.add(id);
                    }
                }));
        return all;
    }
}
