package io.abk.billing.schemas.topic;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.Serde;

/**
 * One topic, declared once in {@link Topics}: its name, key and value serdes, clean-up policy, and who writes
 * and reads it (one writer per topic). Partition counts are deployment config, not part of the declaration. Its
 * name on a cluster is the deployment's ({@link #name(Deployment)}): a deployment with an id prefixes it.
 *
 * @param baseName the name in the default deployment (today's name), and the part every deployment's name ends with
 */
public record Topic<K, V>(
        String baseName,
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

    /** This topic's name in {@code deployment}: {@link #baseName()} in the default one, else {@code <id>.<baseName>}. */
    public String name(Deployment deployment) {
        return deployment.name(baseName);
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
