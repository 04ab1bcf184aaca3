package io.abk.billing.chain.lease;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LeaseGroupTest {

    @ParameterizedTest
    @CsvSource({"8453, 12", "84532, 12", "31337, 12", "31337, 1", "8453, 2", "84532, 3"})
    void shouldLeaseAChainAsThePartitionOfItsCursorWhenMappingItsId(long chainId, int partitions) {
        // The producer's own choice for the cursor's key, which every replica computes alike.
        var cursorKey = Long.toString(chainId).getBytes(StandardCharsets.UTF_8);

        assertThat(LeaseGroup.partitionOf(chainId, partitions))
                .isEqualTo(BuiltInPartitioner.partitionForKey(cursorKey, partitions));
    }

    @Test
    void shouldNameTheGroupAfterTheApplicationWhenDerivingItsId() {
        assertThat(LeaseGroup.groupId("chain-indexer")).isEqualTo("chain-indexer-chain-workers");
    }
}
