package io.abk.billing.schemas.topic;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.Serde;

/**
 * One topic, declared once in {@link Topics}: its name, key and value serdes, clean-up policy, and who writes
 * and reads it (one writer per topic). Partition counts are deployment config, not part of the declaration.
 */
public record Topic<K, V>(
        String name,
        Serde<K> keySerde,
        Serde<V> valueSerde,
        Cleanup cleanup,
        Duration retention,
        String writer,
        String readers) {

    /** How the broker cleans the topic. */
    public enum Cleanup {
        DELETE,
        COMPACT
    }

    /** The topic-level configs to create the topic with. */
    public Map<String, String> configs() {
        return switch (cleanup) {
            case DELETE ->
                Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG,
                        TopicConfig.CLEANUP_POLICY_DELETE,
                        TopicConfig.RETENTION_MS_CONFIG,
                        Long.toString(retention.toMillis()));
            case COMPACT -> Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
        };
    }
}
