package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainRequests.AMOUNT;
import static io.abk.billing.chain.ChainRequests.INVOICE;
import static io.abk.billing.chain.ChainRequests.MERCHANT;
import static io.abk.billing.chain.ChainRequests.OTHER_PAYMENT;
import static io.abk.billing.chain.ChainRequests.PAYMENT;
import static io.abk.billing.chain.ChainRequests.REQUESTED_AT;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainRequests;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.domain.settlement.SandboxTxHash;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettlePayment;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Payment verifications through the production topology with no chain configured (the sandbox): verify requests
 * in on {@code chain.requests}, {@code SettlePayment} commands out on {@code billing.payment-commands}, the
 * hashes' claims held behind the {@code tx-claims} repartition.
 */
class ChainTopologyVerificationTest {

    private static final String HASH = "0x" + "5e7f".repeat(16);
    private static final String USED = "Transaction " + HASH + " has already paid another payment";

    @TempDir
    Path stateDir;

    private ChainTopologyDriver topology;

    @BeforeEach
    void startDriver() {
        topology = new ChainTopologyDriver(stateDir.resolve("sandbox"), ConfiguredChains.NONE);
    }

    @AfterEach
    void closeDriver() {
        topology.close();
    }

    @Test
    void shouldAnswerWithAPaidSettlePaymentKeyedByThePaymentWhenASandboxConfirmHasNoHash() {
        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.TEST, null));

        var result = single(topology);
        assertThat(result.key()).isEqualTo(PAYMENT);
        var command = result.value();
        assertThat(command.getCommandId()).isEqualTo(ChainRequests.resultCommandId(PAYMENT + ":verify:1"));
        assertThat(command.getPaymentId()).isEqualTo(PAYMENT);
        assertThat(command.getMerchantId()).isEqualTo(MERCHANT);
        assertThat(command.getMode()).isEqualTo(Mode.TEST);
        assertThat(command.getRequestedAt()).isEqualTo(REQUESTED_AT);
        assertThat(command.getIdempotencyKey()).isNull();
        assertThat(command.getRequestId()).isNull();
        assertThat(command.getPayload())
                .isEqualTo(
                        new SettlePayment(PAYMENT + ":verify:1", true, SandboxTxHash.of(PAYMENT), AMOUNT, null, null));
        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
        // The generated hash is this payment's: another payment cannot use it.
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(SandboxTxHash.of(PAYMENT), PAYMENT));
        topology.requests.pipeInput(
                OTHER_PAYMENT, ChainRequests.verify(OTHER_PAYMENT, 1, Mode.TEST, SandboxTxHash.of(PAYMENT)));
        assertThat(settle(single(topology)).getFailureCode()).isEqualTo("PAYMENT_TX_ALREADY_USED");
    }

    @Test
    void shouldPayOnlyTheFirstPaymentWhenTwoPaymentsConfirmWithTheSameHash() {
        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.TEST, HASH));
        // Another payment, the same hash in upper case (hex is case-insensitive: still the same transaction).
        topology.requests.pipeInput(
                OTHER_PAYMENT,
                ChainRequests.verify(
                        OTHER_PAYMENT, 1, Mode.TEST, "0x" + HASH.substring(2).toUpperCase()));

        var results = topology.paymentResults.readRecordsToList();
        assertThat(results).extracting(TestRecord::key).containsExactly(PAYMENT, OTHER_PAYMENT);
        assertThat(settle(results.get(0)))
                .isEqualTo(new SettlePayment(PAYMENT + ":verify:1", true, HASH, AMOUNT, null, null));
        assertThat(settle(results.get(1)))
                .isEqualTo(new SettlePayment(
                        OTHER_PAYMENT + ":verify:1", false, null, null, "PAYMENT_TX_ALREADY_USED", USED));
        assertThat(results.get(1).value().getCommandId())
                .isEqualTo(ChainRequests.resultCommandId(OTHER_PAYMENT + ":verify:1"));
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(HASH, PAYMENT));
        assertThat(topology.driver.producedTopicNames()).contains("chain-indexer-tx-claims-repartition");
    }

    @Test
    void shouldPayAgainWhenTheSamePaymentConfirmsWithItsHashAgain() {
        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.TEST, HASH));
        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 2, Mode.TEST, HASH));

        var results = topology.paymentResults.readValuesToList();
        assertThat(results)
                .extracting(PaymentCommand::getCommandId)
                .containsExactly(
                        ChainRequests.resultCommandId(PAYMENT + ":verify:1"),
                        ChainRequests.resultCommandId(PAYMENT + ":verify:2"));
        assertThat(results)
                .extracting(command -> ((SettlePayment) command.getPayload()).getSucceeded())
                .containsExactly(true, true);
        assertThat(results)
                .extracting(command -> ((SettlePayment) command.getPayload()).getTxHash())
                .containsExactly(HASH, HASH);
    }

    @Test
    void shouldRefuseAConfirmWhenItsHashPaidACharge() {
        topology.requests.pipeInput(INVOICE, ChainRequests.charge(1, Mode.TEST, null, null));
        var chargeHash =
                ((SettleCharge) topology.subscriptionResults.readValue().getPayload()).getTxHash();

        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.TEST, chargeHash));

        assertThat(settle(single(topology)))
                .isEqualTo(new SettlePayment(
                        PAYMENT + ":verify:1",
                        false,
                        null,
                        null,
                        "PAYMENT_TX_ALREADY_USED",
                        "Transaction " + chargeHash + " has already paid another payment"));
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(chargeHash, INVOICE));
    }

    @Test
    void shouldGiveOneIdenticalResultPerDeliveryWhenTheSameRequestArrivesTwice() {
        var request = ChainRequests.verify(PAYMENT, 1, Mode.TEST, HASH);
        topology.requests.pipeInput(PAYMENT, request);
        var first = single(topology);

        topology.requests.pipeInput(PAYMENT, request);

        var again = single(topology);
        assertThat(again.key()).isEqualTo(first.key());
        assertThat(again.value()).isEqualTo(first.value());
        assertThat(settle(again).getSucceeded()).isTrue();
    }

    @Test
    void shouldAnswerTheScenarioFailureWithoutClaimingWhenAConfirmNamesAMagicHash() {
        var magic = "0x" + "0".repeat(63) + "4";
        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.TEST, magic));

        assertThat(settle(single(topology)))
                .isEqualTo(new SettlePayment(
                        PAYMENT + ":verify:1",
                        false,
                        null,
                        null,
                        "PAYMENT_SHORT",
                        "Transaction " + magic + " pays less than the payment: expected 9.99 USDC, "
                                + "received 4.995 USDC"));
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldAnswerChainUnavailableWhenALiveConfirmArrives() {
        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.LIVE, HASH));

        var result = single(topology);
        assertThat(result.value().getMode()).isEqualTo(Mode.LIVE);
        assertThat(settle(result))
                .isEqualTo(new SettlePayment(
                        PAYMENT + ":verify:1",
                        false,
                        null,
                        null,
                        "CHAIN_UNAVAILABLE",
                        "No live chain is configured to verify transactions"));
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldSkipAVerifyRequestWhenItNamesNoPayment() {
        topology.requests.pipeInput(
                PAYMENT,
                ChainRequest.newBuilder(ChainRequests.verify(PAYMENT, 1, Mode.TEST, HASH))
                        .setPaymentId(null)
                        .build());
        topology.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 2, Mode.TEST, HASH));

        // The request nobody can be answered about is skipped, and claims nothing; the next one is answered.
        assertThat(settle(single(topology)).getRequestId()).isEqualTo(PAYMENT + ":verify:2");
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(HASH, PAYMENT));
    }

    @Test
    void shouldRequireAHashAndLeaveTheRestToTheRelayerWhenATestChainIsConfigured() {
        try (var withChain =
                new ChainTopologyDriver(stateDir.resolve("test-chain"), new ConfiguredChains(true, false))) {
            withChain.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.TEST, null));
            withChain.requests.pipeInput(PAYMENT, ChainRequests.verify(PAYMENT, 2, Mode.TEST, HASH));

            // Only the hash-less confirm is answered here; the relayer reads the other on chain.
            var results = withChain.paymentResults.readValuesToList().stream()
                    .map(PaymentCommand::getPayload)
                    .map(SettlePayment.class::cast)
                    .toList();
            assertThat(results)
                    .containsExactly(new SettlePayment(
                            PAYMENT + ":verify:1",
                            false,
                            null,
                            null,
                            "PAYMENT_TX_NOT_FOUND",
                            "A transaction hash is required to verify a payment on Base Sepolia"));
            assertThat(withChain.claimedHashes()).isEmpty();
        }
    }

    private static TestRecord<String, PaymentCommand> single(ChainTopologyDriver topology) {
        List<TestRecord<String, PaymentCommand>> records = topology.paymentResults.readRecordsToList();
        assertThat(records).hasSize(1);
        return records.getFirst();
    }

    private static SettlePayment settle(TestRecord<String, PaymentCommand> record) {
        return (SettlePayment) record.value().getPayload();
    }
}
