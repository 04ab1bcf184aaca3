package io.abk.billing.systemtests.stack;

import static io.abk.billing.systemtests.stack.JourneyEvents.sandboxTxHash;
import static io.abk.billing.systemtests.stack.JourneyEvents.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.BillingEvent;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * The whole life of one subscription through the HTTP API of the real stack (gateway, billing-streams, sandbox
 * settlement, read model): create, activate with a sandbox payment, charge failures with their
 * retry bookkeeping up to uncollectible and past_due, recovery by a manual charge, partial and full refunds, void,
 * cancel at period end and its resume, cancel immediately; then every event of the subscription on
 * {@code billing.events}, in order, against what the API answered at each step. The open invoices this
 * needs come from pause then resume, whose charge runs at once as a system charge (its outcome set by
 * {@code metadata.sandboxRenewalOutcome}), so no step waits for a due time.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class SubscriptionJourneyIT {

    private static final BigDecimal AMOUNT = new BigDecimal("9.99");
    /** The dunning schedule of the contract (the stack runs billing-streams' default): after failures 1, 2, 3. */
    private static final List<Duration> RETRY_DELAYS =
            List.of(Duration.ofDays(1), Duration.ofDays(2), Duration.ofDays(4));

    private static final String INSUFFICIENT_BALANCE = "INSUFFICIENT_BALANCE";
    private static final String INSUFFICIENT_BALANCE_MESSAGE = "The customer's wallet does not hold enough USDC";
    private static final String ON_CHAIN_ID = "vault-subscription-4711";
    /** A settlement round trip takes milliseconds when healthy; the machine is shared, so the wait is generous. */
    private static final Duration SETTLEMENT_LIMIT = Duration.ofSeconds(60);

    private static Api api;
    private static TestMerchant merchant;

    private final JourneyEvents events = new JourneyEvents();
    private String id = "";

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("journey");
    }

    @Test
    void shouldLiveItsWholeLifeThroughTheApiAndPublishEveryStepInOrderWhenDrivenByTheMerchant() {
        var created = create();
        var first = activateWithSuccess(created);
        makeSystemChargesFail();
        var dunned = pauseThenResumeWithAFailingCharge();
        var uncollectible = chargeByHandUntilUncollectible(dunned);
        var recovered = recoverByManualCharge(uncollectible);
        refundPartlyThenTheRest(recovered);
        cancelAtPeriodEnd();
        var voided = voidAnOpenInvoice();
        var open = pauseThenResumeWithAFailingCharge();
        cancelAtPeriodEndThenResume(open);
        cancelImmediately(open);

        // then billing.events holds every step of the subscription, in order, with the API's objects as snapshots
        var published = events.assertPublished(api, id);
        JourneyEvents.assertTimesAreTheCommandsTimes(published, RETRY_DELAYS);
        assertThat(published)
                .filteredOn(event -> event.getType().equals("invoice.payment_failed"))
                .as("failed attempts: the first resume's 1 to 4, then each later resume's 1")
                .extracting(event -> event.getData().getInvoice().getAttemptCount())
                .containsExactly(1, 2, 3, 4, 1, 1);
        assertThat(published)
                .filteredOn(event -> event.getType().equals("invoice.payment_failed"))
                .allSatisfy(event -> assertThat(List.of(
                                event.getData().getFailureCode(),
                                event.getData().getFailureMessage()))
                        .containsExactly(INSUFFICIENT_BALANCE, INSUFFICIENT_BALANCE_MESSAGE));
        assertThat(published)
                .filteredOn(event -> event.getType().equals("invoice.refunded"))
                .extracting(event -> event.getData().getRefundAmountMicros())
                .containsExactly(4_000_000L, 5_990_000L);
        assertThat(Subscriptions.get(api, key(), id).expect(200).json())
                .as("GET equals the last event's subscription")
                .isEqualTo(JourneyEvents.subscription(published.getLast()));
        assertInvoicesListedNewestFirst(
                published,
                List.of(open, voided, recovered, first).stream()
                        .map(SubscriptionJourneyIT::idOf)
                        .toList());
    }

    /** Create (ad hoc, test key): incomplete, mandate pending, first invoice open and due now. */
    private JsonNode create() {
        // given an ad hoc subscription of 9.99 USDC a month
        var reply = api.post(Subscriptions.PATH)
                .key(key())
                .json(Subscriptions.adHoc("journey-1", AMOUNT, "month"))
                .send()
                .expect(201)
                .json();

        // then it waits for its mandate, with its first invoice open for the same amount
        var subscription = reply.path("subscription");
        var invoice = reply.path("invoice");
        id = idOf(subscription);
        assertThat(text(subscription, "status")).isEqualTo("incomplete");
        assertThat(text(subscription, "mandateStatus")).isEqualTo("pending");
        assertThat(text(subscription, "latestInvoiceId")).isEqualTo(idOf(invoice));
        assertThat(text(invoice, "status")).isEqualTo("open");
        assertThat(Json.decimal(invoice.path("amountUsdc"))).isEqualTo(AMOUNT);
        assertThat(text(invoice, "billingReason")).isEqualTo("subscription_create");
        assertThat(invoice.path("attemptCount").asInt(-1)).isZero();
        events.expect("subscription.created", subscription);
        events.expect("invoice.created", subscription, invoice);
        return reply;
    }

    /** Activate with the first charge succeeding in the sandbox; returns the paid first invoice. */
    private JsonNode activateWithSuccess(JsonNode created) {
        var before = created.path("subscription");
        var firstInvoiceId = idOf(created.path("invoice"));

        // when the merchant activates with the vault's id of the customer's mandate
        var reply = Subscriptions.action(api, key(), id, "activate", Map.of("onChainSubscriptionId", ON_CHAIN_ID))
                .expect(200)
                .json();

        // then the subscription is active with an active mandate, and its period did not move for the first payment
        assertThat(reply.propertyNames()).containsExactly("subscription", "invoice", "charge");
        var subscription = reply.path("subscription");
        assertThat(text(subscription, "status")).isEqualTo("active");
        assertThat(text(subscription, "mandateStatus")).isEqualTo("active");
        assertThat(text(subscription, "onChainSubscriptionId")).isEqualTo(ON_CHAIN_ID);
        for (var field : List.of("currentPeriodStart", "currentPeriodEnd", "billingCycleAnchor")) {
            assertThat(text(subscription, field)).as(field).isEqualTo(text(before, field));
        }
        // and the first invoice is paid on attempt 1 with that attempt's sandbox tx hash
        var invoice = reply.path("invoice");
        var txHash = sandboxTxHash(firstInvoiceId + ":1");
        assertThat(idOf(invoice)).isEqualTo(firstInvoiceId);
        assertThat(text(invoice, "status")).isEqualTo("paid");
        assertThat(text(invoice, "txHash")).matches("0x[0-9a-f]{64}").isEqualTo(txHash);
        assertThat(invoice.path("attemptCount").asInt()).isEqualTo(1);
        assertThat(invoice.path("paidAt").isNull()).isFalse();
        assertNull(invoice, "nextAttemptAt", "failureCode", "failureMessage");
        assertThat(reply.path("charge"))
                .isEqualTo(Json.parse(
                        "{\"ok\":true,\"failureCode\":null,\"failureMessage\":null,\"txHash\":\"" + txHash + "\"}"));
        // the activate command leaves the mandate active; the settled charge then pays and activates
        events.expect(
                "subscription.activated",
                with(before, "mandateStatus", "active", "onChainSubscriptionId", ON_CHAIN_ID));
        events.expect("invoice.paid", subscription, invoice);
        return invoice;
    }

    /** PATCH the metadata that makes the charges the system runs by itself (here: after a resume) fail. */
    private void makeSystemChargesFail() {
        var subscription = Subscriptions.update(
                        api, key(), id, Map.of("metadata", Map.of("sandboxRenewalOutcome", "insufficient_balance")))
                .expect(200)
                .json()
                .path("subscription");
        assertThat(subscription.path("metadata"))
                .isEqualTo(Json.parse("{\"sandboxRenewalOutcome\":\"insufficient_balance\"}"));
        events.expect("subscription.updated", subscription);
    }

    /**
     * Pause, then resume: a new period starts now and its invoice is created and charged at once, which fails
     * (attempt 1, retry in a day). Returns that invoice once the failure has settled.
     */
    private JsonNode pauseThenResumeWithAFailingCharge() {
        var previousInvoiceId =
                text(Subscriptions.get(api, key(), id).expect(200).json(), "latestInvoiceId");

        // when the merchant pauses the active subscription
        var paused = Subscriptions.action(api, key(), id, "pause", null)
                .expect(200)
                .json()
                .path("subscription");
        assertThat(text(paused, "status")).isEqualTo("paused");
        assertThat(paused.path("pausedAt").isNull()).isFalse();
        events.expect("subscription.paused", paused);

        // and resumes it
        var resumed = Subscriptions.action(api, key(), id, "resume", null)
                .expect(200)
                .json()
                .path("subscription");

        // then it is active in a new period anchored now (a pending cancel at period end dropped), with a new invoice
        assertThat(text(resumed, "status")).isEqualTo("active");
        assertThat(resumed.path("pausedAt").isNull()).isTrue();
        assertThat(resumed.path("cancelAtPeriodEnd").asBoolean(true)).isFalse();
        var start = instant(resumed, "currentPeriodStart");
        assertThat(instant(resumed, "billingCycleAnchor")).isEqualTo(start);
        assertThat(instant(resumed, "currentPeriodEnd"))
                .isEqualTo(start.atZone(ZoneOffset.UTC).plusMonths(1).toInstant());
        var invoiceId = text(resumed, "latestInvoiceId");
        assertThat(invoiceId).isNotEqualTo(previousInvoiceId);

        // and that invoice's system charge fails as the metadata says: attempt 1, next attempt a day after the resume
        var invoice = awaitInvoice(
                invoiceId,
                found -> found.path("attemptCount").asInt() == 1
                        && !found.path("failureCode").isNull());
        assertThat(text(invoice, "status")).isEqualTo("open");
        assertThat(text(invoice, "billingReason")).isEqualTo("subscription_resume");
        assertThat(Json.decimal(invoice.path("amountUsdc"))).isEqualTo(AMOUNT);
        assertThat(instant(invoice, "periodStart")).isEqualTo(start);
        assertThat(text(invoice, "periodEnd")).isEqualTo(text(resumed, "currentPeriodEnd"));
        assertThat(instant(invoice, "dueAt")).isEqualTo(start);
        assertThat(text(invoice, "failureCode")).isEqualTo(INSUFFICIENT_BALANCE);
        assertThat(text(invoice, "failureMessage")).isEqualTo(INSUFFICIENT_BALANCE_MESSAGE);
        assertThat(instant(invoice, "nextAttemptAt")).isEqualTo(start.plus(RETRY_DELAYS.get(0)));
        var settled = Subscriptions.get(api, key(), id).expect(200).json();
        assertThat(settled)
                .as("a failed first retry leaves the subscription as the resume left it")
                .isEqualTo(resumed);

        events.expect("subscription.resumed", resumed);
        // the resume command leaves the invoice with its attempt under way; the settled failure then fills it in
        events.expect(
                "invoice.created",
                resumed,
                with(invoice, "nextAttemptAt", null, "failureCode", null, "failureMessage", null));
        events.expect("invoice.payment_failed", settled, invoice);
        return invoice;
    }

    /** Manual charges that fail (attempts 2, 3, 4): retries in 2 d and 4 d, then uncollectible and past_due. */
    private JsonNode chargeByHandUntilUncollectible(JsonNode dunned) {
        var invoiceId = idOf(dunned);
        var invoice = dunned;
        for (int attempt = 2; attempt <= 4; attempt++) {
            // when the merchant charges it by hand and the customer's balance is short
            var sent = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            var reply = Invoices.charge(api, key(), invoiceId, "insufficient_balance")
                    .expect(200)
                    .json();
            var answered = Instant.now();

            // then the attempt is counted and failed, with the code and message of the failure
            assertThat(reply.propertyNames()).containsExactly("ok", "invoice", "subscription");
            assertThat(reply.path("ok").asBoolean(true))
                    .as("ok of attempt %d", attempt)
                    .isFalse();
            invoice = reply.path("invoice");
            var subscription = reply.path("subscription");
            assertThat(invoice.path("attemptCount").asInt()).isEqualTo(attempt);
            assertThat(text(invoice, "failureCode")).isEqualTo(INSUFFICIENT_BALANCE);
            assertThat(text(invoice, "failureMessage")).isEqualTo(INSUFFICIENT_BALANCE_MESSAGE);
            assertThat(invoice.path("txHash").isNull()).isTrue();
            if (attempt < 4) {
                // and the next attempt is due 2 d, then 4 d after this one (exactly: see the events' times)
                var delay = RETRY_DELAYS.get(attempt - 1);
                assertThat(text(invoice, "status")).isEqualTo("open");
                assertThat(instant(invoice, "nextAttemptAt")).isBetween(sent.plus(delay), answered.plus(delay));
                assertThat(text(subscription, "status")).isEqualTo("active");
                events.expect("invoice.payment_failed", subscription, invoice);
            } else {
                // and the fourth failure makes the invoice uncollectible and the subscription past due
                assertThat(text(invoice, "status")).isEqualTo("uncollectible");
                assertThat(invoice.path("nextAttemptAt").isNull()).isTrue();
                assertThat(text(subscription, "status")).isEqualTo("past_due");
                events.expect("invoice.payment_failed", subscription, invoice);
                events.expect("subscription.past_due", subscription);
            }
        }
        return invoice;
    }

    /** A manual charge that succeeds pays the uncollectible invoice and makes the subscription active again. */
    private JsonNode recoverByManualCharge(JsonNode uncollectible) {
        var invoiceId = idOf(uncollectible);
        var before = Subscriptions.get(api, key(), id).expect(200).json();

        var reply =
                Invoices.charge(api, key(), invoiceId, "success").expect(200).json();

        assertThat(reply.path("ok").asBoolean(false)).isTrue();
        var invoice = reply.path("invoice");
        var subscription = reply.path("subscription");
        assertThat(text(invoice, "status")).isEqualTo("paid");
        assertThat(invoice.path("attemptCount").asInt()).isEqualTo(5);
        assertThat(text(invoice, "txHash")).isEqualTo(sandboxTxHash(invoiceId + ":5"));
        assertNull(invoice, "nextAttemptAt", "failureCode", "failureMessage");
        assertThat(text(subscription, "status")).isEqualTo("active");
        // a resume invoice pays the period the resume started: nothing moves
        assertThat(subscription).isEqualTo(with(before, "status", "active"));
        events.expect("invoice.paid", subscription, invoice);
        return invoice;
    }

    /** 4 of 9.99 back, a refund above the 5.99 left refused, the 5.99 left back, then nothing left to refund. */
    private void refundPartlyThenTheRest(JsonNode paid) {
        var invoiceId = idOf(paid);
        var subscription = Subscriptions.get(api, key(), id).expect(200).json();

        // when 4 USDC are refunded, then the invoice stays paid with 4 refunded
        var partly = Invoices.refund(api, key(), invoiceId, new BigDecimal("4"))
                .expect(200)
                .json();
        assertThat(partly.propertyNames()).containsExactly("invoice");
        var partial = partly.path("invoice");
        assertThat(text(partial, "status")).isEqualTo("paid");
        assertThat(Json.decimal(partial.path("amountRefundedUsdc"))).isEqualByComparingTo("4");
        assertThat(text(partial, "refundTxHash")).isEqualTo(sandboxTxHash(invoiceId + ":refund:1"));
        assertThat(partial.path("refundedAt").isNull()).isFalse();
        assertThat(with(partial, "amountRefundedUsdc", 0, "refundTxHash", null, "refundedAt", null))
                .as("a refund changes only the refund fields")
                .isEqualTo(paid);
        events.expect("invoice.refunded", subscription, partial);

        // when 6 more are asked for, then it is refused: only 5.99 is left
        var tooMuch = Invoices.refund(api, key(), invoiceId, new BigDecimal("6"));
        assertThat(tooMuch.status()).isEqualTo(400);
        assertThat(tooMuch.code()).isEqualTo("amount_too_large");
        assertThat(Invoices.get(api, key(), invoiceId).expect(200).json()).isEqualTo(partial);

        // when the rest is refunded (no amount), then the invoice is refunded in full
        var rest =
                Invoices.refund(api, key(), invoiceId, null).expect(200).json().path("invoice");
        assertThat(text(rest, "status")).isEqualTo("refunded");
        assertThat(Json.decimal(rest.path("amountRefundedUsdc"))).isEqualTo(AMOUNT);
        assertThat(text(rest, "refundTxHash")).isEqualTo(sandboxTxHash(invoiceId + ":refund:2"));
        events.expect("invoice.refunded", subscription, rest);

        // and a further refund is refused with nothing changed
        var again = Invoices.refund(api, key(), invoiceId, null);
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.code()).isEqualTo("invoice_not_refundable");
        assertThat(Invoices.get(api, key(), invoiceId).expect(200).json()).isEqualTo(rest);
        assertThat(Subscriptions.get(api, key(), id).expect(200).json()).isEqualTo(subscription);
    }

    /** Cancel at period end: the flag is set and nothing else changes. */
    private JsonNode cancelAtPeriodEnd() {
        var before = Subscriptions.get(api, key(), id).expect(200).json();

        var canceling = Subscriptions.action(api, key(), id, "cancel", Map.of("immediate", false))
                .expect(200)
                .json()
                .path("subscription");

        assertThat(canceling).isEqualTo(with(before, "cancelAtPeriodEnd", true));
        events.expect("subscription.updated", canceling);
        return canceling;
    }

    /**
     * An open invoice (a failed resume charge waiting for its retry) voided; void is final. The subscription is set
     * to cancel at its period end here, which the resume from pause clears.
     */
    private JsonNode voidAnOpenInvoice() {
        var open = pauseThenResumeWithAFailingCharge();
        var invoiceId = idOf(open);

        var voided =
                Invoices.voidInvoice(api, key(), invoiceId).expect(200).json().path("invoice");

        assertThat(text(voided, "status")).isEqualTo("void");
        assertThat(voided.path("voidedAt").isNull()).isFalse();
        assertThat(voided.path("nextAttemptAt").isNull())
                .as("nothing is retried")
                .isTrue();
        var subscription = Subscriptions.get(api, key(), id).expect(200).json();
        assertThat(text(subscription, "status")).isEqualTo("active");
        events.expect("invoice.voided", subscription, voided);
        var again = Invoices.voidInvoice(api, key(), invoiceId);
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.code()).isEqualTo("invoice_not_voidable");
        var charged = Invoices.charge(api, key(), invoiceId, "success");
        assertThat(charged.status()).isEqualTo(400);
        assertThat(charged.code()).isEqualTo("invoice_not_chargeable");
        assertThat(Invoices.get(api, key(), invoiceId).expect(200).json()).isEqualTo(voided);
        return voided;
    }

    /** Cancel at period end, then resume: the flag is cleared, with no new period or invoice. */
    private void cancelAtPeriodEndThenResume(JsonNode open) {
        var before = cancelAtPeriodEnd();

        var resumed = Subscriptions.action(api, key(), id, "resume", null)
                .expect(200)
                .json()
                .path("subscription");
        assertThat(resumed).isEqualTo(with(before, "cancelAtPeriodEnd", false));
        assertThat(text(resumed, "latestInvoiceId")).isEqualTo(idOf(open));
        events.expect("subscription.updated", resumed);
    }

    /** Cancel immediately: canceled, mandate revoked, the open invoice voided; canceled is final. */
    private void cancelImmediately(JsonNode open) {
        var canceled = Subscriptions.action(api, key(), id, "cancel", Map.of("immediate", true))
                .expect(200)
                .json()
                .path("subscription");

        assertThat(text(canceled, "status")).isEqualTo("canceled");
        assertThat(text(canceled, "mandateStatus")).isEqualTo("revoked");
        assertThat(canceled.path("canceledAt").isNull()).isFalse();
        var voided = Invoices.get(api, key(), idOf(open)).expect(200).json();
        assertThat(text(voided, "status")).isEqualTo("void");
        assertThat(text(voided, "voidedAt")).isEqualTo(text(canceled, "canceledAt"));
        events.expect("invoice.voided", canceled, voided);
        events.expect("subscription.canceled", canceled);

        var resumed = Subscriptions.action(api, key(), id, "resume", null);
        assertThat(resumed.status()).isEqualTo(400);
        assertThat(resumed.code()).isEqualTo("subscription_resume_failed");
        assertThat(Subscriptions.get(api, key(), id).expect(200).json()).isEqualTo(canceled);
    }

    /** The list of the subscription's invoices: all of them, newest first, each as GET and its last event show it. */
    private void assertInvoicesListedNewestFirst(List<BillingEvent> published, List<String> newestFirst) {
        var page = Invoices.list(api, key(), "subscriptionId=" + id).expect(200).json();
        assertThat(page.path("hasMore").asBoolean(true)).isFalse();
        var listed = new ArrayList<JsonNode>();
        page.path("invoices").forEach(listed::add);
        assertThat(listed).extracting(SubscriptionJourneyIT::idOf).containsExactlyElementsOf(newestFirst);
        for (var invoice : listed) {
            var latest = published.reversed().stream()
                    .filter(event -> event.getData().getInvoice() != null
                            && event.getData().getInvoice().getId().equals(idOf(invoice)))
                    .findFirst()
                    .map(JourneyEvents::invoice)
                    .orElseThrow();
            assertThat(Invoices.get(api, key(), idOf(invoice)).expect(200).json())
                    .as("GET %s", idOf(invoice))
                    .isEqualTo(invoice)
                    .isEqualTo(latest);
        }
    }

    private JsonNode awaitInvoice(String invoiceId, Predicate<JsonNode> settled) {
        return await().atMost(SETTLEMENT_LIMIT)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> Invoices.get(api, key(), invoiceId).expect(200).json(), settled::test);
    }

    private static String key() {
        return merchant.testKey();
    }

    private static String idOf(JsonNode object) {
        return object.path("id").asString();
    }

    private static String text(JsonNode object, String field) {
        assertThat(object.path(field).isString())
                .as("%s is a string in %s", field, object)
                .isTrue();
        return object.path(field).asString();
    }

    private static void assertNull(JsonNode object, String... fields) {
        for (var field : fields) {
            assertThat(object.path(field).isNull())
                    .as("%s is null in %s", field, object)
                    .isTrue();
        }
    }

    private static Instant instant(JsonNode object, String field) {
        var text = text(object, field);
        assertThat(text).as(field).endsWith("Z");
        return Instant.parse(text);
    }
}
