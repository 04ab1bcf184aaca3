package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainRequests.MERCHANT;
import static io.abk.billing.chain.ChainRequests.PAYMENT;
import static io.abk.billing.chain.ChainRequests.SUB;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainRequests;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.NotExecuted;
import io.abk.billing.schemas.avro.SettleCustomerRequest;
import io.abk.billing.schemas.avro.SettleSignedMandate;
import io.abk.billing.schemas.avro.SettleTransferAuthorization;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signed mandates, transfer authorizations and a customer's signed cancels and permits through settlement: left to the relayer where a chain is configured,
 * answered once per request id with the relayer's transaction and gas (also when the relayer writes twice), counted
 * once in the gas metrics, and refused without a chain.
 */
class ChainTopologySignaturesTest {

    private static final String TX = "0x" + "c0ffee00".repeat(8);
    private static final Instant EXECUTED_AT = Instant.parse("2026-05-01T09:30:05Z");
    private static final ConfiguredChains ANVIL_AND_BASE =
            new ConfiguredChains(true, true, "Anvil", "Base", 31_337, 8_453);

    @TempDir
    Path stateDir;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private ChainTopologyDriver topology;

    @BeforeEach
    void start() {
        Metrics.addRegistry(meters);
    }

    @AfterEach
    void stop() {
        if (topology != null) {
            topology.close();
        }
        Metrics.removeRegistry(meters);
        meters.close();
    }

    @Test
    void shouldLeaveSignaturesToTheRelayerWhenTheModeHasAChain() {
        topology = new ChainTopologyDriver(stateDir, ANVIL_AND_BASE);

        topology.requests.pipeInput(SUB, ChainRequests.mandate(1, Mode.TEST));
        topology.requests.pipeInput(PAYMENT, ChainRequests.authorization(PAYMENT, 1, Mode.LIVE));

        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
        assertThat(topology.paymentResults.isEmpty()).isTrue();
    }

