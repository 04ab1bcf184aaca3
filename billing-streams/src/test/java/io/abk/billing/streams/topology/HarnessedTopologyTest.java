package io.abk.billing.streams.topology;

import java.nio.file.Path;
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

    @AfterEach
    void closeHarness() {
        harness.close();
    }
}
