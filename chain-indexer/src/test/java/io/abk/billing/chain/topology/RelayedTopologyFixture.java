package io.abk.billing.chain.topology;

import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The production topology with both chains configured, so requests are left to the relayer and its results arrive
 * on {@code chain.results}: what the tests of relayed settlement start from.
 */
abstract class RelayedTopologyFixture {

    static final String TX = "0x" + "c0ffee00".repeat(8);
    static final Instant EXECUTED_AT = Instant.parse("2026-05-01T09:30:05Z");
    static final ConfiguredChains BOTH_CHAINS = new ConfiguredChains(true, true);

    @TempDir
    Path stateDir;

    ChainTopologyDriver topology;

    @BeforeEach
    void startDriver() {
        topology = new ChainTopologyDriver(stateDir, BOTH_CHAINS);
    }

    @AfterEach
    void closeDriver() {
        topology.close();
    }

    /** The relayer's result of {@code request}, executed at {@link #EXECUTED_AT}. */
    static ChainResult result(ChainRequest request, Object outcome) {
        return new ChainResult(request, EXECUTED_AT, outcome);
    }
}
