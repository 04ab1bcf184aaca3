package io.abk.billing.topics;

import java.util.Map;
import java.util.TreeMap;

/**
 * One topic as the deployment wants it: its partitions, replication factor and topic-level configs (cleanup
 * policy, retention, {@code min.insync.replicas} and any override).
 */
public record TopicSpec(String name, int partitions, short replicationFactor, Map<String, String> configs) {

    public TopicSpec {
        if (partitions < 1) {
            throw new IllegalArgumentException("topic " + name + " needs at least one partition, got " + partitions);
        }
        if (replicationFactor < 1) {
            throw new IllegalArgumentException(
                    "topic " + name + " needs a replication factor of at least 1, got " + replicationFactor);
        }
        // Sorted, so reports and logs list the configs in a stable order.
        configs = Map.copyOf(new TreeMap<>(configs));
    }
}
