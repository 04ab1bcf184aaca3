package io.abk.billing.chain.lease;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.consumer.GroupProtocol;
import org.apache.kafka.common.utils.Utils;

/**
 * How the lease group is set up: its id, the topic its members subscribe to, which partition is which chain's lease,
 * and the consumer settings that make a partition's move wait for its workers to stop ({@link ChainLeases} says why).
 */
final class LeaseGroup {

    private LeaseGroup() {}

    /**
     * The topic the group subscribes to: an existing topic of {@code deployment}, so the leases need none of their
     * own; its partitions are only counted and assigned.
     */
    static String topic(Deployment deployment) {
        return Topics.CHAIN_INDEXER_CHECKPOINTS.name(deployment);
    }

    /** The consumer group whose members share the chains' leases (the application id carries the deployment's prefix). */
    static String groupId(String applicationId) {
        return applicationId + "-chain-workers";
    }

    /**
     * The lease partition of {@code chainId} among {@code partitions}: where the producer's default partitioner puts
     * the key {@code <chainId>}, the chain's cursor on the checkpoint topic.
     */
    static int partitionOf(long chainId, int partitions) {
        var key = Long.toString(chainId).getBytes(StandardCharsets.UTF_8);
        return Utils.toPositive(Utils.murmur2(key)) % partitions;
    }

    static Map<String, Object> consumerProperties(
            ChainIndexerSettings config, String groupId, Duration maxPollInterval) {
        var session = config.leaseSessionTimeout();
        return Map.ofEntries(
                Map.entry(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers()),
                Map.entry(ConsumerConfig.GROUP_ID_CONFIG, groupId),
                Map.entry(ConsumerConfig.CLIENT_ID_CONFIG, groupId),
                // The classic protocol: the session timeout is then the member's to choose (see {@link ChainLeases}).
                Map.entry(ConsumerConfig.GROUP_PROTOCOL_CONFIG, GroupProtocol.CLASSIC.name),
                Map.entry(
                        ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, CooperativeStickyAssignor.class.getName()),
                Map.entry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) session.toMillis()),
                // A fifth of the session: a member hears of a rebalance, and so of a lease to take, within 2 s of 10.
                Map.entry(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, (int)
                        session.dividedBy(5).toMillis()),
                Map.entry(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, (int)
                        Math.min(Integer.MAX_VALUE, maxPollInterval.toMillis())),
                // Nothing is read, so nothing is committed; a new member's positions cost one cheap look-up.
                Map.entry(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                Map.entry(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest"));
    }
}
