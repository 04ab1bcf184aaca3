package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChargeInvoice;
import io.abk.billing.schemas.avro.ChargeRequest;
import io.abk.billing.schemas.avro.CompleteSubscription;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.RefundInvoice;
import io.abk.billing.schemas.avro.RefundRequest;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The settlement round trip through the production topology: a command that starts a charge or refund writes its
 * Change (naming the result command), its events and a ChainRequest on chain.requests in one go; the result
 * command, produced here as the settlement service would, comes back through the command topic.
 */
class SettlementTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final Instant ACTIVATED_AT = CREATED_AT.plus(Duration.ofMinutes(5));
    private static final String SUB = "sub_01jvqz0000000000000000000s";
    private static final String INV = "inv_01jvqz0000000000000000000s";

    @BeforeEach
    void createSubscription() {
        harness.send(CommandEnvelopes.create("cmd_create", SUB, CREATED_AT));
        harness.drain();
    }

    @Test
    void shouldRequestTheFirstChargeWhenActivatedAndMakeTheSubscriptionActiveWhenItSucceeds() {
        var activation =
                harness.send(CommandEnvelopes.command("cmd_act", SUB, ACTIVATED_AT, new ActivateSubscription("77")));

        var resultCommandId = Ids.derivedId(IdPrefix.COMMAND, ACTIVATED_AT, "settle:" + INV + ":1");
        assertThat(activation.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(activation.getFollowUpCommandId()).isEqualTo(resultCommandId);
        assertThat(subscription(activation).getStatus()).isEqualTo("incomplete");
        assertThat(subscription(activation).getMandateStatus()).isEqualTo("active");
        assertThat(invoice(activation).getAttemptCount()).isEqualTo(1);
        assertThat(harness.events.readValuesToList())
                .extracting(BillingEvent::getType)
                .containsExactly("subscription.activated");
        var request = single(harness.chainRequests);
        assertThat(request.key()).isEqualTo(INV);
        assertThat(request.value())
                .isEqualTo(ChainRequest.newBuilder()
                        .setRequestId(INV + ":1")
                        .setResultCommandId(resultCommandId)
                        .setSubscriptionId(SUB)
                        .setInvoiceId(INV)
                        .setMerchantId(CommandEnvelopes.MERCHANT_ID)
                        .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                        .setRequestedAt(ACTIVATED_AT)
                        .setAmountMicros(9_990_000)
                        .setWalletAddress("0x1111111111111111111111111111111111111111")
                        .setPayoutAddress("0x2222222222222222222222222222222222222222")
                        .setOnChainSubscriptionId("77")
                        .setPayload(new ChargeRequest(null, null))
                        .build());
        assertThat(harness.aggregates().get(SUB).getInFlight()).hasSize(1);

        var result = CommandEnvelopes.settled(request.value(), true);
        var settled = harness.send(result);

        assertThat(settled.getCommandId()).isEqualTo(resultCommandId);
        assertThat(settled.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(settled.getFollowUpCommandId()).isNull();
        assertThat(subscription(settled).getStatus()).isEqualTo("active");
        assertThat(invoice(settled).getStatus()).isEqualTo("paid");
        assertThat(invoice(settled).getPaidAt()).isEqualTo(ACTIVATED_AT);
        // The relayer's gas for the charge that paid it, exact beyond a long.
        assertThat(invoice(settled).getGasUsed()).isEqualTo(CommandEnvelopes.GAS_USED);
        assertThat(invoice(settled).getGasCostWei()).isEqualTo(CommandEnvelopes.GAS_COST_WEI);
        var paid = single(harness.events).value();
        assertThat(paid.getType()).isEqualTo("invoice.paid");
        assertThat(paid.getData().getInvoice().getTxHash()).isEqualTo("0x" + "ab".repeat(32));
        assertThat(paid.getData().getSubscription().getStatus()).isEqualTo("active");
        assertThat(harness.chainRequests.isEmpty()).isTrue();
        assertThat(harness.aggregates().get(SUB).getInFlight()).isEmpty();

        // Settlement re-emits a stored result for a repeated request: the same command id, applied once.
        harness.commands.pipeInput(SUB, result);
        assertThat(harness.changes.isEmpty()).isTrue();
        assertThat(harness.events.isEmpty()).isTrue();
        assertThat(harness.aggregates().get(SUB).getSequence())
                .as("create, its invoice's number, activate, settle")
                .isEqualTo(4);
    }

    @Test
    void shouldScheduleARetryWhenAChargeFailsAndRefundPartlyWhenPaid() {
        harness.send(CommandEnvelopes.command("cmd_complete", SUB, ACTIVATED_AT, new CompleteSubscription(null)));
        assertThat(harness.chainRequests.isEmpty())
                .as("complete charges nothing")
                .isTrue();
        harness.drain();
        var chargedAt = ACTIVATED_AT.plusSeconds(60);
        var charge = harness.send(CommandEnvelopes.command(
                "cmd_charge1", SUB, chargedAt, new ChargeInvoice(INV, "insufficient_balance")));
        var request = single(harness.chainRequests).value();
        assertThat(request.getPayload()).isEqualTo(new ChargeRequest("insufficient_balance", null));
        assertThat(charge.getFollowUpCommandId()).isEqualTo(request.getResultCommandId());
        // A second charge while the first is in flight is refused: one attempt at a time.
        var concurrent =
                harness.send(CommandEnvelopes.command("cmd_charge2", SUB, chargedAt, new ChargeInvoice(INV, null)));
        assertThat(concurrent.getRejection().getCode()).isEqualTo("invoice_not_chargeable");
        harness.drain();

        var failed = harness.send(CommandEnvelopes.settled(request, false));

        assertThat(invoice(failed).getNextAttemptAt()).isEqualTo(chargedAt.plus(Duration.ofDays(1)));
        var failure = single(harness.events).value();
        assertThat(failure.getType()).isEqualTo("invoice.payment_failed");
        assertThat(failure.getData().getFailureCode()).isEqualTo("INSUFFICIENT_BALANCE");
        assertThat(failure.getData().getFailureMessage()).isEqualTo("The customer's wallet does not hold enough USDC");
        assertThat(failure.getData().getInvoice().getFailureCode()).isEqualTo("INSUFFICIENT_BALANCE");

        harness.send(
                CommandEnvelopes.command("cmd_charge3", SUB, chargedAt.plusSeconds(60), new ChargeInvoice(INV, null)));
        var retry = single(harness.chainRequests).value();
        assertThat(retry.getRequestId()).isEqualTo(INV + ":2");
        harness.send(CommandEnvelopes.settled(retry, true));
        harness.drain();

        var refund = harness.send(CommandEnvelopes.command(
                "cmd_refund1", SUB, chargedAt.plusSeconds(120), new RefundInvoice(INV, 4_000_000L)));
        var refundRequest = single(harness.chainRequests);
        assertThat(refundRequest.key()).isEqualTo(INV);
        assertThat(refundRequest.value().getRequestId()).isEqualTo(INV + ":refund:1");
        assertThat(refundRequest.value().getPayload()).isEqualTo(new RefundRequest("0x" + "ab".repeat(32)));
        assertThat(refund.getFollowUpCommandId())
                .isEqualTo(refundRequest.value().getResultCommandId());
        assertThat(harness.aggregates().get(SUB).getRefundCount()).isEqualTo(1);
        harness.drain();
        var refunded = harness.send(CommandEnvelopes.settled(refundRequest.value(), true));
        assertThat(invoice(refunded).getAmountRefundedMicros()).isEqualTo(4_000_000);
        var refundEvent = single(harness.events).value();
        assertThat(refundEvent.getType()).isEqualTo("invoice.refunded");
        assertThat(refundEvent.getData().getRefundAmountMicros()).isEqualTo(4_000_000L);
    }

    @Test
    void shouldAnswerRefundFailedAndReleaseTheReservationWhenTheRefundFails() {
        harness.send(CommandEnvelopes.command("cmd_act", SUB, ACTIVATED_AT, new ActivateSubscription(null)));
        harness.send(CommandEnvelopes.settled(single(harness.chainRequests).value(), true));
        harness.send(
                CommandEnvelopes.command("cmd_refund", SUB, ACTIVATED_AT.plusSeconds(5), new RefundInvoice(INV, null)));
        var request = single(harness.chainRequests).value();
        harness.drain();
        var sequence = harness.aggregates().get(SUB).getSequence();

        var result = harness.send(CommandEnvelopes.settled(request, false));

        assertThat(result.getOutcome()).isEqualTo(Outcome.REJECTED);
        assertThat(result.getRejection().getCode()).isEqualTo("refund_failed");
        assertThat(result.getRejection().getMessage()).isEqualTo("The customer's wallet does not hold enough USDC");
        assertThat(result.getSnapshots()).isEmpty();
        assertThat(harness.events.isEmpty()).isTrue();
        var stored = harness.aggregates().get(SUB);
        assertThat(stored.getInFlight()).isEmpty();
        assertThat(stored.getSequence()).isEqualTo(sequence);
        // Everything can be refunded again.
        var again = harness.send(CommandEnvelopes.command(
                "cmd_refund2", SUB, ACTIVATED_AT.plusSeconds(9), new RefundInvoice(INV, null)));
        assertThat(again.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(single(harness.chainRequests).value().getAmountMicros()).isEqualTo(9_990_000);
    }

    private static SubscriptionSnapshot subscription(io.abk.billing.schemas.avro.Change change) {
        return (SubscriptionSnapshot) change.getSnapshots().getFirst();
    }

    private static InvoiceSnapshot invoice(io.abk.billing.schemas.avro.Change change) {
        return change.getSnapshots().stream()
                .filter(InvoiceSnapshot.class::isInstance)
                .map(InvoiceSnapshot.class::cast)
                .findFirst()
                .orElseThrow();
    }
}
