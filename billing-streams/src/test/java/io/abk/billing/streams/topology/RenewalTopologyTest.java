package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainRequestBatch;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.CompleteSubscription;
import io.abk.billing.schemas.avro.ExpireIncompleteSubscription;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.RenewSubscriptions;
import io.abk.billing.schemas.avro.RenewalItem;
import io.abk.billing.schemas.avro.SettleRequests;
import io.abk.billing.schemas.avro.SettlementItem;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.avro.UpdateSubscription;
import io.abk.billing.schemas.command.SettlementItems;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Renewals through the production topology, fed the commands the renewal scheduler fires (ids derived as in
 * docs/architecture.md, "Renewals and other due work", {@code requestedAt} = the due time) and the results settlement
 * answers with. A monthly subscription created on Jan 31 2027, active: its first period ends Feb 28, the next one Mar
 * 31.
 */
class RenewalTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2027-01-31T09:30:00Z");
    private static final Instant PERIOD_END = Instant.parse("2027-02-28T09:30:00Z");
    private static final Instant NEXT_END = Instant.parse("2027-03-31T09:30:00Z");
    private static final String SUB = "sub_01jvqz0000000000000000000r";
    private static final String RENEW_ID =
            Ids.derivedId(IdPrefix.COMMAND, PERIOD_END, SUB + ":" + PERIOD_END + ":renew");
    private static final String RENEWAL = Ids.derivedId(IdPrefix.INVOICE, PERIOD_END, RENEW_ID);

    @BeforeEach
    void createActiveSubscription() {
        harness.send(CommandEnvelopes.create("cmd_create", SUB, CREATED_AT));
        harness.send(CommandEnvelopes.command("cmd_act", SUB, CREATED_AT, new ActivateSubscription("9")));
        harness.send(CommandEnvelopes.settled(single(harness.chainRequests).value(), true));
        harness.drain();
    }

    @Test
    void shouldInvoiceAndChargeTheRenewalThenMoveThePeriodWhenTheChargeSucceeds() {
        var renew = CommandEnvelopes.scheduled(RENEW_ID, SUB, PERIOD_END, new RenewSubscription(PERIOD_END));

        var renewed = harness.send(renew);

        assertThat(renewed.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(subscription(renewed).getCurrentPeriodEnd())
                .as("moves only once paid")
                .isEqualTo(PERIOD_END);
        assertThat(subscription(renewed).getLatestInvoiceId()).isEqualTo(RENEWAL);
        var invoice = invoice(renewed);
        assertThat(invoice.getId()).isEqualTo(RENEWAL);
        assertThat(invoice.getBillingReason()).isEqualTo("subscription_cycle");
        assertThat(invoice.getStatus()).isEqualTo("open");
        assertThat(invoice.getAmountMicros()).isEqualTo(9_990_000);
        assertThat(invoice.getPeriodStart()).isEqualTo(PERIOD_END);
        assertThat(invoice.getPeriodEnd()).isEqualTo(NEXT_END);
        assertThat(invoice.getDueAt()).isEqualTo(PERIOD_END);
        assertThat(invoice.getAttemptCount()).isEqualTo(1);
        var created = single(harness.events).value();
        assertThat(created.getType()).isEqualTo("invoice.created");
        assertThat(created.getData().getInvoice().getId()).isEqualTo(RENEWAL);
        assertThat(created.getData().getSubscription().getId()).isEqualTo(SUB);
        var request = single(harness.chainRequests);
        assertThat(request.key()).isEqualTo(RENEWAL);
        assertThat(request.value().getRequestId()).isEqualTo(RENEWAL + ":1");
        assertThat(request.value().getRequestedAt()).isEqualTo(PERIOD_END);
        assertThat(request.value().getPayload()).isEqualTo(new ChargeRequest(null, null));
        assertThat(renewed.getFollowUpCommandId()).isEqualTo(request.value().getResultCommandId());

        var paid = harness.send(CommandEnvelopes.settled(request.value(), true));

        assertThat(subscription(paid).getStatus()).isEqualTo("active");
        assertThat(subscription(paid).getCurrentPeriodStart()).isEqualTo(PERIOD_END);
        assertThat(subscription(paid).getCurrentPeriodEnd()).isEqualTo(NEXT_END);
        assertThat(subscription(paid).getBillingCycleAnchor()).isEqualTo(CREATED_AT);
        assertThat(invoice(paid).getStatus()).isEqualTo("paid");
        assertThat(invoice(paid).getPaidAt()).isEqualTo(PERIOD_END);
        assertThat(single(harness.events).value().getType()).isEqualTo("invoice.paid");

        // A re-fire after a crash carries the same command id: applied once, nothing written.
        harness.commands.pipeInput(SUB, renew);
        assertThat(harness.changes.isEmpty()).isTrue();
        // A renewal of a period that has moved on (an old snapshot, another id): accepted, changes nothing.
        var stale = harness.send(CommandEnvelopes.scheduled(
                "cmd_stale", SUB, PERIOD_END.plusSeconds(1), new RenewSubscription(PERIOD_END)));
        assertThat(stale.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(stale.getEventIds()).isEmpty();
        assertThat(stale.getSnapshots()).hasSize(1);
        assertThat(subscription(stale).getCurrentPeriodEnd()).isEqualTo(NEXT_END);
        assertThat(harness.events.isEmpty()).isTrue();
        assertThat(harness.chainRequests.isEmpty()).isTrue();
    }

    @Test
    void shouldApplyEachRenewalOfABatchAsItsOwnCommandAndEachOnlyOnceWhenTheBatchIsReplayed() {
        var other = "sub_01jvqz0000000000000000000s";
        harness.send(CommandEnvelopes.create("cmd_create_s", other, CREATED_AT));
        harness.send(CommandEnvelopes.command("cmd_act_s", other, CREATED_AT, new ActivateSubscription("9")));
        harness.send(CommandEnvelopes.settled(single(harness.chainRequests).value(), true));
        harness.drain();
        var otherRenewId = Ids.derivedId(IdPrefix.COMMAND, PERIOD_END, other + ":" + PERIOD_END + ":renew");
        var missing = "sub_01jvqz0000000000000000000t";
        var batch = CommandEnvelopes.scheduled(
                "renewals:" + RENEW_ID,
                SUB,
                PERIOD_END,
                new RenewSubscriptions(List.of(
                        renewal(RENEW_ID, SUB),
                        renewal(otherRenewId, other),
                        // a subscription this task does not hold: rejected alone, nothing of it written
                        renewal("cmd_missing", missing))));

        harness.commands.pipeInput(SUB, batch);

        var changes = harness.changes.readRecordsToList();
        assertThat(changes)
                .extracting(
                        record -> record.key(),
                        record -> record.value().getCommandId(),
                        record -> record.value().getOutcome())
                .containsExactly(
                        tuple(SUB, RENEW_ID, Outcome.ACCEPTED),
                        tuple(other, otherRenewId, Outcome.ACCEPTED),
                        tuple(missing, "cmd_missing", Outcome.REJECTED));
        assertThat(invoice(changes.getFirst().value()).getId()).isEqualTo(RENEWAL);
        assertThat(changes.get(2).value().getRejection().getCode()).isEqualTo("resource_missing");
        assertThat(harness.events.readValuesToList())
                .extracting(BillingEvent::getType, BillingEvent::getAggregateId)
                .containsExactly(tuple("invoice.created", SUB), tuple("invoice.created", other));
        // The two charges go to the chain side as one request, keyed by the first subscription, each with its own ids
        var sent = single(harness.chainRequests);
        assertThat(sent.key()).isEqualTo(SUB);
        assertThat(sent.value().getRequestId()).isEqualTo("batch:" + RENEWAL + ":1");
        var requests = ((ChainRequestBatch) sent.value().getPayload()).getRequests();
        assertThat(requests).extracting(ChainRequest::getSubscriptionId).containsExactly(SUB, other);
        assertThat(requests)
                .extracting(ChainRequest::getRequestId)
                .containsExactly(RENEWAL + ":1", otherRenewal(other));

        // The scheduler fires the batch again after a crash, or one of its renewals alone: each item applies once.
        harness.commands.pipeInput(SUB, batch);
        harness.commands.pipeInput(
                SUB, CommandEnvelopes.scheduled(RENEW_ID, SUB, PERIOD_END, new RenewSubscription(PERIOD_END)));
        assertThat(harness.changes.isEmpty()).isTrue();
        assertThat(harness.events.isEmpty()).isTrue();
        assertThat(harness.chainRequests.isEmpty()).isTrue();
        assertThat(harness.deadLetters.isEmpty()).isTrue();

        // Settlement answers both in one command: each answer applies as its own SettleCharge, once.
        var answers = new ArrayList<SettlementItem>();
        for (var request : requests) {
            answers.add(SettlementItems.of(CommandEnvelopes.settled(request, true)));
        }
        var settled = CommandEnvelopes.scheduled(
                "settlements:" + answers.getFirst().getCommandId(), SUB, PERIOD_END, new SettleRequests(answers));
        harness.commands.pipeInput(SUB, settled);
        var paid = harness.changes.readValuesToList();
        assertThat(paid).extracting(Change::getAggregateId).containsExactly(SUB, other);
        assertThat(paid)
                .allSatisfy(change ->
                        assertThat(subscription(change).getCurrentPeriodEnd()).isEqualTo(NEXT_END));
        harness.commands.pipeInput(SUB, settled);
        assertThat(harness.changes.isEmpty()).as("each answer applies once").isTrue();
    }

    private static String otherRenewal(String other) {
        var renewId = Ids.derivedId(IdPrefix.COMMAND, PERIOD_END, other + ":" + PERIOD_END + ":renew");
        return Ids.derivedId(IdPrefix.INVOICE, PERIOD_END, renewId) + ":1";
    }

    private static RenewalItem renewal(String commandId, String subscriptionId) {
        return RenewalItem.newBuilder()
                .setCommandId(commandId)
                .setSubscriptionId(subscriptionId)
                .setMerchantId(CommandEnvelopes.MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(PERIOD_END)
                .setPeriodEnd(PERIOD_END)
                .build();
    }

    @Test
    void shouldRetryAFailingRenewalThenGoPastDueOnceWhenTheFourthAttemptFails() {
        harness.send(CommandEnvelopes.command(
                "cmd_meta",
                SUB,
                CREATED_AT.plusSeconds(60),
                new UpdateSubscription(
                        null, null, null, Map.of("sandboxRenewalOutcome", "insufficient_balance"), null, null)));
        harness.drain();
        var types = new ArrayList<String>();
        var nextAttempts = new ArrayList<Instant>();

        var renewed =
                harness.send(CommandEnvelopes.scheduled(RENEW_ID, SUB, PERIOD_END, new RenewSubscription(PERIOD_END)));
        var request = single(harness.chainRequests).value();
        assertThat(request.getPayload()).isEqualTo(new ChargeRequest(null, "insufficient_balance"));
        assertThat(renewed.getFollowUpCommandId()).isEqualTo(request.getResultCommandId());
        Change failed = harness.send(CommandEnvelopes.settled(request, false));
        types.addAll(eventTypes());
        for (int attempt = 2; attempt <= 4; attempt++) {
            var dueAt = invoice(failed).getNextAttemptAt();
            nextAttempts.add(dueAt);
            var due = harness.send(chargeDue(RENEWAL, attempt, dueAt));
            var retry = single(harness.chainRequests).value();
            assertThat(retry.getRequestId()).isEqualTo(RENEWAL + ":" + attempt);
            assertThat(retry.getRequestedAt()).isEqualTo(dueAt);
            assertThat(retry.getPayload()).isEqualTo(new ChargeRequest(null, "insufficient_balance"));
            assertThat(due.getFollowUpCommandId()).isEqualTo(retry.getResultCommandId());
            failed = harness.send(CommandEnvelopes.settled(retry, false));
            types.addAll(eventTypes());
        }

        var day1 = PERIOD_END.plus(Duration.ofDays(1));
        var day3 = day1.plus(Duration.ofDays(2));
        assertThat(nextAttempts).containsExactly(day1, day3, day3.plus(Duration.ofDays(4)));
        assertThat(invoice(failed).getStatus()).isEqualTo("uncollectible");
        assertThat(invoice(failed).getAttemptCount()).isEqualTo(4);
        assertThat(invoice(failed).getNextAttemptAt()).isNull();
        assertThat(subscription(failed).getStatus()).isEqualTo("past_due");
        assertThat(subscription(failed).getCurrentPeriodEnd()).isEqualTo(PERIOD_END);
        assertThat(types)
                .containsExactly(
                        "invoice.created",
                        "invoice.payment_failed",
                        "invoice.payment_failed",
                        "invoice.payment_failed",
                        "invoice.payment_failed",
                        "subscription.past_due");

        // Stale scheduler commands of a past-due subscription: accepted, nothing charged or invoiced.
        var fifth = harness.send(chargeDue(RENEWAL, 5, day3.plus(Duration.ofDays(8))));
        var renewAgain = harness.send(
                CommandEnvelopes.scheduled("cmd_renew_again", SUB, PERIOD_END, new RenewSubscription(PERIOD_END)));
        assertThat(fifth.getEventIds()).isEmpty();
        assertThat(renewAgain.getEventIds()).isEmpty();
        assertThat(harness.chainRequests.isEmpty()).isTrue();
        assertThat(harness.events.isEmpty()).isTrue();
    }

    @Test
    void shouldCancelAtThePeriodEndWithoutAnInvoiceWhenSetToCancelAtPeriodEnd() {
        harness.send(
                CommandEnvelopes.command("cmd_cancel", SUB, CREATED_AT.plusSeconds(60), new CancelSubscription(false)));
        harness.drain();

        var canceled =
                harness.send(CommandEnvelopes.scheduled(RENEW_ID, SUB, PERIOD_END, new RenewSubscription(PERIOD_END)));

        assertThat(canceled.getSnapshots()).hasSize(1);
        var subscription = subscription(canceled);
        assertThat(subscription.getStatus()).isEqualTo("canceled");
        assertThat(subscription.getCanceledAt()).isEqualTo(PERIOD_END);
        assertThat(subscription.getMandateStatus()).isEqualTo("revoked");
        assertThat(harness.events.readValuesToList())
                .extracting(BillingEvent::getType)
                .containsExactly("subscription.canceled");
        assertThat(harness.chainRequests.isEmpty()).isTrue();
    }

    @Test
    void shouldChargeTheFirstInvoiceWhenDueAfterCompleteAndCancelAnAbandonedSubscriptionAfterADay() {
        var completed = "sub_01jvqz0000000000000000000c";
        var abandoned = "sub_01jvqz0000000000000000000a";
        harness.send(CommandEnvelopes.create("cmd_c1", completed, CREATED_AT));
        harness.send(CommandEnvelopes.create("cmd_a1", abandoned, CREATED_AT));
        harness.send(CommandEnvelopes.command(
                "cmd_c2", completed, CREATED_AT.plusSeconds(30), new CompleteSubscription("5")));
        harness.drain();
        var firstInvoice = completed.replace("sub_", "inv_");
        var expiresAt = CREATED_AT.plus(Duration.ofHours(24));

        harness.send(chargeDue(firstInvoice, 1, CREATED_AT, completed));
        var charge = single(harness.chainRequests).value();
        var notExpired = harness.send(expire(completed, expiresAt));
        var expired = harness.send(expire(abandoned, expiresAt));

        assertThat(charge.getRequestId()).isEqualTo(firstInvoice + ":1");
        assertThat(charge.getPayload()).isEqualTo(new ChargeRequest(null, null));
        assertThat(notExpired.getEventIds()).as("its mandate is active").isEmpty();
        assertThat(subscription(expired).getStatus()).isEqualTo("canceled");
        assertThat(subscription(expired).getCanceledAt()).isEqualTo(expiresAt);
        assertThat(invoice(expired).getStatus()).isEqualTo("void");
        assertThat(eventTypes()).containsExactly("invoice.voided", "subscription.canceled");
    }

    @Test
    void shouldCarryAPlanChangesProrationLinesOnTheNextRenewalInvoice() {
        // given the active subscription moved down to 5 USDC halfway through its 28-day period
        var midpoint = Instant.parse("2027-02-14T09:30:00Z");
        var changed = harness.send(CommandEnvelopes.command(
                "cmd_down",
                SUB,
                midpoint,
                new UpdateSubscription(5_000_000L, null, null, Map.of(), null, "create_prorations")));
        assertThat(changed.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(subscription(changed).getPendingInvoiceLines())
                .extracting(line -> line.getKind(), line -> line.getDescription(), line -> line.getAmountMicros())
                .containsExactly(
                        tuple("proration", "Unused time on 9.99 USDC per month", -4_995_000L),
                        tuple("proration", "Remaining time on 5 USDC per month", 2_500_000L));
        assertThat(single(harness.events).value().getType()).isEqualTo("subscription.updated");

        // when the period renews
        var renewed =
                harness.send(CommandEnvelopes.scheduled(RENEW_ID, SUB, PERIOD_END, new RenewSubscription(PERIOD_END)));

        // then the renewal carries them after its subscription line, is charged their sum, and nothing waits
        var invoice = invoice(renewed);
        assertThat(invoice.getLines())
                .extracting(line -> line.getKind(), line -> line.getAmountMicros())
                .containsExactly(
                        tuple("subscription", 5_000_000L),
                        tuple("proration", -4_995_000L),
                        tuple("proration", 2_500_000L));
        assertThat(invoice.getAmountMicros()).isEqualTo(2_505_000L);
        assertThat(invoice.getSubtotalMicros()).isEqualTo(2_505_000L);
        assertThat(subscription(renewed).getPendingInvoiceLines()).isEmpty();
        assertThat(single(harness.chainRequests).value().getAmountMicros()).isEqualTo(2_505_000L);
    }

    private static SubscriptionCommand chargeDue(String invoiceId, int attempt, Instant dueAt) {
        return chargeDue(invoiceId, attempt, dueAt, SUB);
    }

    private static SubscriptionCommand chargeDue(String invoiceId, int attempt, Instant dueAt, String subscriptionId) {
        var id = Ids.derivedId(IdPrefix.COMMAND, dueAt, invoiceId + ":" + attempt);
        return CommandEnvelopes.scheduled(id, subscriptionId, dueAt, new ChargeDueInvoice(invoiceId, attempt));
    }

    private static SubscriptionCommand expire(String subscriptionId, Instant dueAt) {
        var id = Ids.derivedId(IdPrefix.COMMAND, dueAt, subscriptionId + ":expire-incomplete");
        return CommandEnvelopes.scheduled(id, subscriptionId, dueAt, new ExpireIncompleteSubscription());
    }

    private List<String> eventTypes() {
        return harness.events.readValuesToList().stream()
                .map(BillingEvent::getType)
                .toList();
    }

    private static SubscriptionSnapshot subscription(Change change) {
        return (SubscriptionSnapshot) change.getSnapshots().getFirst();
    }

    private static InvoiceSnapshot invoice(Change change) {
        return change.getSnapshots().stream()
                .filter(InvoiceSnapshot.class::isInstance)
                .map(InvoiceSnapshot.class::cast)
                .findFirst()
                .orElseThrow();
    }
}
