package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PayFromChain;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.SettleTransferAuthorization;
import io.abk.billing.schemas.avro.SubmitTransferAuthorization;
import io.abk.billing.schemas.avro.TransferAuthorizationRequest;
import io.abk.billing.schemas.avro.TransferAuthorizationSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.payment.PaymentEnvelopes;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Pay by signature through the production topology: the checkout's transfer authorization writes its Change and one
 * ChainRequest for the relayer in one go (no public event), the relayer's answer records the transaction and its gas
 * on the payment's {@code authorization}, and the transfer seen on chain with its nonce pays the payment.
 */
class TransferAuthorizationTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final Instant SIGNED_AT = CREATED_AT.plus(Duration.ofMinutes(3));
    private static final String PAY = "pay_01jvqz000000000000000000a0";
    private static final String NONCE = "0x" + "4e".repeat(32);
    private static final String TX = "0x" + "5e".repeat(32);

    @Test
    void shouldAskTheRelayerOnceRecordItsAnswerAndBePaidByTheTransferWhenAuthorized() {
        harness.send(PaymentEnvelopes.create("cmd_pc", PAY, CREATED_AT));
        harness.drain();
        var validBefore = SIGNED_AT.plus(Duration.ofHours(1)).getEpochSecond();
        var signature = "0x" + "aa".repeat(65);

        var submitted = harness.send(PaymentEnvelopes.payment(
                "cmd_auth",
                PAY,
                SIGNED_AT,
                new SubmitTransferAuthorization(PaymentEnvelopes.WALLET, 0L, validBefore, NONCE, signature)));

        var requestId = PAY + ":authorization:1";
        var resultCommandId = Ids.derivedId(IdPrefix.COMMAND, SIGNED_AT, "settle:" + requestId);
        assertThat(submitted.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(submitted.getFollowUpCommandId()).isEqualTo(resultCommandId);
        assertThat(payment(submitted).getStatus()).isEqualTo("open");
        assertThat(payment(submitted).getAuthorization())
                .isEqualTo(TransferAuthorizationSnapshot.newBuilder()
                        .setStatus("pending")
                        .setFromAddress(PaymentEnvelopes.WALLET)
                        .setSubmittedAt(SIGNED_AT)
                        .build());
        assertThat(harness.events.isEmpty()).as("no public event").isTrue();
        var request = single(harness.chainRequests);
        assertThat(request.key()).isEqualTo(PAY);
        assertThat(request.value())
                .isEqualTo(ChainRequest.newBuilder()
                        .setRequestId(requestId)
                        .setResultCommandId(resultCommandId)
                        .setPaymentId(PAY)
                        .setMerchantId(PaymentEnvelopes.MERCHANT_ID)
                        .setMode(Mode.TEST)
                        .setRequestedAt(SIGNED_AT)
                        .setAmountMicros(25_000_000)
                        .setWalletAddress(PaymentEnvelopes.WALLET)
                        .setPayoutAddress(PaymentEnvelopes.PAYOUT)
                        .setPayload(new TransferAuthorizationRequest(0L, validBefore, NONCE, signature))
                        .build());

        var again = harness.send(PaymentEnvelopes.payment(
                "cmd_auth2",
                PAY,
                SIGNED_AT,
                new SubmitTransferAuthorization(PaymentEnvelopes.WALLET, 0L, validBefore, NONCE, signature)));
        assertThat(again.getRejection().getCode()).as("one pending at a time").isEqualTo("payment_not_confirmable");
        assertThat(harness.chainRequests.isEmpty()).isTrue();

        var settled = harness.send(PaymentEnvelopes.payment(
                resultCommandId,
                PAY,
                SIGNED_AT,
                new SettleTransferAuthorization(requestId, true, TX, null, null, 52_345L, "123456789012345678901")));

        assertThat(settled.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var authorization = payment(settled).getAuthorization();
        assertThat(authorization.getStatus()).isEqualTo("submitted");
        assertThat(authorization.getTxHash()).isEqualTo(TX);
        assertThat(authorization.getGasUsed()).isEqualTo(52_345L);
        assertThat(authorization.getGasCostWei()).isEqualTo("123456789012345678901");
        assertThat(payment(settled).getStatus()).as("the answer pays nothing").isEqualTo("open");
        assertThat(harness.events.isEmpty()).isTrue();

        var paid = harness.send(PaymentEnvelopes.payment(
                "cmd_chain",
                PAY,
                SIGNED_AT.plusSeconds(30),
                new PayFromChain("84532:" + TX + ":1", TX, PaymentEnvelopes.WALLET, 25_000_000L, NONCE)));

        assertThat(payment(paid).getStatus()).isEqualTo("paid");
        assertThat(payment(paid).getTxHash()).isEqualTo(TX);
        assertThat(payment(paid).getAuthorization()).isEqualTo(authorization);
        assertThat(single(harness.events).value().getType()).isEqualTo("payment.paid");
        assertThat(harness.payments().get(PAY).getAuthorizationCount()).isEqualTo(1);
    }

    private static PaymentSnapshot payment(Change change) {
        return (PaymentSnapshot) change.getSnapshots().getFirst();
    }
}
