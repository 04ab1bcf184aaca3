package io.abk.billing.chain.follow;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.topic.Deployment;
import org.junit.jupiter.api.Test;

class FollowerProducerNamesTest {

    /** Protects two deployments following one chain on one cluster: one transactional id would fence the other's. */
    @Test
    void shouldGiveEachDeploymentsFollowerOfAChainItsOwnTransactionalId() {
        assertThat(FollowerProducer.transactionalId(Deployment.DEFAULT, 84532))
                .isEqualTo("chain-indexer-follower-84532");
        assertThat(FollowerProducer.transactionalId(Deployment.of("blue"), 84532))
                .isEqualTo("blue.chain-indexer-follower-84532");
    }
}
