package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.ReverseCharge;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A renewal charged on chain and then reorged out, through the production topology: the chain-indexer's
 * {@code ReverseCharge} reopens the invoice (due at once) and puts the subscription past due, the scheduler's next
 * attempt charges it again, and its payment makes the subscription active with the period it already had.
 */
class ChargeReversalTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2027-01-31T09:30:00Z");
    private static final Instant PERIOD_END = Instant.parse("2027-02-28T09:30:00Z");
    private static final Instant NEXT_END = Instant.parse("2027-03-31T09:30:00Z");
    private static final Instant REVERSED_AT = PERIOD_END.plus(Duration.ofMinutes(20));
    private static final String SUB = "sub_01jvqz0000000000000000000r";
    private static final String RENEW_ID =
            Ids.derivedId(IdPrefix.COMMAND, PERIOD_END, SUB + ":" + PERIOD_END + ":renew");
    private static final String RENEWAL = Ids.derivedId(IdPrefix.INVOICE, PERIOD_END, RENEW_ID);

    private String paidBy;

    @BeforeEach
    void createRenewedSubscription() {
        harness.send(CommandEnvelopes.create("cmd_create", SUB, CREATED_AT));
        harness.send(CommandEnvelopes.command("cmd_act", SUB, CREATED_AT, new ActivateSubscription("9")));
        harness.send(CommandEnvelopes.settled(single(harness.chainRequests).value(), true));
        harness.send(CommandEnvelopes.scheduled(RENEW_ID, SUB, PERIOD_END, new RenewSubscription(PERIOD_END)));
        var paid = harness.send(
                CommandEnvelopes.settled(single(harness.chainRequests).value(), true));
        paidBy = invoice(paid).getTxHash();
        harness.drain();
    }

    @Test
    void shouldReopenTheRenewalAndGoPastDueThenBeActiveAgainWhenTheReopenedInvoiceIsCharged() {
        var reversed = harness.send(reverse("cmd_rev", paidBy));

        assertThat(reversed.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(reversed.getSnapshots()).hasSize(2);
        assertThat(subscription(reversed).getStatus()).isEqualTo("past_due");
        assertThat(subscription(reversed).getCurrentPeriodEnd())
                .as("the period does not move back")
                .isEqualTo(NEXT_END);
        var reopened = invoice(reversed);
        assertThat(reopened.getId()).isEqualTo(RENEWAL);
        assertThat(reopened.getStatus()).isEqualTo("open");
        assertThat(reopened.getPaidAt()).isNull();
        assertThat(reopened.getTxHash()).isNull();
        assertThat(reopened.getNextAttemptAt()).isEqualTo(REVERSED_AT);
        assertThat(reopened.getAttemptCount()).isEqualTo(1);
        assertThat(reopened.getFailureCode()).isEqualTo("CHARGE_REVERSED");
        var events = harness.events.readValuesToList();
        assertThat(events)
                .extracting(BillingEvent::getType)
                .containsExactly("invoice.reopened", "subscription.past_due");
        var event = events.getFirst();
        assertThat(event.getData().getInvoice()).isEqualTo(reopened);
        assertThat(event.getData().getSubscription()).isEqualTo(subscription(reversed));
        assertThat(event.getData().getFailureCode()).isEqualTo("CHARGE_REVERSED");
        assertThat(event.getData().getFailureMessage()).contains(paidBy).contains("no longer on the chain");
        assertThat(reversed.getEventIds())
                .containsExactlyElementsOf(
                        events.stream().map(BillingEvent::getEventId).toList());
        assertThat(harness.chainRequests.isEmpty())
                .as("the scheduler charges it, at nextAttemptAt")
                .isTrue();

        // The scheduler's ChargeDueInvoice for attempt = attemptCount + 1, due at nextAttemptAt; settlement pays it.
        var due =
                harness.send(CommandEnvelopes.scheduled("cmd_due", SUB, REVERSED_AT, new ChargeDueInvoice(RENEWAL, 2)));
        var request = single(harness.chainRequests).value();
        assertThat(request.getRequestId()).isEqualTo(RENEWAL + ":2");
        assertThat(due.getFollowUpCommandId()).isEqualTo(request.getResultCommandId());
        var repaid = harness.send(CommandEnvelopes.settled(request, true));

        assertThat(subscription(repaid).getStatus()).isEqualTo("active");
        assertThat(subscription(repaid).getCurrentPeriodStart()).isEqualTo(PERIOD_END);
        assertThat(subscription(repaid).getCurrentPeriodEnd()).isEqualTo(NEXT_END);
        assertThat(invoice(repaid).getStatus()).isEqualTo("paid");
        assertThat(invoice(repaid).getPaidAt()).isEqualTo(REVERSED_AT);
        assertThat(harness.events.readValuesToList())
                .extracting(BillingEvent::getType)
                .containsExactly("invoice.paid");
    }

    @Test
    void shouldAcceptAndChangeNothingWhenTheRetractionMatchesNoPaidInvoice() {
        var other = harness.send(reverse("cmd_rev_other", "0x" + "99".repeat(32)));
        var unknown = harness.send(CommandEnvelopes.command(
                "cmd_rev_unknown",
                SUB,
                REVERSED_AT,
                new ReverseCharge("inv_01jvqz0000000000000000000z", paidBy, "84532:" + paidBy + ":4")));

        for (var change : new Change[] {other, unknown}) {
            assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED);
            assertThat(change.getEventIds()).isEmpty();
            assertThat(change.getSnapshots()).hasSize(1);
            assertThat(subscription(change).getStatus()).isEqualTo("active");
        }
        assertThat(harness.events.isEmpty()).isTrue();
    }

    private static io.abk.billing.schemas.avro.SubscriptionCommand reverse(String commandId, String txHash) {
        return CommandEnvelopes.command(
                commandId, SUB, REVERSED_AT, new ReverseCharge(RENEWAL, txHash, "84532:" + txHash + ":4"));
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
