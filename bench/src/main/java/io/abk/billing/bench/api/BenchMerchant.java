package io.abk.billing.bench.api;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A merchant of the bench's own, made through the admin API, with a test key: what one scenario does to its test
 * clock and its subscriptions then touches nobody else's (moving the demo merchant's clock a month would also
 * expire every incomplete subscription the create scenario left behind).
 */
public record BenchMerchant(String id, String testKey, String payoutAddress) {

    /** Where the bench's merchants are paid: a valid address nobody holds (the burn address the demo merchant uses too). */
    public static final String PAYOUT_ADDRESS = "0x000000000000000000000000000000000000dEaD";

    /** A new merchant named after {@code purpose} and the time, and a test key of it. */
    public static BenchMerchant create(StackApi api, String adminToken, String purpose) {
        var body = new LinkedHashMap<String, Object>();
        body.put("name", "bench " + purpose + " " + Instant.now());
        body.put("payoutAddressEvm", PAYOUT_ADDRESS);
        var merchantId = api.post("/admin/v1/merchants", adminToken, body)
                .expect(201)
                .path("merchant")
                .path("id")
                .asString();
        var key = api.post("/admin/v1/merchants/" + merchantId + "/api_keys", adminToken, Map.of("mode", "test"))
                .expect(201)
                .path("secret")
                .asString();
        return new BenchMerchant(merchantId, key, PAYOUT_ADDRESS);
    }

    /** Freezes the merchant's test clock one second on from now and tells the instant it stands at. */
    public Instant freezeClock(StackApi api) {
        return Instant.parse(api.post("/v1/test_clock", testKey, Map.of("advanceBySeconds", 1))
                .expect(200)
                .path("frozenAt")
                .asString());
    }

    /** Moves the merchant's frozen test clock forward; tells the instant it stands at now. */
    public Instant advanceClock(StackApi api, long seconds) {
        return Instant.parse(api.post("/v1/test_clock", testKey, Map.of("advanceBySeconds", seconds))
                .expect(200)
                .path("frozenAt")
                .asString());
    }
}
