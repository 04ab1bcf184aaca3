package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import org.awaitility.Awaitility;
import tools.jackson.databind.JsonNode;

/**
 * Subscriptions brought into the states the guard tests start from, through the API only (create, complete,
 * activate, pause, cancel, refund), each step checked so a test never starts from a state it did not mean.
 */
final class GuardFixtures {

    private GuardFixtures() {}

    /** A subscription made for a test: the key that owns it, its id and its first invoice's id. */
    record Made(String key, String subscriptionId, String invoiceId) {}

    /** Incomplete, mandate pending, first invoice open (as created): {@code amountUsdc} a month. */
    static Made incomplete(Api api, String key, String merchantRef, String amountUsdc) {
        var created = api.post(Subscriptions.PATH)
                .key(key)
                .json(Subscriptions.adHoc(merchantRef, new BigDecimal(amountUsdc), "month"))
                .send()
                .expect(201)
                .json();
        var made = new Made(
                key,
                created.at("/subscription/id").asString(),
                created.at("/invoice/id").asString());
        awaitNumbered(api, made);
        return made;
    }

    /**
     * Waits for the first invoice's number: the invoice numbering assigns it after the create answered and sends it
     * back to the subscription as one more change, so a fixture that returned before it could see its state change
     * under a test that expects nothing to change.
     */
    private static void awaitNumbered(Api api, Made made) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> invoice(api, made).path("number").isString());
    }

    /**
     * Incomplete with the mandate active and the first invoice open after one failed charge: complete leaves the
     * first charge to the scheduler, which runs it at once; the subscription's {@code sandboxRenewalOutcome} makes
     * it fail, and its retry is a day away, so the fixture holds still while a test runs.
     */
    static Made completed(Api api, String key, String merchantRef, String amountUsdc) {
        var body = Subscriptions.adHoc(merchantRef, new BigDecimal(amountUsdc), "month");
        body.put("metadata", Map.of("sandboxRenewalOutcome", "insufficient_balance"));
        var created = api.post(Subscriptions.PATH)
                .key(key)
                .json(body)
                .send()
                .expect(201)
                .json();
        var made = new Made(
                key,
                created.at("/subscription/id").asString(),
                created.at("/invoice/id").asString());
        awaitNumbered(api, made);
        var subscription = Subscriptions.action(api, key, made.subscriptionId(), "complete", null)
                .expect(200)
                .json()
                .path("subscription");
        assertThat(subscription.path("status").asString()).isEqualTo("incomplete");
        assertThat(subscription.path("mandateStatus").asString()).isEqualTo("active");
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> invoice(api, made).path("failureCode").isString());
        var invoice = invoice(api, made);
        assertThat(invoice.path("status").asString()).isEqualTo("open");
        assertThat(invoice.path("attemptCount").asInt()).isEqualTo(1);
        assertThat(invoice.path("failureCode").asString()).isEqualTo("INSUFFICIENT_BALANCE");
        return made;
    }

    /** Active, its first invoice paid in full by the activation's sandbox charge. */
    static Made active(Api api, String key, String merchantRef, String amountUsdc) {
        var made = incomplete(api, key, merchantRef, amountUsdc);
        var activated = Subscriptions.action(api, key, made.subscriptionId(), "activate", null)
                .expect(200)
                .json();
        assertThat(activated.at("/charge/ok").asBoolean())
                .as(activated.toString())
                .isTrue();
        assertThat(activated.at("/subscription/status").asString()).isEqualTo("active");
        assertThat(activated.at("/invoice/status").asString()).isEqualTo("paid");
        return made;
    }

    static Made paused(Api api, String key, String merchantRef) {
        var made = active(api, key, merchantRef, "10");
        var subscription = Subscriptions.action(api, key, made.subscriptionId(), "pause", null)
                .expect(200)
                .json()
                .path("subscription");
        assertThat(subscription.path("status").asString()).isEqualTo("paused");
        return made;
    }

    /** Canceled at once after being paid: its first invoice stays paid. */
    static Made canceledPaid(Api api, String key, String merchantRef) {
        var made = active(api, key, merchantRef, "10");
        cancelNow(api, made);
        assertThat(invoice(api, made).path("status").asString()).isEqualTo("paid");
        return made;
    }

    /** Canceled at once while incomplete: its open first invoice was voided. */
    static Made canceledVoided(Api api, String key, String merchantRef) {
        var made = incomplete(api, key, merchantRef, "10");
        cancelNow(api, made);
        assertThat(invoice(api, made).path("status").asString()).isEqualTo("void");
        return made;
    }

    /** Active, its first invoice paid and then refunded in full. */
    static Made refunded(Api api, String key, String merchantRef) {
        var made = active(api, key, merchantRef, "10");
        var invoice = Invoices.refund(api, key, made.invoiceId(), null)
                .expect(200)
                .json()
                .path("invoice");
        assertThat(invoice.path("status").asString()).isEqualTo("refunded");
        return made;
    }

    static JsonNode invoice(Api api, Made made) {
        return Invoices.get(api, made.key(), made.invoiceId()).expect(200).json();
    }

    /** The sandbox's tx hash of a settlement request, {@code 0x} + hex SHA-256 of {@code sandbox:<requestId>}. */
    static String sandboxTxHash(String requestId) {
        try {
            var digest = MessageDigest.getInstance("SHA-256")
                    .digest(("sandbox:" + requestId).getBytes(StandardCharsets.UTF_8));
            return "0x" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A JSON amount in micro-USDC, exactly (never through a double). */
    static long micros(JsonNode amount) {
        return Json.decimal(amount).movePointRight(6).longValueExact();
    }

    private static void cancelNow(Api api, Made made) {
        var subscription = Subscriptions.action(
                        api, made.key(), made.subscriptionId(), "cancel", Map.of("immediate", true))
                .expect(200)
                .json()
                .path("subscription");
        assertThat(subscription.path("status").asString()).isEqualTo("canceled");
    }
}
