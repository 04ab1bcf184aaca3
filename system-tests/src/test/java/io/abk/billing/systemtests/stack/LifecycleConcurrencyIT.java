package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeInvoice;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.avro.SettleCharge;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Races on one subscription through the whole stack: fifty requests at once, and what
 * the processor, settlement and read model make of them. An invoice is paid once and settled once, a
 * subscription is activated once, and refunds never return more than was paid, to the micro-USDC.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class LifecycleConcurrencyIT {

    private static final int RACERS = 50;

    private static Api api;
    private static TestMerchant merchant;
    private static GuardTopics topics;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("lifecycle-races");
        topics = new GuardTopics(api.info().kafkaBootstrapServers());
    }

    @AfterAll
    static void tearDown() {
        topics.close();
    }

    @Test
    void shouldPayOnceAndRefuseTheOtherFortyNineWhenFiftyChargesHitOneOpenInvoice() {
        // given an open 10 USDC invoice whose mandate is active (the scheduler's first charge after complete failed)
        var made = GuardFixtures.completed(api, merchant.testKey(), "race-charge", "10");
        var mark = topics.mark();

        // when fifty charges with sandboxMode success arrive at once
        var replies = race(i -> api.post(Invoices.PATH + "/" + made.invoiceId() + "/charge")
                .key(merchant.testKey())
                .json(Map.of("sandboxMode", "success")));

        // then exactly one is answered paid, with the second attempt's sandbox hash (the scheduler's first failed)
        var paid = GuardRace.withStatus(replies, 200);
        assertThat(paid).as("200 answers").hasSize(1);
        var answer = paid.getFirst().json();
        assertThat(answer.path("ok").asBoolean(false)).isTrue();
        var invoice = answer.path("invoice");
        assertThat(invoice.path("status").asString()).isEqualTo("paid");
        assertThat(invoice.path("attemptCount").asInt()).isEqualTo(2);
        assertThat(invoice.path("txHash").asString()).isEqualTo(GuardFixtures.sandboxTxHash(made.invoiceId() + ":2"));
        assertThat(answer.at("/subscription/status").asString()).isEqualTo("active");
        // and the forty-nine others are 400 invoice_not_chargeable: in flight, then paid, an invoice is not chargeable
        GuardRace.assertRefused(replies, 49, "invoice_not_chargeable");
        // and the invoice reads paid once, attempt 2, as the answer showed it
        assertThat(GuardFixtures.invoice(api, made)).isEqualTo(invoice);

        // and the pipeline made one attempt: one charge request, one result, one invoice.paid, 49 rejections
        var since = topics.since(mark);
        var requests = since.chainRequestsOf(made.invoiceId());
        assertThat(requests).hasSize(1);
        assertThat(requests.getFirst().getRequestId()).isEqualTo(made.invoiceId() + ":2");
        assertThat(requests.getFirst().getPayload()).isEqualTo(new ChargeRequest("success", "insufficient_balance"));
        var commands = since.commandsOf(made.subscriptionId());
        assertThat(commands)
                .filteredOn(command -> command.getPayload() instanceof ChargeInvoice)
                .hasSize(RACERS);
        assertThat(commands)
                .filteredOn(command -> command.getPayload() instanceof SettleCharge)
                .hasSize(1);
        assertThat(commands).hasSize(RACERS + 1);
        GuardRace.assertChanges(since.changesOf(made.subscriptionId()), 2, 49, "invoice_not_chargeable");
        assertThat(since.eventsOf(made.subscriptionId()))
                .extracting(BillingEvent::getType)
                .containsExactly("invoice.paid");
        assertThat(since.eventsOf(made.subscriptionId())
                        .getFirst()
                        .getData()
                        .getInvoice()
                        .getId())
                .isEqualTo(made.invoiceId());
    }

    @Test
    void shouldActivateOnceAndChargeTheFirstInvoiceOnceWhenFiftyActivatesArriveAtOnce() {
        // given an incomplete subscription of 10 USDC with its mandate pending
        var made = GuardFixtures.incomplete(api, merchant.testKey(), "race-activate", "10");
        var mark = topics.mark();

        // when fifty activates arrive at once
        var replies = race(i -> api.post(Subscriptions.PATH + "/" + made.subscriptionId() + "/activate")
                .key(merchant.testKey()));

        // then exactly one is 200, active, with its first invoice paid by the sandbox
        var activated = GuardRace.withStatus(replies, 200);
        assertThat(activated).as("200 answers").hasSize(1);
        var answer = activated.getFirst().json();
        assertThat(answer.propertyNames()).containsExactly("subscription", "invoice", "charge");
        assertThat(answer.at("/subscription/status").asString()).isEqualTo("active");
        assertThat(answer.at("/subscription/mandateStatus").asString()).isEqualTo("active");
        assertThat(answer.at("/invoice/status").asString()).isEqualTo("paid");
        var txHash = GuardFixtures.sandboxTxHash(made.invoiceId() + ":1");
        assertThat(answer.path("charge"))
                .isEqualTo(Json.parse(
                        "{\"ok\":true,\"failureCode\":null,\"failureMessage\":null,\"txHash\":\"" + txHash + "\"}"));
        // and the forty-nine others are 400 subscription_activate_failed
        GuardRace.assertRefused(replies, 49, "subscription_activate_failed");
        assertThat(Subscriptions.get(api, merchant.testKey(), made.subscriptionId())
                        .expect(200)
                        .json())
                .isEqualTo(answer.path("subscription"));

        // and the subscription was activated once and its first invoice charged once
        var since = topics.since(mark);
        assertThat(since.eventsOf(made.subscriptionId()))
                .extracting(BillingEvent::getType)
                .containsExactly("subscription.activated", "invoice.paid");
        assertThat(since.chainRequestsOf(made.invoiceId()))
                .extracting(ChainRequest::getRequestId)
                .containsExactly(made.invoiceId() + ":1");
        GuardRace.assertChanges(since.changesOf(made.subscriptionId()), 2, 49, "subscription_activate_failed");
    }

    @Test
    void shouldRefundExactlyThirtyThreeAndRefuseSeventeenWhenFiftyRefundsOf030HitAPaid10UsdcInvoice() {
        // given a paid invoice of 10 USDC
        var made = GuardFixtures.active(api, merchant.testKey(), "race-refund-even", "10");
        var mark = topics.mark();

        // when fifty refunds of 0.30 arrive at once (15 USDC asked of 10)
        var piece = new BigDecimal("0.30");
        var replies = race(i -> refund(made, piece));

        // then 33 are refunded (9.90) and 17 refused as too large: never more than the 0.10 left
        var accepted = GuardRace.withStatus(replies, 200);
        assertThat(accepted).hasSize(33);
        GuardRace.assertRefused(replies, 17, "amount_too_large");
        // and each answer shows the total after its own refund: 0.30, 0.60, ... 9.90, each step one refund
        var totals = accepted.stream()
                .map(reply -> GuardFixtures.micros(reply.json().at("/invoice/amountRefundedUsdc")))
                .sorted()
                .toList();
        assertThat(totals)
                .containsExactlyElementsOf(
                        IntStream.rangeClosed(1, 33).mapToObj(k -> k * 300_000L).toList());
        var invoice = GuardFixtures.invoice(api, made);
        assertThat(Json.decimal(invoice.path("amountRefundedUsdc"))).isEqualByComparingTo("9.9");
        assertThat(invoice.path("status").asString()).isEqualTo("paid");

        // and the pipeline settled 33 refunds of 0.30 each, with events summing to 9.90
        var since = topics.since(mark);
        assertThat(GuardRace.refundAmounts(since.eventsOf(made.subscriptionId())))
                .hasSize(33)
                .containsOnly(300_000L);
        assertThat(since.chainRequestsOf(made.invoiceId()))
                .extracting(ChainRequest::getRequestId)
                .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, 33)
                        .mapToObj(k -> made.invoiceId() + ":refund:" + k)
                        .toList());
        assertThat(since.chainRequestsOf(made.invoiceId())).allSatisfy(request -> {
            assertThat(request.getAmountMicros()).isEqualTo(300_000L);
            assertThat(request.getPayload()).isInstanceOf(RefundRequest.class);
        });

        // and what is left (0.10) is refunded by a refund without amount, after which nothing is refundable
        var rest = Invoices.refund(api, merchant.testKey(), made.invoiceId(), null)
                .expect(200)
                .json()
                .path("invoice");
        assertThat(Json.decimal(rest.path("amountRefundedUsdc"))).isEqualByComparingTo("10");
        assertThat(rest.path("status").asString()).isEqualTo("refunded");
        var more = refund(made, new BigDecimal("0.000001")).send();
        assertThat(more.status()).as(more.toString()).isEqualTo(400);
        assertThat(more.code()).isEqualTo("invoice_not_refundable");
    }

    @Test
    void shouldNeverRefundMoreThanPaidAndAccountForEveryAcceptedRefundWhenFiftyMixedRefundsRace() {
        // given a paid invoice of 10 USDC
        var made = GuardFixtures.active(api, merchant.testKey(), "race-refund-mixed", "10");
        var mark = topics.mark();

        // when fifty refunds of mixed amounts (and two of "all that is left") arrive at once
        var pieces = List.of("0.30", "1.25", "0.000001", "2", "0.7", "0.123456", "3.5");
        var amounts = new ArrayList<@Nullable BigDecimal>();
        IntStream.range(0, RACERS - 2).forEach(i -> amounts.add(new BigDecimal(pieces.get(i % pieces.size()))));
        amounts.add(10, null);
        amounts.add(40, null);
        var replies = race(i -> refund(made, amounts.get(i)));

        // then every answer is a refund or a clear refusal
        var acceptedFixed = new ArrayList<Long>();
        var acceptedAll = 0;
        for (int i = 0; i < RACERS; i++) {
            var reply = replies.get(i);
            if (reply.status() == 200) {
                if (amounts.get(i) == null) {
                    acceptedAll++;
                } else {
                    acceptedFixed.add(amounts.get(i).movePointRight(6).longValueExact());
                }
            } else {
                assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
                assertThat(reply.code()).as(reply.toString()).isIn("amount_too_large", "invoice_not_refundable");
            }
        }
        // and the refunded total is exactly the sum of the settled steps the answers show, never above 10
        var totals = GuardRace.withStatus(replies, 200).stream()
                .map(reply -> GuardFixtures.micros(reply.json().at("/invoice/amountRefundedUsdc")))
                .sorted()
                .toList();
        assertThat(totals).doesNotHaveDuplicates();
        var steps = new ArrayList<Long>();
        for (int k = 0; k < totals.size(); k++) {
            steps.add(totals.get(k) - (k == 0 ? 0 : totals.get(k - 1)));
        }
        var invoice = GuardFixtures.invoice(api, made);
        var refunded = GuardFixtures.micros(invoice.path("amountRefundedUsdc"));
        assertThat(refunded).isLessThanOrEqualTo(10_000_000L).isEqualTo(totals.getLast());
        // every fixed amount that was accepted is one step; what remains are the "all that is left" refunds
        var unexplained = new ArrayList<>(steps);
        acceptedFixed.forEach(amount -> assertThat(unexplained.remove(amount))
                .as("a step of %d", amount)
                .isTrue());
        assertThat(unexplained).hasSize(acceptedAll);
        assertThat(invoice.path("status").asString()).isEqualTo(refunded == 10_000_000L ? "refunded" : "paid");
        if (acceptedAll > 0) {
            assertThat(refunded).isEqualTo(10_000_000L);
        }

        // and the invoice.refunded events are the same steps, summing to the same total
        var events = GuardRace.refundAmounts(topics.since(mark).eventsOf(made.subscriptionId()));
        assertThat(events).containsExactlyInAnyOrderElementsOf(steps);
        assertThat(events.stream().mapToLong(Long::longValue).sum()).isEqualTo(refunded);
    }

    @Test
    void shouldMakeOneAttemptAndAnswerAlikeWhenFiftyChargesShareOneIdempotencyKey() {
        // given an open invoice with an active mandate, and one Idempotency-Key
        var made = GuardFixtures.completed(api, merchant.testKey(), "race-idempotent", "10");
        var key = "charge-" + UUID.randomUUID();
        var mark = topics.mark();

        // when fifty identical charges carry it at once
        var replies = race(i -> charge(made, key));

        // then the answers are the one paid charge (first or replayed) or 409 in progress, never anything else
        var answered = GuardRace.withStatus(replies, 200);
        assertThat(answered).isNotEmpty();
        assertThat(answered)
                .extracting(Reply::body)
                .containsOnly(answered.getFirst().body());
        assertThat(answered.getFirst().json().path("ok").asBoolean(false)).isTrue();
        assertThat(replies).filteredOn(reply -> reply.status() != 200).allSatisfy(reply -> {
            assertThat(reply.status()).as(reply.toString()).isEqualTo(409);
            assertThat(reply.code()).isEqualTo("idempotency_in_progress");
        });
        // and a later repeat replays the same answer
        var later = charge(made, key).send().expect(200);
        assertThat(later.header("Idempotent-Replayed")).contains("true");
        assertThat(later.body()).isEqualTo(answered.getFirst().body());

        // and one attempt was made: one charge command id, one chain request, attempt 2 (after the scheduler's),
        // nothing refused
        assertThat(GuardFixtures.invoice(api, made).path("attemptCount").asInt())
                .isEqualTo(2);
        var since = topics.since(mark);
        assertThat(since.commandsOf(made.subscriptionId()).stream()
                        .filter(command -> command.getPayload() instanceof ChargeInvoice)
                        .map(command -> command.getCommandId())
                        .distinct())
                .hasSize(1);
        assertThat(since.chainRequestsOf(made.invoiceId())).hasSize(1);
        GuardRace.assertChanges(since.changesOf(made.subscriptionId()), 2, 0, "none");
        assertThat(since.eventsOf(made.subscriptionId()))
                .extracting(BillingEvent::getType)
                .containsExactly("invoice.paid");
    }

    @Test
    void shouldEndPaidOnceOrVoidOnceNeverBothWhenChargesVoidsAndACancelRaceOnOneOpenInvoice() {
        // given an open 10 USDC invoice whose mandate is active
        var made = GuardFixtures.completed(api, merchant.testKey(), "race-charge-void-cancel", "10");
        var mark = topics.mark();

        // when 25 charges, 24 voids and one immediate cancel arrive at once
        var cancelAt = 25;
        var replies = race(i -> i == cancelAt
                ? api.post(Subscriptions.PATH + "/" + made.subscriptionId() + "/cancel")
                        .key(merchant.testKey())
                        .json(Map.of("immediate", true))
                : api.post(Invoices.PATH + "/" + made.invoiceId() + (i % 2 == 0 ? "/charge" : "/void"))
                        .key(merchant.testKey())
                        .json(i % 2 == 0 ? Map.of("sandboxMode", "success") : Map.of()));

        // then the cancel is accepted, and every charge and void is done or refused as not chargeable / voidable
        assertThat(replies.get(cancelAt)
                        .expect(200)
                        .json()
                        .at("/subscription/status")
                        .asString())
                .isEqualTo("canceled");
        var charged = new ArrayList<Reply>();
        var voided = new ArrayList<Reply>();
        for (int i = 0; i < RACERS; i++) {
            var reply = replies.get(i);
            if (i == cancelAt) {
                continue;
            }
            var isCharge = i % 2 == 0;
            if (reply.status() == 200) {
                (isCharge ? charged : voided).add(reply);
            } else {
                GuardRace.assertRefusal(reply, isCharge ? "invoice_not_chargeable" : "invoice_not_voidable");
            }
        }
        // and the invoice ended paid (by exactly one charge, the money kept even though the cancel came) or void
        var invoice = GuardFixtures.invoice(api, made);
        var since = topics.since(mark);
        var events = since.eventsOf(made.subscriptionId()).stream()
                .map(BillingEvent::getType)
                .toList();
        var requests = since.chainRequestsOf(made.invoiceId());
        assertThat(Subscriptions.get(api, merchant.testKey(), made.subscriptionId())
                        .expect(200)
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("canceled");
        assertThat(events).containsOnlyOnce("subscription.canceled");
        if (invoice.path("status").asString().equals("paid")) {
            assertThat(charged).hasSize(1);
            assertThat(charged.getFirst().json().path("ok").asBoolean(false)).isTrue();
            assertThat(charged.getFirst().json().path("invoice")).isEqualTo(invoice);
            assertThat(voided).isEmpty();
            assertThat(requests).hasSize(1);
            assertThat(events).containsOnlyOnce("invoice.paid").doesNotContain("invoice.voided");
        } else {
            assertThat(invoice.path("status").asString()).isEqualTo("void");
            assertThat(charged).isEmpty();
            assertThat(voided).hasSizeLessThanOrEqualTo(1);
            assertThat(requests).isEmpty();
            assertThat(events).containsOnlyOnce("invoice.voided").doesNotContain("invoice.paid");
        }
        assertThat(invoice.path("attemptCount").asInt()).isEqualTo(1 + charged.size());
    }

    private static Call refund(GuardFixtures.Made made, @Nullable BigDecimal amountUsdc) {
        var call = api.post(Invoices.PATH + "/" + made.invoiceId() + "/refund").key(merchant.testKey());
        return amountUsdc == null ? call : call.json(Map.of("amountUsdc", amountUsdc));
    }

    private static Call charge(GuardFixtures.Made made, String idempotencyKey) {
        return api.post(Invoices.PATH + "/" + made.invoiceId() + "/charge")
                .key(merchant.testKey())
                .idempotencyKey(idempotencyKey)
                .json(Map.of("sandboxMode", "success"));
    }

    private static List<Reply> race(IntFunction<Call> call) {
        return GuardRace.race(RACERS, call);
    }
}
