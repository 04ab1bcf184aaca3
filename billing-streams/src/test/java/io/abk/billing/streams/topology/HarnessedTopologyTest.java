package io.abk.billing.streams.topology;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test of the production topology with its default settings: a fresh {@link TopologyHarness} on a state
 * directory of its own before each test, closed after it. A subclass's own {@code @BeforeEach} runs after this one,
 * so it can already send through {@link #harness}.
 */
abstract class HarnessedTopologyTest {

    @TempDir
    Path stateDir;

    TopologyHarness harness;

    @BeforeEach
    void openHarness() {
        harness = new TopologyHarness(stateDir, Map.of());
    }

    /**
     * A monthly 9.99 USDC subscription created and activated at {@code at} (vault reference 77), its first charge
     * settled: active, with everything it wrote read and forgotten.
     */
    void createActiveSubscription(String subscriptionId, Instant at) {
        harness.send(CommandEnvelopes.create("cmd_create", subscriptionId, at));
        harness.send(CommandEnvelopes.command("cmd_act", subscriptionId, at, new ActivateSubscription("77")));
        harness.send(CommandEnvelopes.settled(
                TopologyHarness.single(harness.chainRequests).value(), true));
        harness.drain();
    }

    @AfterEach
    void closeHarness() {
        harness.close();
    }
}
