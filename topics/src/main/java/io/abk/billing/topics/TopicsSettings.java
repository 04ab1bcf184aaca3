package io.abk.billing.topics;

import io.abk.billing.opskit.config.Env;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.schemas.topic.WebhookRetryTopics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;

/**
 * How the deployment wants its topics laid out: every catalog topic and every webhook retry topic, named as the
 * deployment names them ({@link Deployment}: {@code BILLING_DEPLOYMENT_ID} prefixes each when set), gets
 * {@code partitions} partitions (one count for all: the command topics, {@code billing.changes} and the chain topics
 * are co-partitioned by aggregate id), {@code replicationFactor} replicas and {@code min.insync.replicas}; cleanup
 * policy and retention come from the catalog, and {@code overrides} replace or add topic configs per topic.
 *
 * <p>Environment ({@link #fromEnv}): {@code BILLING_KAFKA_BOOTSTRAP_SERVERS} (localhost:9092),
 * {@code BILLING_DEPLOYMENT_ID} (empty: today's names), {@code BILLING_PARTITIONS} (12), {@code BILLING_REPLICATION_FACTOR} (1), {@code BILLING_MIN_INSYNC_REPLICAS} (1;
 * at most the replication factor), the webhook schedule the sender uses ({@code BILLING_WEBHOOKS_RETRY_DELAYS},
 * {@code _RETRY_EVERY}, {@code _RETRY_FOR}; it decides how many retry topics exist), and per topic
 * {@code BILLING_TOPIC_CONFIG_<NAME>} = {@code key=value,...}, where NAME is the topic's name in upper case with every
 * other character than a letter or digit turned into {@code _} (for example
 * {@code BILLING_TOPIC_CONFIG_BILLING_EVENTS=retention.ms=7776000000} keeps events 90 days); NAME is the catalog's
 * name, without the deployment's prefix, so a deployment's variables do not depend on its id.
 */
