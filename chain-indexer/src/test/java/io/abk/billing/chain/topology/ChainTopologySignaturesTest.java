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
 * Signed mandates and transfer authorizations through settlement: left to the relayer where a chain is configured,
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
