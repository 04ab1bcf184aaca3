package io.abk.billing.chain.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainIndexerSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ChainLeasesTest {

    @Test
    void shouldRunNothingWhenNoChainIsConfigured() {
        // Not even a consumer: the broker named here does not exist.
        var sandboxOnly = ChainIndexerSettings.defaults("127.0.0.1:9", Path.of("unused"));

        assertThat(ChainLeases.start(sandboxOnly)).isEmpty();
    }
}
