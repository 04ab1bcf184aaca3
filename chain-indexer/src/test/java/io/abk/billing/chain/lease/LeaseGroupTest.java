package io.abk.billing.chain.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.schemas.topic.Deployment;
import java.nio.charset.StandardCharsets;
import java.util.Map;
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

    /** Protects two deployments on one cluster: one lease group would hand one deployment's chains to the other. */
    @Test
    void shouldLeaseInTheDeploymentsOwnGroupAndTopicWhenTheDeploymentHasAnId() {
        var blue = ChainIndexerSettings.fromEnv(Map.of(Deployment.VARIABLE, "blue"));

        assertThat(LeaseGroup.groupId(blue.applicationId())).isEqualTo("blue.chain-indexer-chain-workers");
        assertThat(LeaseGroup.topic(blue.deployment())).isEqualTo("blue.chain.indexer-checkpoints");
        assertThat(LeaseGroup.topic(Deployment.DEFAULT)).isEqualTo("chain.indexer-checkpoints");
    }
}
