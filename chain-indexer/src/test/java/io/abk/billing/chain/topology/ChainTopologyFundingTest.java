package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainRequests.REQUESTED_AT;
import static io.abk.billing.chain.ChainRequests.SUB;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainRequests;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.settlement.RelayedRequests;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.NotExecuted;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Funding checks through settlement: the sandbox answers with its figures once per request id (a repeat re-emits the
 * same answer, counted once), a mode without a chain answers unchecked, and a mode with a chain leaves the check to
 * its relayer.
 */
class ChainTopologyFundingTest {

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
    void shouldAnswerTheSandboxsFiguresOnceAndTheSameAnswerToARepeat() {
        topology = new ChainTopologyDriver(stateDir, ConfiguredChains.NONE);
        var check = ChainRequests.funding(Mode.TEST, "insufficient_balance");

        topology.requests.pipeInput(SUB, check);
        // A request read again after a crash: the stored answer again, same command id, not counted twice.
        topology.requests.pipeInput(SUB, check);

        var answers = topology.subscriptionResults.readKeyValuesToList();
        assertThat(answers).hasSize(2).allSatisfy(answer -> {
            assertThat(answer.key).isEqualTo(SUB);
            assertThat(answer.value.getCommandId()).isEqualTo(check.getResultCommandId());
            assertThat(answer.value.getSubscriptionId()).isEqualTo(SUB);
            assertThat(answer.value.getMerchantId()).isEqualTo(check.getMerchantId());
            assertThat(answer.value.getMode()).isEqualTo(Mode.TEST);
            assertThat(answer.value.getRequestedAt()).isEqualTo(REQUESTED_AT);
            assertThat(answer.value.getPayload())
                    .isEqualTo(new SettleFundingCheck(check.getRequestId(), true, 0L, null, null, null, null));
        });
        assertThat(checks("test", "checked")).isEqualTo(1.0);
    }

    @Test
    void shouldAnswerUncheckedWithASentenceWhenTheLiveModeHasNoChain() {
        topology = new ChainTopologyDriver(stateDir, new ConfiguredChains(true, false));
        var check = ChainRequests.funding(Mode.LIVE, null);

        topology.requests.pipeInput(SUB, check);

        var answer = topology.subscriptionResults.readValue();
        assertThat(answer.getCommandId()).isEqualTo(check.getResultCommandId());
        assertThat(answer.getPayload())
                .isEqualTo(new SettleFundingCheck(
                        check.getRequestId(),
                        false,
                        null,
                        null,
                        null,
                        null,
                        "No live chain is configured to read the customer's wallet"));
        assertThat(checks("live", "unchecked")).isEqualTo(1.0);
    }

    @Test
    void shouldLeaveTheCheckToTheRelayerOfAModeWithAChain() {
        topology = new ChainTopologyDriver(stateDir, ANVIL_AND_BASE);
        var test = ChainRequests.funding(Mode.TEST, "allowance_revoked");
        var live = ChainRequests.funding(Mode.LIVE, null);

        topology.requests.pipeInput(SUB, test);
        topology.requests.pipeInput(SUB, live);

        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
        assertThat(RelayedRequests.kind(test, ANVIL_AND_BASE, io.abk.billing.schemas.mode.Mode.TEST))
                .isEqualTo(RelayedRequests.Kind.FUNDING);
        assertThat(RelayedRequests.kind(test, ANVIL_AND_BASE, io.abk.billing.schemas.mode.Mode.LIVE))
                .isEqualTo(RelayedRequests.Kind.NONE);
        assertThat(RelayedRequests.kind(live, ANVIL_AND_BASE, io.abk.billing.schemas.mode.Mode.LIVE))
                .isEqualTo(RelayedRequests.Kind.FUNDING);
    }

    @Test
    void shouldLeaveASandboxCheckToNoRelayer() {
        var sandbox = ChainRequests.funding(Mode.TEST, null);

        assertThat(RelayedRequests.kind(sandbox, ConfiguredChains.NONE, io.abk.billing.schemas.mode.Mode.TEST))
                .isEqualTo(RelayedRequests.Kind.NONE);
    }

    // The relayer answers a funding check on the subscription's topic: one on chain.results is its bug, not an answer.
    @Test
    void shouldDeadLetterAFundingCheckFoundOnChainResults() {
        topology = new ChainTopologyDriver(stateDir, ANVIL_AND_BASE);
        var check = ChainRequests.funding(Mode.TEST, null);

        topology.relayerResults.pipeInput(
                SUB,
                new ChainResult(
                        check,
                        Instant.parse("2026-05-01T09:30:05Z"),
                        new NotExecuted("RELAYER_ERROR", "no", null, null)));

        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
        assertThat(topology.deadLetters.getQueueSize()).isEqualTo(1);
    }

    private double checks(String mode, String outcome) {
        return meters.get("billing.funding.checks")
                .tag("mode", mode)
                .tag("outcome", outcome)
                .counter()
                .count();
    }
}
