package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainTransfers.CUSTOMER;
import static io.abk.billing.chain.ChainTransfers.PAYOUT;
import static io.abk.billing.chain.ChainTransfers.USDC;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainTransfers;
import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PayFromChain;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.ReversePayment;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Auto-settlement of a transfer an EIP-3009 authorization moved: the nonce ({@code keccak256(paymentId)}) names the
 * one payment it pays, through the production topology.
 */
class AutoSettlementNonceTopologyTest {

    private static final String PAY = "pay_01jvqz0000000000000000000p";
    private static final String OTHER = "pay_01jvqz0000000000000000000q";
    private static final String TX = "0x" + "a1".repeat(32);
    private static final long TEN_USDC = 10_000_000;

    @TempDir
    Path stateDir;

    private ChainTopologyDriver topology;

    @BeforeEach
    void startDriver() {
        var settings = new AutoSettlementSettings(
                Map.of(Mode.TEST, USDC, Mode.LIVE, USDC),
                Map.of(Mode.TEST, 6, Mode.LIVE, 6),
                Set.of(),
                Set.of(Mode.TEST, Mode.LIVE));
        topology = new ChainTopologyDriver(stateDir, new ConfiguredChains(true, true), settings);
    }

    @AfterEach
    void closeDriver() {
        topology.close();
    }

    @Test
    void shouldPayThePaymentTheNonceNamesWhenTwoOpenPaymentsHaveTheSameAmountAndPayout() {
        // Protects against the ambiguity a plain transfer has here: the signature names the payment exactly.
        openPayment(PAY);
        openPayment(OTHER);

        publish(ChainTransfers.authorizedTransfer(TX, CUSTOMER, PAYOUT, TEN_USDC, nonce(OTHER)));

        var command = topology.paymentResults.readKeyValue();
        assertThat(command.key).isEqualTo(OTHER);
        assertThat(command.value.getPayload())
                .isEqualTo(new PayFromChain("31337:" + TX + ":1", TX, CUSTOMER, TEN_USDC, nonce(OTHER)));
        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(TX, OTHER));
    }

    @Test
    void shouldPayNothingWhenTheNonceNamesNoOpenPaymentEvenIfAmountAndSenderFitOne() {
        // Guards against the amount-and-sender fallback: this transfer was signed for another payment.
        openPayment(PAY);

        publish(ChainTransfers.authorizedTransfer(TX, CUSTOMER, PAYOUT, TEN_USDC, nonce(OTHER)));
        publish(ChainTransfers.authorizedTransfer("0x" + "a2".repeat(32), CUSTOMER, PAYOUT, TEN_USDC - 1, nonce(PAY)));

        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldReopenThePaymentWhenTheAuthorizedTransferIsRetracted() {
        openPayment(PAY);
        openPayment(OTHER);
        var transfer = ChainTransfers.authorizedTransfer(TX, CUSTOMER, PAYOUT, TEN_USDC, nonce(PAY));
        publish(transfer);
        var paid = topology.paymentResults.readValue();
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "paid", TEN_USDC, null, Mode.TEST));

        publish(ChainTransfers.retracted(transfer));

        PaymentCommand reversal = topology.paymentResults.readValue();
        assertThat(reversal.getPaymentId()).isEqualTo(PAY);
        assertThat(reversal.getPayload()).isEqualTo(new ReversePayment("31337:" + TX + ":1", TX));
        assertThat(reversal.getCommandId()).isNotEqualTo(paid.getCommandId());
        assertThat(topology.paymentResults.isEmpty()).isTrue();
    }

    private void openPayment(String paymentId) {
        topology.changes.pipeInput(
                paymentId, ChainTransfers.paymentChange(paymentId, "open", TEN_USDC, null, Mode.TEST));
    }

    /** What the checkout has the customer sign for {@code paymentId}: keccak256 of its UTF-8 id. */
    private static String nonce(String paymentId) {
        return AuthorizationNonce.of(paymentId);
    }

    private void publish(ChainTransfer transfer) {
        topology.transfers.pipeInput(ChainTransfers.key(transfer), transfer);
    }
}
