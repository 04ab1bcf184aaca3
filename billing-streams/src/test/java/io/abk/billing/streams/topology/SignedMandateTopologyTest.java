package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.MandateSignatureSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.SettleSignedMandate;
import io.abk.billing.schemas.avro.SignedMandateRequest;
import io.abk.billing.schemas.avro.SubmitSignedMandate;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Subscribe by signature through the production topology: the checkout's signed mandate writes its Change and one
 * ChainRequest for the relayer in one go (no public event), and the relayer's answer, produced here as settlement
 * would, records the transaction and its gas on the subscription's {@code mandateSignature}.
 */
class SignedMandateTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final Instant SIGNED_AT = CREATED_AT.plus(Duration.ofMinutes(2));
    private static final String SUB = "sub_01jvqz00000000000000000mm0";
    private static final String INV = "inv_01jvqz00000000000000000mm0";
    private static final String WALLET = "0x1111111111111111111111111111111111111111";
    private static final String TX = "0x" + "5e".repeat(32);

    @BeforeEach
    void createSubscription() {
        harness.send(CommandEnvelopes.create("cmd_create", SUB, CREATED_AT));
        harness.drain();
    }

    @Test
    void shouldAskTheRelayerOnceAndRecordItsTransactionAndGasWhenTheSignedMandateIsSubmitted() {
        var submitted = harness.send(CommandEnvelopes.command("cmd_sign", SUB, SIGNED_AT, signedMandate()));

        var requestId = SUB + ":mandate:1";
        var resultCommandId = Ids.derivedId(IdPrefix.COMMAND, SIGNED_AT, "settle:" + requestId);
        assertThat(submitted.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(submitted.getFollowUpCommandId()).isEqualTo(resultCommandId);
        assertThat(subscription(submitted).getStatus()).isEqualTo("incomplete");
        assertThat(subscription(submitted).getMandateStatus()).isEqualTo("pending");
        assertThat(subscription(submitted).getMandateSignature())
                .isEqualTo(MandateSignatureSnapshot.newBuilder()
                        .setStatus("pending")
                        .setWallet(WALLET)
                        .setPeriods(12)
                        .setDeadline(SIGNED_AT.plus(Duration.ofHours(1)))
                        .setSubmittedAt(SIGNED_AT)
                        .build());
        assertThat(harness.events.isEmpty()).as("no public event").isTrue();
        var request = single(harness.chainRequests);
        assertThat(request.key()).isEqualTo(SUB);
        assertThat(request.value())
                .isEqualTo(ChainRequest.newBuilder()
                        .setRequestId(requestId)
                        .setResultCommandId(resultCommandId)
                        .setSubscriptionId(SUB)
                        .setInvoiceId(null)
                        .setMerchantId(CommandEnvelopes.MERCHANT_ID)
                        .setMode(Mode.TEST)
                        .setRequestedAt(SIGNED_AT)
                        .setAmountMicros(9_990_000)
                        .setWalletAddress(WALLET)
                        .setPayoutAddress("0x2222222222222222222222222222222222222222")
                        .setOnChainSubscriptionId(null)
                        .setPayload(SignedMandateRequest.newBuilder()
                                .setPeriodMonths(1)
                                .setFirstChargeAtSeconds(SIGNED_AT.getEpochSecond())
                                .setPeriods(12)
                                .setDeadlineSeconds(
                                        SIGNED_AT.plus(Duration.ofHours(1)).getEpochSecond())
                                .setNonce("0x" + "07".repeat(32))
                                .setSignature("0x" + "aa".repeat(65))
                                .setPermitValueBaseUnits("119880000")
                                .setPermitDeadlineSeconds(
                                        SIGNED_AT.plus(Duration.ofHours(1)).getEpochSecond())
                                .setPermitSignature("0x" + "bb".repeat(65))
                                .setFirstChargeInvoiceId(INV)
                                .setFirstChargeAmountMicros(9_990_000L)
                                .build())
                        .build());

        var again = harness.send(CommandEnvelopes.command("cmd_sign2", SUB, SIGNED_AT, signedMandate()));
        assertThat(again.getRejection().getCode())
                .as("one pending at a time")
                .isEqualTo("subscription_activate_failed");
        assertThat(harness.chainRequests.isEmpty()).isTrue();

        var settled = harness.send(CommandEnvelopes.command(
                resultCommandId,
                SUB,
                SIGNED_AT,
                new SettleSignedMandate(requestId, true, TX, null, null, 187_654L, "123456789012345678901")));

        assertThat(settled.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var signature = subscription(settled).getMandateSignature();
        assertThat(signature.getStatus()).isEqualTo("submitted");
        assertThat(signature.getTxHash()).isEqualTo(TX);
        assertThat(signature.getGasUsed()).isEqualTo(187_654L);
        assertThat(signature.getGasCostWei()).isEqualTo("123456789012345678901");
        assertThat(subscription(settled).getMandateStatus()).isEqualTo("pending");
        assertThat(harness.events.isEmpty()).isTrue();
        assertThat(harness.chainRequests.isEmpty()).isTrue();
        assertThat(harness.aggregates().get(SUB).getMandateSubmissionCount()).isEqualTo(1);
    }

    @Test
    void shouldHandTheRelayerTheMaximumPerPeriodWhenTheSubscriptionIsMetered() {
        var metered = "sub_01jvqz00000000000000000mm1";
        harness.send(CommandEnvelopes.metered("cmd_create_metered", metered, CREATED_AT));
        harness.drain();
        var signed = SubmitSignedMandate.newBuilder(signedMandate())
                .setAmountBaseUnits("50000000")
                .build();

        var submitted = harness.send(CommandEnvelopes.command("cmd_sign_metered", metered, SIGNED_AT, signed));

        assertThat(submitted.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var request = single(harness.chainRequests).value();
        // The vault's mandate is what the customer signed: the most a period may charge, usage included.
        assertThat(request.getAmountMicros()).isEqualTo(50_000_000L);
        var payload = (SignedMandateRequest) request.getPayload();
        assertThat(payload.getFirstChargeAmountMicros())
                .as("the licensed part, in advance")
                .isEqualTo(10_000_000L);
    }

    private static SubmitSignedMandate signedMandate() {
        var deadline = SIGNED_AT.plus(Duration.ofHours(1)).getEpochSecond();
        return new SubmitSignedMandate(
                WALLET,
                12L,
                deadline,
                "0x" + "07".repeat(32),
                "0x" + "aa".repeat(65),
                "9990000",
                1,
                SIGNED_AT.getEpochSecond(),
                "119880000",
                deadline,
                "0x" + "bb".repeat(65));
    }

    private static SubscriptionSnapshot subscription(Change change) {
        return (SubscriptionSnapshot) change.getSnapshots().getFirst();
    }
}
