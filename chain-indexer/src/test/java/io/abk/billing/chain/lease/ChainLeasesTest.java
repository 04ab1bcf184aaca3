package io.abk.billing.chain.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainIndexerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ChainLeasesTest {

    @ParameterizedTest
    @CsvSource({"8453, 12", "84532, 12", "31337, 12", "31337, 1", "8453, 2", "84532, 3"})
    void shouldLeaseAChainAsThePartitionOfItsCursorWhenMappingItsId(long chainId, int partitions) {
        // The producer's own choice for the cursor's key, which every replica computes alike.
        var cursorKey = Long.toString(chainId).getBytes(StandardCharsets.UTF_8);

        assertThat(ChainLeases.partitionOf(chainId, partitions))
                .isEqualTo(BuiltInPartitioner.partitionForKey(cursorKey, partitions));
    }

    @Test
    void shouldRunNothingWhenNoChainIsConfigured() {
        // Not even a consumer: the broker named here does not exist.
        var sandboxOnly = ChainIndexerConfig.defaults("127.0.0.1:9", Path.of("unused"));

        assertThat(ChainLeases.start(sandboxOnly)).isEmpty();
    }

    @Test
    void shouldNameTheGroupAfterTheApplication() {
        assertThat(ChainLeases.groupId("chain-indexer")).isEqualTo("chain-indexer-chain-workers");
    }
}
