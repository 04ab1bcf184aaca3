package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.VerifyPaymentRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.command.EventIds;
import io.abk.billing.streams.payment.PaymentEnvelopes;
import io.abk.billing.streamskit.errors.DeadLetterRecords;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * One-time payments through the production topology: create, confirm (a verification on chain.requests with its
 * derived ids), the chain-indexer's answer fed back as it would produce it, and dedup by command id.
 */
class PaymentTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final Instant CONFIRMED_AT = CREATED_AT.plus(Duration.ofMinutes(3));
    private static final String PAY = "pay_01jvqz0000000000000000000p";

    @Test
    void shouldWriteOneAcceptedChangeAndPaymentCreatedWhenCreateIsNew() {
        var change = harness.send(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT));

        assertThat(change.getAggregateType()).isEqualTo("payment");
        assertThat(change.getAggregateId()).isEqualTo(PAY);
        assertThat(change.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(change.getFollowUpCommandId()).isNull();
        var payment = payment(change);
        assertThat(payment.getStatus()).isEqualTo("open");
        assertThat(payment.getVersion()).isEqualTo(1);
        assertThat(payment.getAmountMicros()).isEqualTo(25_000_000);
        assertThat(payment.getExpiresAt()).isEqualTo(CREATED_AT.plus(Duration.ofHours(24)));
        assertThat(payment.getCheckoutUrl()).isEqualTo(PaymentEnvelopes.PUBLIC_URL + "/checkout/pay/" + PAY);
        var event = single(harness.events);
        assertThat(event.key()).isEqualTo(PAY);
        assertThat(event.value().getType()).isEqualTo("payment.created");
        assertThat(event.value().getEventId()).isEqualTo(EventIds.of("cmd_pc", CREATED_AT, 0));
        assertThat(change.getEventIds()).containsExactly(event.value().getEventId());
        assertThat(event.value().getData().getPayment()).isEqualTo(payment);
        assertThat(event.value().getData().getSubscription()).isNull();
        assertThat(harness.payments().get(PAY).getSequence()).isEqualTo(1);
    }

    @Test
    void shouldApplyACommandOnceAndRefuseASecondCreateWhenIdsRepeat() {
        var create = PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT);
        harness.send(create);
        harness.drain();

        harness.paymentCommands.pipeInput(PAY, create);
        assertThat(harness.changes.isEmpty())
                .as("a redelivered command writes nothing")
                .isTrue();
        assertThat(harness.events.isEmpty()).isTrue();

        var again = harness.send(PaymentEnvelopes.create("cmd_pc2", PAY, CREATED_AT));
        assertThat(again.getOutcome()).isEqualTo(Outcome.REJECTED);
        assertThat(again.getRejection().getCode()).isEqualTo("resource_already_exists");
        assertThat(again.getAggregateType()).isEqualTo("payment");
        assertThat(harness.payments().get(PAY).getSequence()).isEqualTo(1);
    }

    @Test
    void shouldAskForAVerificationWithTheDerivedIdsAndLetASecondConfirmWaitForItWhenConfirmed() {
        harness.send(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT));
        harness.drain();

        var confirm = harness.send(PaymentEnvelopes.confirm("cmd_conf1", PAY, CONFIRMED_AT, PaymentEnvelopes.TX_HASH));

        var requestId = PAY + ":verify:1";
        var resultCommandId = Ids.derivedId(IdPrefix.COMMAND, CONFIRMED_AT, "settle:" + requestId);
        assertThat(confirm.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(confirm.getFollowUpCommandId()).isEqualTo(resultCommandId);
        assertThat(payment(confirm).getStatus()).isEqualTo("open");
        assertThat(payment(confirm).getVersion()).isEqualTo(2);
        assertThat(harness.events.isEmpty()).as("a confirm publishes nothing").isTrue();
        var request = single(harness.chainRequests);
        assertThat(request.key()).isEqualTo(PAY);
        assertThat(request.value())
                .isEqualTo(ChainRequest.newBuilder()
                        .setRequestId(requestId)
                        .setResultCommandId(resultCommandId)
                        .setSubscriptionId(null)
                        .setInvoiceId(null)
                        .setPaymentId(PAY)
                        .setMerchantId(PaymentEnvelopes.MERCHANT_ID)
                        .setMode(Mode.TEST)
                        .setRequestedAt(CONFIRMED_AT)
                        .setAmountMicros(25_000_000)
                        .setWalletAddress(PaymentEnvelopes.WALLET)
                        .setPayoutAddress(PaymentEnvelopes.PAYOUT)
                        .setOnChainSubscriptionId(null)
                        .setPayload(new VerifyPaymentRequest(PaymentEnvelopes.TX_HASH, CREATED_AT))
                        .build());
        assertThat(harness.payments().get(PAY).getVerifyCount()).isEqualTo(1);

        var second = harness.send(PaymentEnvelopes.confirm("cmd_conf2", PAY, CONFIRMED_AT.plusSeconds(1), null));
        assertThat(second.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(second.getFollowUpCommandId())
                .as("waits for the same answer")
                .isEqualTo(resultCommandId);
        assertThat(harness.chainRequests.isEmpty()).isTrue();
    }

    @Test
    void shouldMarkPaidAndPublishPaymentPaidOnceWhenTheVerificationSucceedsAndConfirmIsRepeated() {
        harness.send(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT));
        harness.send(PaymentEnvelopes.confirm("cmd_conf1", PAY, CONFIRMED_AT, null));
        var request = single(harness.chainRequests).value();
        harness.drain();
        var result = PaymentEnvelopes.settled(request, true);

        var settled = harness.send(result);

        assertThat(settled.getCommandId()).isEqualTo(request.getResultCommandId());
        assertThat(settled.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var paid = payment(settled);
        assertThat(paid.getStatus()).isEqualTo("paid");
        assertThat(paid.getPaidAt()).isEqualTo(CONFIRMED_AT);
        assertThat(paid.getTxHash()).isEqualTo(PaymentEnvelopes.TX_HASH);
        assertThat(paid.getAmountReceivedMicros()).isEqualTo(25_000_000);
        assertThat(paid.getPaidLate()).isFalse();
        var event = single(harness.events).value();
        assertThat(event.getType()).isEqualTo("payment.paid");
        assertThat(event.getData().getPayment()).isEqualTo(paid);
        assertThat(harness.linkCommandsOut.isEmpty())
                .as("no link minted this payment")
                .isTrue();
        assertThat(harness.payments().get(PAY).getInFlight()).isNull();

        // The chain-indexer re-emits a stored answer for a repeated request: the same command id, applied once.
        harness.paymentCommands.pipeInput(PAY, result);
        assertThat(harness.changes.isEmpty()).isTrue();
        // Confirm twice: the second finds it paid (the gateway answers alreadyPaid), asks nothing, publishes nothing.
        var again = harness.send(PaymentEnvelopes.confirm("cmd_conf2", PAY, CONFIRMED_AT.plusSeconds(60), null));
        assertThat(again.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(again.getFollowUpCommandId()).isNull();
        assertThat(payment(again).getStatus()).isEqualTo("paid");
        assertThat(harness.events.isEmpty()).isTrue();
        assertThat(harness.chainRequests.isEmpty()).isTrue();
    }

    @Test
    void shouldRejectWithTheFailureCodeAndKeepThePaymentWhenTheVerificationFails() {
        harness.send(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT));
        harness.send(PaymentEnvelopes.confirm("cmd_conf1", PAY, CONFIRMED_AT, PaymentEnvelopes.TX_HASH));
        var request = single(harness.chainRequests).value();
        harness.drain();

        var failed = harness.send(PaymentEnvelopes.settled(request, false));

        assertThat(failed.getOutcome()).isEqualTo(Outcome.REJECTED);
        assertThat(failed.getAggregateType()).isEqualTo("payment");
        assertThat(failed.getRejection().getCode()).isEqualTo("PAYMENT_TX_ALREADY_USED");
        assertThat(failed.getRejection().getMessage())
                .isEqualTo("Transaction " + PaymentEnvelopes.TX_HASH + " has already paid another payment");
        assertThat(failed.getSnapshots()).isEmpty();
        assertThat(harness.events.isEmpty()).isTrue();
        var stored = harness.payments().get(PAY);
        assertThat(stored.getInFlight()).isNull();
        assertThat(stored.getSequence()).isEqualTo(2);
        assertThat(stored.getPayment().getStatus()).isEqualTo("open");

        // The customer can try again: a new verification, numbered 2.
        harness.send(PaymentEnvelopes.confirm("cmd_conf2", PAY, CONFIRMED_AT.plusSeconds(30), null));
        assertThat(single(harness.chainRequests).value().getRequestId()).isEqualTo(PAY + ":verify:2");
    }

    @Test
    void shouldDeadLetterAPaymentCommandWhenItIsKeyedByAnotherId() {
        // Protects the single-writer rule: a command on the wrong partition must not create an aggregate there.
        harness.paymentCommands.pipeInput("pay_other", PaymentEnvelopes.create("cmd_bad", PAY, CREATED_AT));

        assertThat(harness.changes.isEmpty()).isTrue();
        var letter = single(harness.deadLetters);
        assertThat(header(letter, DeadLetterRecords.NODE_HEADER)).isEqualTo("payment-command-processor");
        assertThat(harness.payments().get(PAY)).isNull();
    }

    @Test
    void shouldDeadLetterACommandWhenTheStoreHoldsAnotherPaymentUnderItsKey() {
        // Protects the single-writer rule: a store value under another aggregate's key is never decided on.
        harness.paymentCommands.pipeInput(PAY, PaymentEnvelopes.create("cmd_1", PAY, CREATED_AT));
        harness.changes.readRecordsToList();
        harness.payments().put("pay_copy", harness.payments().get(PAY));

        harness.paymentCommands.pipeInput("pay_copy", PaymentEnvelopes.create("cmd_2", "pay_copy", CONFIRMED_AT));

        assertThat(harness.changes.isEmpty()).isTrue();
        var letter = single(harness.deadLetters);
        assertThat(header(letter, DeadLetterRecords.MESSAGE_HEADER))
                .isEqualTo("the store payment-aggregates holds " + PAY + " under key pay_copy");
    }

    private static String header(TestRecord<byte[], byte[]> letter, String name) {
        return new String(letter.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }

    private static PaymentSnapshot payment(Change change) {
        assertThat(change.getSnapshots()).hasSize(1);
        return (PaymentSnapshot) change.getSnapshots().getFirst();
    }
}