public record TopicsSettings(
        String bootstrapServers,
        Deployment deployment,
        int partitions,
        short replicationFactor,
        int minInsyncReplicas,
        WebhookRetryTopics webhookRetries,
        Map<String, Map<String, String>> overrides) {

    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    public static final int DEFAULT_PARTITIONS = 12;
    /**
     * The webhook sender's defaults (docs/architecture.md, "Webhooks"): these delays, then every 12 h until 3 days have
     * passed.
     */
    static final List<Duration> DEFAULT_RETRY_DELAYS = List.of(
            Duration.ofSeconds(5),
            Duration.ofMinutes(5),
            Duration.ofMinutes(30),
            Duration.ofHours(2),
            Duration.ofHours(5),
            Duration.ofHours(10),
            Duration.ofHours(10));

    static final Duration DEFAULT_RETRY_EVERY = Duration.ofHours(12);
    static final Duration DEFAULT_RETRY_FOR = Duration.ofDays(3);
    public static final WebhookRetryTopics DEFAULT_WEBHOOK_RETRIES =
            WebhookRetryTopics.of(DEFAULT_RETRY_DELAYS, DEFAULT_RETRY_EVERY, DEFAULT_RETRY_FOR);
    private static final String OVERRIDE_PREFIX = "BILLING_TOPIC_CONFIG_";

    public TopicsSettings {
        require(!bootstrapServers.isBlank(), "BILLING_KAFKA_BOOTSTRAP_SERVERS must not be blank");
        require(partitions >= 1, "BILLING_PARTITIONS must be at least 1, was " + partitions);
        require(replicationFactor >= 1, "BILLING_REPLICATION_FACTOR must be at least 1, was " + replicationFactor);
        require(
                minInsyncReplicas >= 1 && minInsyncReplicas <= replicationFactor,
                "BILLING_MIN_INSYNC_REPLICAS must be between 1 and BILLING_REPLICATION_FACTOR (" + replicationFactor
                        + "), was " + minInsyncReplicas);
        var copy = new LinkedHashMap<String, Map<String, String>>();
        overrides.forEach((topic, configs) -> copy.put(topic, Map.copyOf(configs)));
        overrides = Map.copyOf(copy);
    }

    /** One broker's layout: what the local stack and the tests use. */
    public static TopicsSettings singleBroker(String bootstrapServers, int partitions) {
        return new TopicsSettings(
                bootstrapServers, Deployment.DEFAULT, partitions, (short) 1, 1, DEFAULT_WEBHOOK_RETRIES, Map.of());
    }

    /** The same layout with the webhook schedule the sender runs with. */
    public TopicsSettings withWebhookRetries(WebhookRetryTopics retries) {
        return new TopicsSettings(
                bootstrapServers, deployment, partitions, replicationFactor, minInsyncReplicas, retries, overrides);
    }

    /** The same layout for the topics of {@code other}. */
    public TopicsSettings withDeployment(Deployment other) {
        return new TopicsSettings(
                bootstrapServers, other, partitions, replicationFactor, minInsyncReplicas, webhookRetries, overrides);
    }

    /** Reads the variables from {@code env}; an unusable value fails with a message naming its variable. */
    public static TopicsSettings fromEnv(Map<String, String> env) {
        var retries = WebhookRetryTopics.of(
                durations(env, "BILLING_WEBHOOKS_RETRY_DELAYS", DEFAULT_RETRY_DELAYS),
                duration(env, "BILLING_WEBHOOKS_RETRY_EVERY", DEFAULT_RETRY_EVERY),
                duration(env, "BILLING_WEBHOOKS_RETRY_FOR", DEFAULT_RETRY_FOR));
        var vars = new Env(env);
        var deployment = Deployment.of(env.get(Deployment.VARIABLE));
        var known = new HashMap<String, String>();
        for (var topic : catalog(retries)) {
            known.put(OVERRIDE_PREFIX + variableSuffix(topic.baseName()), topic.name(deployment));
        }
        var overrides = new LinkedHashMap<String, Map<String, String>>();
        for (var entry : env.entrySet()) {
            if (!entry.getKey().startsWith(OVERRIDE_PREFIX)) {
                continue;
            }
            var topic = known.get(entry.getKey());
            require(
                    topic != null,
                    entry.getKey() + " names no topic of the catalog (expected one of "
                            + known.keySet().stream().sorted().toList() + ")");
            overrides.put(topic, vars.keyValues(entry.getKey()));
        }
        return new TopicsSettings(
                vars.text("BILLING_KAFKA_BOOTSTRAP_SERVERS", DEFAULT_BOOTSTRAP_SERVERS),
                deployment,
                (int) vars.number("BILLING_PARTITIONS", DEFAULT_PARTITIONS),
                (short) vars.number("BILLING_REPLICATION_FACTOR", 1),
                (int) vars.number("BILLING_MIN_INSYNC_REPLICAS", 1),
                retries,
                overrides);
    }

    /** Every topic to provision, in catalog order, then the webhook retry topics and their dead-letter topic. */
    public List<TopicSpec> plan() {
        var specs = new ArrayList<TopicSpec>();
        for (var topic : catalog(webhookRetries)) {
            var name = topic.name(deployment);
            var configs = new LinkedHashMap<>(topic.configs());
            configs.put(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(minInsyncReplicas));
            configs.putAll(overrides.getOrDefault(name, Map.of()));
            specs.add(new TopicSpec(name, partitions, replicationFactor, configs));
        }
        return List.copyOf(specs);
    }

    /** {@code billing.events} -> {@code BILLING_EVENTS}: the part of the override variable that names a topic. */
    static String variableSuffix(String topicName) {
        return topicName.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    private static List<Topic<?, ?>> catalog(WebhookRetryTopics retries) {
        var topics = new ArrayList<Topic<?, ?>>(Topics.all());
        topics.addAll(retries.topics());
        return topics;
    }

    private static Duration duration(Map<String, String> env, String name, Duration fallback) {
        var value = env.get(name);
        return value == null || value.isBlank() ? fallback : DurationText.parse(name, value);
    }

    private static List<Duration> durations(Map<String, String> env, String name, List<Duration> fallback) {
        var value = env.get(name);
        if (value == null) {
            return fallback;
        }
        var out = new ArrayList<Duration>();
        for (var part : value.split(",")) {
            if (!part.isBlank()) {
                out.add(DurationText.parse(name, part));
            }
        }
        return out;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