    @Test
    void shouldAnswerASubmittedMandateOnceWithItsGasWhenTheRelayerWritesItTwice() {
        topology = new ChainTopologyDriver(stateDir, ANVIL_AND_BASE);
        var mandate = ChainRequests.mandate(1, Mode.TEST);

        topology.relayerResults.pipeInput(SUB, result(mandate, new Executed(TX, 187_000L, "187000000000000")));
        // Guards against a relayer retry after a crash becoming a second answer or a second count.
        topology.relayerResults.pipeInput(SUB, result(mandate, new NotExecuted("MANDATE_EXISTS", "used", null, null)));

        var answers = topology.subscriptionResults.readKeyValuesToList();
        assertThat(answers).hasSize(2).allSatisfy(answer -> {
            assertThat(answer.key).isEqualTo(SUB);
            assertThat(answer.value.getCommandId()).isEqualTo(mandate.getResultCommandId());
            assertThat(answer.value.getPayload())
                    .isEqualTo(new SettleSignedMandate(
                            SUB + ":mandate:1", true, TX, null, null, 187_000L, "187000000000000"));
        });
        assertThat(gas("billing.relayer.gas.used", "31337", "mandate")).isEqualTo(187_000.0);
        assertThat(gas("billing.relayer.gas.cost.wei", "31337", "mandate")).isEqualTo(187_000_000_000_000.0);
        // Nothing is claimed: the first invoice is paid by the charge that answers with this transaction.
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldAnswerARefusedAuthorizationOnceWithTheGasOfItsRevertedTransaction() {
        topology = new ChainTopologyDriver(stateDir, ANVIL_AND_BASE);
        var authorization = ChainRequests.authorization(PAYMENT, 2, Mode.LIVE);

        topology.relayerResults.pipeInput(
                PAYMENT,
                result(authorization, new NotExecuted("AUTHORIZATION_USED", "The nonce is used", 41_000L, "41000")));
        topology.relayerResults.pipeInput(PAYMENT, result(authorization, new Executed(TX, 60_000L, "60000")));

        var answers = topology.paymentResults.readKeyValuesToList();
        assertThat(answers).hasSize(2).allSatisfy(answer -> {
            assertThat(answer.key).isEqualTo(PAYMENT);
            assertThat(answer.value.getCommandId()).isEqualTo(authorization.getResultCommandId());
            assertThat(answer.value.getPayload())
                    .isEqualTo(new SettleTransferAuthorization(
                            PAYMENT + ":authorization:2",
                            false,
                            null,
                            "AUTHORIZATION_USED",
                            "The nonce is used",
                            41_000L,
                            "41000"));
        });
        assertThat(gas("billing.relayer.gas.used", "8453", "authorization")).isEqualTo(41_000.0);
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldRefuseSignaturesWithRelayerErrorWhenNoChainCanSubmitThem() {
        topology = new ChainTopologyDriver(stateDir, ConfiguredChains.NONE);

        topology.requests.pipeInput(SUB, ChainRequests.mandate(1, Mode.TEST));
        topology.requests.pipeInput(PAYMENT, ChainRequests.authorization(PAYMENT, 1, Mode.TEST));
        topology.requests.pipeInput(PAYMENT, ChainRequests.authorization(PAYMENT, 1, Mode.TEST));

        var mandate =
                (SettleSignedMandate) topology.subscriptionResults.readValue().getPayload();
        assertThat(mandate.getSucceeded()).isFalse();
        assertThat(mandate.getFailureCode()).isEqualTo("RELAYER_ERROR");
        assertThat(mandate.getFailureMessage()).isEqualTo("No chain for signatures: no test chain is configured");
        assertThat(mandate.getGasUsed()).isNull();
        var authorizations = topology.paymentResults.readValuesToList();
        assertThat(authorizations).hasSize(2);
        assertThat(authorizations.getFirst()).isEqualTo(authorizations.getLast());
        var authorization =
                (SettleTransferAuthorization) authorizations.getFirst().getPayload();
        assertThat(authorization.getFailureCode()).isEqualTo("RELAYER_ERROR");
        // The global registry shares earlier tests' series with this one, from zero: none grew.
        assertThat(meters.find("billing.relayer.gas.used").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
    }

    @Test
    void shouldAnswerEachCustomerActionOnceAsItsKindAndCountItsGasUnderCancelOrPermit() {
        topology = new ChainTopologyDriver(stateDir, ANVIL_AND_BASE);
        var cancel = ChainRequests.cancel(1, Mode.TEST);
        var permit = ChainRequests.permit(2, Mode.TEST);

        // Left to the relayer: neither is answered from the request itself, though its amount is zero.
        topology.requests.pipeInput(SUB, cancel);
        topology.requests.pipeInput(SUB, permit);
        assertThat(topology.subscriptionResults.isEmpty()).isTrue();

        topology.relayerResults.pipeInput(SUB, result(cancel, new Executed(TX, 38_000L, "38000000")));
        topology.relayerResults.pipeInput(
                SUB, result(permit, new NotExecuted("SIGNATURE_INVALID", "EIP2612: invalid signature", null, null)));
        // A relayer retry after a crash re-emits the stored answers: no second decision, no second count.
        topology.relayerResults.pipeInput(
                SUB, result(cancel, new NotExecuted("MANDATE_REVOKED", "canceled", null, null)));
        topology.relayerResults.pipeInput(SUB, result(permit, new Executed(TX, 52_000L, "52000")));

        var answers = topology.subscriptionResults.readKeyValuesToList();
        var revoke = new SettleCustomerRequest(SUB + ":cancel:1", "revoke", true, TX, null, null, 38_000L, "38000000");
        var raise = new SettleCustomerRequest(
                SUB + ":permit:2",
                "raise_allowance",
                false,
                null,
                "SIGNATURE_INVALID",
                "EIP2612: invalid signature",
                null,
                null);
        assertThat(answers).extracting(answer -> answer.key).containsOnly(SUB);
        assertThat(answers)
                .extracting(answer -> answer.value.getCommandId())
                .containsExactly(
                        cancel.getResultCommandId(),
                        permit.getResultCommandId(),
                        cancel.getResultCommandId(),
                        permit.getResultCommandId());
        assertThat(answers)
                .extracting(answer -> answer.value.getPayload())
                .containsExactly(revoke, raise, revoke, raise);
        assertThat(gas("billing.relayer.gas.used", "31337", "cancel")).isEqualTo(38_000.0);
        assertThat(gas("billing.relayer.gas.cost.wei", "31337", "cancel")).isEqualTo(38_000_000.0);
        // The refused permit had no transaction of the relayer's: nothing counted under permit.
        assertThat(meters.find("billing.relayer.gas.used").tag("kind", "permit").counters())
                .allSatisfy(counter -> assertThat(counter.count()).isZero());
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldRefuseCustomerActionsWithRelayerErrorWhenNoChainCanSubmitThem() {
        topology = new ChainTopologyDriver(stateDir, ConfiguredChains.NONE);

        topology.requests.pipeInput(SUB, ChainRequests.cancel(1, Mode.LIVE));
        topology.requests.pipeInput(SUB, ChainRequests.permit(1, Mode.TEST));

        var answers = topology.subscriptionResults.readValuesToList();
        assertThat(answers)
                .extracting(answer -> (SettleCustomerRequest) answer.getPayload())
                .satisfiesExactly(
                        cancel -> {
                            assertThat(cancel.getKind()).isEqualTo("revoke");
                            assertThat(cancel.getSucceeded()).isFalse();
                            assertThat(cancel.getFailureCode()).isEqualTo("RELAYER_ERROR");
                            assertThat(cancel.getFailureMessage())
                                    .isEqualTo("No chain for signatures: no live chain is configured");
                        },
                        permit -> {
                            assertThat(permit.getKind()).isEqualTo("raise_allowance");
                            assertThat(permit.getFailureCode()).isEqualTo("RELAYER_ERROR");
                            assertThat(permit.getGasUsed()).isNull();
                        });
    }

    private double gas(String name, String chainId, String kind) {
        return meters.get(name)
                .tags("chainId", chainId, "merchantId", MERCHANT, "kind", kind)
                .counter()
                .count();
    }

    private static ChainResult result(ChainRequest request, Object outcome) {
        return new ChainResult(request, EXECUTED_AT, outcome);
    }
}
