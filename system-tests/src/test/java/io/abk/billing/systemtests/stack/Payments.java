package io.abk.billing.systemtests.stack;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** Calls of {@code /v1/payments}, {@code /v1/payment-links} and their checkout routes, so tests read as what they do. */
final class Payments {

    static final String PAYMENTS = "/v1/payments";
    static final String LINKS = "/v1/payment-links";
    /** A well-formed tx hash nobody else uses: {@code 0x} and 64 hex digits from a counter and a random part. */
    private static final AtomicLong HASHES = new AtomicLong();

    private Payments() {}

    /** An ad hoc payment body of {@code amountUsdc}. */
    static Map<String, @Nullable Object> payment(String merchantRef, String amountUsdc) {
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("merchantRef", merchantRef);
        body.put("customerWallet", Subscriptions.WALLET);
        body.put("amountUsdc", new BigDecimal(amountUsdc));
        return body;
    }

    /** Creates an ad hoc payment; returns the 201 body {@code {payment, checkoutUrl}}. */
    static JsonNode create(Api api, String key, String merchantRef, String amountUsdc) {
        return api.post(PAYMENTS)
                .key(key)
                .json(payment(merchantRef, amountUsdc))
                .send()
                .expect(201)
                .json();
    }

    /** A link body of {@code amountUsdc} with the given extra fields. */
    static Map<String, @Nullable Object> link(String amountUsdc, Map<String, ?> extra) {
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("amountUsdc", new BigDecimal(amountUsdc));
        body.putAll(extra);
        return body;
    }

    /** Creates a link; returns the 201 body {@code {paymentLink, url}}. */
    static JsonNode createLink(Api api, String key, Map<String, ?> body) {
        return api.post(LINKS).key(key).json(body).send().expect(201).json();
    }

    static Call open(Api api, String linkId, Map<String, ?> body) {
        return api.post("/checkout/link/" + linkId + "/open").json(body);
    }

    static Call confirm(Api api, String paymentId, @Nullable String txHash) {
        var call = api.post("/checkout/pay/" + paymentId + "/confirm");
        return txHash == null ? call.json(Map.of()) : call.json(Map.of("txHash", txHash));
    }

    /** A fresh, well-formed transaction hash that no test has used. */
    static String freshTxHash() {
        return String.format("0x%016x%048x", System.nanoTime(), HASHES.incrementAndGet() + 1_000_000L);
    }

    /** The sandbox's magic hash that fails verification with failure {@code digit} (0-4). */
    static String magicTxHash(int digit) {
        return "0x" + "0".repeat(63) + digit;
    }
}
