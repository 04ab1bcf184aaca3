package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.streams.payment.PaymentEnvelopes;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Payments and the chain through the production topology: the payout address a created payment puts on the
 * indexer's watch list, a transfer the indexer matched, the confirm's answer arriving after it, and a retraction.
 */
class PaymentChainTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final Instant MATCHED_AT = CREATED_AT.plus(Duration.ofMinutes(4));
    private static final String PAY = "pay_01jvqz0000000000000000000p";
    private static final String PAY_2 = "pay_01jvqz0000000000000000000q";
    private static final String CHAIN_TX = "0x" + "ef".repeat(32);

    @Test
    void shouldWatchThePayoutAddressLowerCasedOncePerCreatedPaymentWhenPaymentsAreCreated() {
        var mixedCase = "0xAbCdEf0000000000000000000000000000000001";
        var create = withPayout(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT), mixedCase);

        harness.send(create);

        var watched = single(harness.watchedAddresses);
        assertThat(watched.key()).isEqualTo("test:0xabcdef0000000000000000000000000000000001");
        assertThat(watched.value())
                .isEqualTo(new WatchedAddress(Mode.TEST, "0xabcdef0000000000000000000000000000000001", CREATED_AT));

        // A redelivered create, a rejected create and a confirm add nothing; a second payment watches again.
        harness.paymentCommands.pipeInput(PAY, create);
        harness.send(PaymentEnvelopes.create("cmd_pc_again", PAY, CREATED_AT));
        harness.send(PaymentEnvelopes.confirm("cmd_conf", PAY, MATCHED_AT, null));
        assertThat(harness.watchedAddresses.isEmpty()).isTrue();
        harness.send(PaymentEnvelopes.create("cmd_pc2", PAY_2, MATCHED_AT));
        var second = single(harness.watchedAddresses);
        assertThat(second.key()).isEqualTo("test:" + PaymentEnvelopes.PAYOUT);
        assertThat(second.value().getSince()).isEqualTo(MATCHED_AT);
    }

    @Test
    void shouldPayAndPublishPaymentPaidWhenTheIndexerMatchedATransfer() {
        harness.send(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT));
        harness.drain();

        var change = harness.send(PaymentEnvelopes.payFromChain("cmd_chain", PAY, MATCHED_AT, CHAIN_TX));

        assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(change.getFollowUpCommandId()).isNull();
        var paid = payment(change);
        assertThat(paid.getStatus()).isEqualTo("paid");
        assertThat(paid.getTxHash()).isEqualTo(CHAIN_TX);
        assertThat(paid.getPaidAt()).isEqualTo(MATCHED_AT);
        assertThat(paid.getAmountReceivedMicros()).isEqualTo(25_000_000);
        assertThat(paid.getPaidLate()).isFalse();
        var event = single(harness.events).value();
        assertThat(event.getType()).isEqualTo("payment.paid");
        assertThat(event.getData().getPayment()).isEqualTo(paid);
        assertThat(change.getEventIds()).containsExactly(event.getEventId());
        assertThat(harness.chainRequests.isEmpty()).isTrue();
    }

    @Test
    void shouldAnswerTheConfirmWithThePaidPaymentWhenItsVerificationArrivesAfterTheIndexerPaidIt() {
        // Protects against the "paid again" exception: the answer used to dead-letter and the confirm never returned.
        harness.send(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT));
        harness.send(PaymentEnvelopes.confirm("cmd_conf", PAY, MATCHED_AT.minusSeconds(30), PaymentEnvelopes.TX_HASH));
        var request = single(harness.chainRequests).value();
        harness.send(PaymentEnvelopes.payFromChain("cmd_chain", PAY, MATCHED_AT, CHAIN_TX));
        harness.drain();

        var answer = harness.send(PaymentEnvelopes.settled(request, true));

        assertThat(answer.getCommandId()).isEqualTo(request.getResultCommandId());
        assertThat(answer.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(payment(answer).getStatus()).isEqualTo("paid");
        assertThat(payment(answer).getTxHash()).isEqualTo(CHAIN_TX);
        assertThat(payment(answer).getVersion()).isEqualTo(4);
        assertThat(answer.getEventIds()).isEmpty();
        assertThat(harness.events.isEmpty()).as("paid once, published once").isTrue();
        assertThat(harness.deadLetters.isEmpty()).isTrue();
        assertThat(harness.payments().get(PAY).getInFlight()).isNull();
    }

    @Test
    void shouldReopenAndPublishPaymentReopenedWhenTheTransferThatPaidItIsRetracted() {
        harness.send(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT));
        harness.send(PaymentEnvelopes.payFromChain("cmd_chain", PAY, MATCHED_AT, CHAIN_TX));
        harness.drain();

        var other = harness.send(PaymentEnvelopes.reversePayment(
                "cmd_rev_other", PAY, MATCHED_AT.plusSeconds(5), "0x" + "99".repeat(32)));
        assertThat(other.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(payment(other).getStatus())
                .as("another transfer: nothing to do")
                .isEqualTo("paid");
        assertThat(harness.events.isEmpty()).isTrue();

        var change =
                harness.send(PaymentEnvelopes.reversePayment("cmd_rev", PAY, MATCHED_AT.plusSeconds(60), CHAIN_TX));

        assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var reopened = payment(change);
        assertThat(reopened.getStatus()).isEqualTo("open");
        assertThat(reopened.getTxHash()).isNull();
        assertThat(reopened.getPaidAt()).isNull();
        assertThat(reopened.getAmountReceivedMicros()).isNull();
        var event = single(harness.events).value();
        assertThat(event.getType()).isEqualTo("payment.reopened");
        assertThat(event.getData().getPayment()).isEqualTo(reopened);
        assertThat(event.getData().getFailureCode()).isEqualTo("TRANSFER_REVERSED");
        assertThat(event.getData().getFailureMessage()).contains(CHAIN_TX).contains("no longer on the chain");
        assertThat(change.getEventIds()).containsExactly(event.getEventId());
    }

    private static PaymentCommand withPayout(PaymentCommand create, String payout) {
        return PaymentCommand.newBuilder(create)
                .setPayload(CreatePayment.newBuilder((CreatePayment) create.getPayload())
                        .setPayoutAddress(payout)
                        .build())
                .build();
    }

    private static PaymentSnapshot payment(Change change) {
        assertThat(change.getSnapshots()).hasSize(1);
        return (PaymentSnapshot) change.getSnapshots().getFirst();
    }
}
