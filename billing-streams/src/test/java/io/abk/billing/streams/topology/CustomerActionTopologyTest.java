package io.abk.billing.streams.topology;

import static io.abk.billing.streams.topology.TopologyHarness.single;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CustomerActionSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PermitRequest;
import io.abk.billing.schemas.avro.SettleCustomerRequest;
import io.abk.billing.schemas.avro.SignedCancelRequest;
import io.abk.billing.schemas.avro.SubmitPermit;
import io.abk.billing.schemas.avro.SubmitSignedCancel;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The customer portal's relayed actions through the production topology: a signed cancel writes its Change and one
 * ChainRequest for the relayer in one go (no public event), a second one while it is pending is refused, a permit
 * beside it is taken, and the relayer's answer, produced here as settlement would, records the transaction and its gas
 * on the subscription's customer actions; the mandate stays active until the vault's Canceled is seen.
 */
class CustomerActionTopologyTest extends HarnessedTopologyTest {

    private static final Instant CREATED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final Instant SIGNED_AT = CREATED_AT.plus(Duration.ofDays(3));
    private static final String SUB = "sub_01jvqz00000000000000000pp0";
    private static final String WALLET = "0x1111111111111111111111111111111111111111";
    private static final String PAYOUT = "0x2222222222222222222222222222222222222222";
    private static final long DEADLINE = SIGNED_AT.plus(Duration.ofHours(1)).getEpochSecond();
    private static final String TX = "0x" + "c4".repeat(32);

    @BeforeEach
    void createActive() {
        createActiveSubscription(SUB, CREATED_AT);
    }

    @Test
    void shouldAskTheRelayerOnceAndRecordItsTransactionAndGasWhenTheCustomerSignsACancel() {
        var submitted = harness.send(CommandEnvelopes.command(
                "cmd_cancel", SUB, SIGNED_AT, new SubmitSignedCancel(WALLET, DEADLINE, "0x" + "ca".repeat(65))));

        var requestId = SUB + ":cancel:1";
        var resultCommandId = Ids.derivedId(IdPrefix.COMMAND, SIGNED_AT, "settle:" + requestId);
        assertThat(submitted.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(submitted.getFollowUpCommandId()).isEqualTo(resultCommandId);
        assertThat(subscription(submitted).getCustomerActions())
                .containsExactly(CustomerActionSnapshot.newBuilder()
                        .setKind("revoke")
                        .setNumber(1)
                        .setStatus("pending")
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
                        .setPayoutAddress(PAYOUT)
                        .setOnChainSubscriptionId("77")
                        .setPayload(new SignedCancelRequest(DEADLINE, "0x" + "ca".repeat(65)))
                        .build());

        var again = harness.send(CommandEnvelopes.command(
                "cmd_cancel2", SUB, SIGNED_AT, new SubmitSignedCancel(WALLET, DEADLINE, "0x" + "cb".repeat(65))));
        assertThat(again.getRejection().getCode()).as("one pending of a kind").isEqualTo("subscription_update_failed");
        assertThat(harness.chainRequests.isEmpty()).isTrue();

        var permit = harness.send(CommandEnvelopes.command(
                "cmd_permit",
                SUB,
                SIGNED_AT.plusSeconds(1),
                new SubmitPermit(WALLET, "119880000", DEADLINE, "0x" + "9e".repeat(65))));
        assertThat(permit.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        var permitRequest = single(harness.chainRequests).value();
        assertThat(permitRequest.getRequestId()).isEqualTo(SUB + ":permit:1");
        assertThat(permitRequest.getPayload())
                .isEqualTo(new PermitRequest("119880000", DEADLINE, "0x" + "9e".repeat(65)));

        var settled = harness.send(CommandEnvelopes.command(
                resultCommandId,
                SUB,
                SIGNED_AT,
                new SettleCustomerRequest(
                        requestId, "revoke", true, TX, null, null, 48_123L, "123456789012345678901")));

        assertThat(settled.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        List<CustomerActionSnapshot> actions = subscription(settled).getCustomerActions();
        assertThat(actions).extracting(CustomerActionSnapshot::getKind).containsExactly("revoke", "raise_allowance");
        var revoke = actions.getFirst();
        assertThat(revoke.getStatus()).isEqualTo("submitted");
        assertThat(revoke.getTxHash()).isEqualTo(TX);
        assertThat(revoke.getGasUsed()).isEqualTo(48_123L);
        assertThat(revoke.getGasCostWei()).isEqualTo("123456789012345678901");
        assertThat(subscription(settled).getMandateStatus())
                .as("revoked by the vault's Canceled")
                .isEqualTo("active");
        assertThat(harness.events.isEmpty()).isTrue();
        assertThat(harness.chainRequests.isEmpty()).isTrue();
    }

    private static SubscriptionSnapshot subscription(Change change) {
        return (SubscriptionSnapshot) change.getSnapshots().getFirst();
    }
}
