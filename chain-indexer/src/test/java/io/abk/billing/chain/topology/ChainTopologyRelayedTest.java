package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainRequests.AMOUNT;
import static io.abk.billing.chain.ChainRequests.INVOICE;
import static io.abk.billing.chain.ChainRequests.PAYMENT;
import static io.abk.billing.chain.ChainRequests.SUB;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainRequests;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.NotExecuted;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettlePayment;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.TransferVerified;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Settlement with both chains configured: requests are left to the relayer, and its results on
 * {@code chain.results} become the requests' one answer each, with the transaction hash claimed.
 */
class ChainTopologyRelayedTest extends RelayedTopologyFixture {

    private static final String OTHER_TX = "0x" + "beef".repeat(16);
    private static final long GAS_USED = 84_211;
    /** Above 2^63: wei travel as decimal strings, never through a long or a double. */
    private static final String GAS_COST_WEI = "12345678901234567890123";

    @Test
    void shouldAnswerNothingWhenARequestNeedsTheChain() {
        topology.requests.pipeInput(INVOICE, ChainRequests.charge(1, Mode.LIVE, null, null));
        topology.requests.pipeInput(INVOICE, ChainRequests.refund(1, Mode.TEST, 1_000_000));
        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.LIVE, TX));

        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.settled().approximateNumEntries()).isZero();
    }

    @Test
    void shouldAnswerAnExecutedChargeOnceAndClaimItsHashWhenTheRelayerWritesItTwice() {
        var charge = ChainRequests.charge(1, Mode.LIVE, null, null);
        topology.relayerResults.pipeInput(INVOICE, result(charge, new Executed(TX, GAS_USED, GAS_COST_WEI)));
        // Guards against a relayer retry after a crash becoming a second decision.
        topology.relayerResults.pipeInput(
                INVOICE, result(charge, new NotExecuted("RELAYER_ERROR", "timeout", 21_000L, "1")));

        var answers = topology.subscriptionResults.readKeyValuesToList();
        assertThat(answers).hasSize(2);
        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.key).isEqualTo(SUB);
            assertThat(answer.value.getCommandId()).isEqualTo(charge.getResultCommandId());
            assertThat(answer.value.getPayload())
                    .isEqualTo(new SettleCharge(INVOICE + ":1", INVOICE, true, TX, null, null, GAS_USED, GAS_COST_WEI));
        });
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(TX, INVOICE));
    }

    @Test
    void shouldCarryTheRelayersFailureCodeAndFallBackToRelayerErrorWhenItIsUnknown() {
        topology.relayerResults.pipeInput(
                INVOICE,
                result(
                        ChainRequests.charge(1, Mode.TEST, null, null),
                        new NotExecuted(
                                "ALLOWANCE_TOO_LOW", "The allowance of 5 USDC is below 9.99 USDC", null, null)));
        topology.relayerResults.pipeInput(
                INVOICE,
                result(
                        ChainRequests.charge(2, Mode.TEST, null, null),
                        new NotExecuted("SOMETHING_NEW", "what happened", null, null)));

        var payloads = topology.subscriptionResults.readValuesToList().stream()
                .map(SubscriptionCommand::getPayload)
                .map(SettleCharge.class::cast)
                .toList();
        assertThat(payloads)
                .extracting(SettleCharge::getFailureCode)
                .containsExactly("ALLOWANCE_TOO_LOW", "RELAYER_ERROR");
        assertThat(payloads)
                .extracting(SettleCharge::getFailureMessage)
                .containsExactly("The allowance of 5 USDC is below 9.99 USDC", "what happened");
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldAnswerARefundWithItsTransaction() {
        topology.relayerResults.pipeInput(
                INVOICE, result(ChainRequests.refund(1, Mode.LIVE, 2_500_000), new Executed(TX, null, null)));

        var answer = topology.subscriptionResults.readValue();
        assertThat(answer.getPayload())
                .isEqualTo(
                        new SettleRefund(INVOICE + ":refund:1", INVOICE, 2_500_000L, true, TX, null, null, null, null));
    }

    @Test
    void shouldPayWithTheAmountReceivedWhenAVerifiedTransferIsUnclaimed() {
        topology.relayerResults.pipeInput(
                PAYMENT,
                result(
                        ChainRequests.verify(PAYMENT, 1, Mode.LIVE, TX),
                        new TransferVerified(TX, AMOUNT + 10_000, "0x1111111111111111111111111111111111111111")));

        var answer = topology.paymentResults.readValue();
        assertThat(answer.getPayload())
                .isEqualTo(new SettlePayment(PAYMENT + ":verify:1", true, TX, AMOUNT + 10_000, null, null));
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(TX, PAYMENT));
    }

    @Test
    void shouldRefuseAVerifiedTransferWhoseHashPaidAnInvoice() {
        topology.relayerResults.pipeInput(
                INVOICE, result(ChainRequests.charge(1, Mode.LIVE, null, null), new Executed(TX, null, null)));
        topology.relayerResults.pipeInput(
                PAYMENT,
                result(
                        ChainRequests.verify(PAYMENT, 1, Mode.LIVE, TX),
                        new TransferVerified(TX, AMOUNT, "0x1111111111111111111111111111111111111111")));

        var answer = (SettlePayment) topology.paymentResults.readValue().getPayload();
        assertThat(answer.getSucceeded()).isFalse();
        assertThat(answer.getFailureCode()).isEqualTo("PAYMENT_TX_ALREADY_USED");
    }

    @Test
    void shouldAnswerAVerificationFailureAsTheRelayerFoundIt() {
        topology.relayerResults.pipeInput(
                PAYMENT,
                result(
                        ChainRequests.verify(PAYMENT, 1, Mode.TEST, OTHER_TX),
                        new NotExecuted("PAYMENT_PENDING_CONFIRMATIONS", "1 of 3 confirmations", null, null)));

        PaymentCommand answer = topology.paymentResults.readValue();
        assertThat(answer.getPayload())
                .isEqualTo(new SettlePayment(
                        PAYMENT + ":verify:1",
                        false,
                        null,
                        null,
                        "PAYMENT_PENDING_CONFIRMATIONS",
                        "1 of 3 confirmations"));
        assertThat(topology.claimedHashes()).isEmpty();
    }
}
