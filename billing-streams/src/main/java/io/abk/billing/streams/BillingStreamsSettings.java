package io.abk.billing.streams;

import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.errors.CommandFailureHandler;
import io.abk.billing.streams.errors.UnreadableCommandHandler;
import io.abk.billing.streams.payment.domain.PaymentPolicy;
import io.abk.billing.streams.subscription.PortalLinks;
import io.abk.billing.streams.subscription.domain.DunningPolicy;
import io.abk.billing.streamskit.config.StreamsProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.jspecify.annotations.Nullable;

/**
 * How billing-streams runs: where Kafka is, its application id (the consumer group and the prefix of its internal
 * topics), its local state directory, threads, commit interval, and raw Kafka Streams properties that override
 * everything else. {@link #streamsProperties()} turns it into the full Kafka Streams configuration.
 *
 * <p>Environment ({@link #fromEnv()}): {@code BILLING_KAFKA_BOOTSTRAP_SERVERS} (localhost:9092),
 * {@code BILLING_STREAMS_APPLICATION_ID} (billing-streams), {@code BILLING_STREAMS_STATE_DIR}
 * (&lt;tmpdir&gt;/billing-streams), {@code BILLING_STREAMS_THREADS} (1), {@code BILLING_STREAMS_COMMIT_INTERVAL_MS}
 * (30), {@code BILLING_USAGE_COMMIT_INTERVAL_MS} (1000), the commit interval of the usage processor's application, and
 * {@code BILLING_STREAMS_PROPERTIES}, comma-separated {@code key=value} Kafka Streams properties such as
 * {@code producer.linger.ms=0,num.standby.replicas=1}, and {@code BILLING_DUNNING_RETRY_DELAYS}
 * (P1D,P2D,P4D), the ISO-8601 durations after the 1st, 2nd, ... failed charge attempt of an invoice until the next
 * one; the attempt after the last delay is the last, so the default allows four; {@code BILLING_PAYMENT_EXPIRY}
 * (PT24H), the ISO-8601 duration after which an open one-time payment expires; the Kafka security settings of
 * {@link KafkaClientSecurity}; {@code BILLING_DEPLOYMENT_ID} ({@link Deployment}), which prefixes the application
 * id and every topic's name; and {@code BILLING_PUBLIC_URL} (http://localhost:8080), the gateway's address customers
 * open, under which the funding events link the customer portal.
 *
 * @param applicationId the application id the app runs under: the deployment's prefix, then the configured id; the
 *     usage processor runs as its own application, {@link #usageApplicationId()}
 * @param usageCommitInterval how often the usage processor's application commits ({@link #DEFAULT_USAGE_COMMIT_INTERVAL})
 */
public record BillingStreamsSettings(
        String bootstrapServers,
        String applicationId,
        Path stateDir,
        int streamThreads,
        Duration commitInterval,
        Duration usageCommitInterval,
        Map<String, String> overrides,
        DunningPolicy dunning,
        PaymentPolicy payments,
        KafkaClientSecurity kafkaSecurity,
        Deployment deployment,
        PortalLinks portal) {

    /**
     * Under exactly-once, output becomes visible to read_committed readers (the gateway's projector) only when
     * the transaction commits, so every create waits up to one commit interval: Kafka's EOS default of 100 ms
     * would eat half of the 200 ms p99 budget. Measured with ./billing bench on 2 cores (500 creates/s): 50 ms
     * gave p50 55-65 ms, 30 ms gave p50 35 ms and the most throughput; 20 ms cost more in commits than it saved.
     */
    public static final Duration DEFAULT_COMMIT_INTERVAL = Duration.ofMillis(30);

    /**
     * The usage processor's commit interval. Nothing waits on a meter event's output (the route answers 202 once Kafka
     * has it; summaries are written about once a second anyway), while every commit of an exactly-once application
     * costs a producer flush, the offsets and a transaction marker on every partition it wrote: with the aggregates'
     * 30 ms, the usage processor's one stream thread spent most of its time committing. One second is the summaries'
     * own pace; the renewal that closes a period waits up to that much longer for the usage it records.
     */
    public static final Duration DEFAULT_USAGE_COMMIT_INTERVAL = Duration.ofSeconds(1);

    /** The usage processor's application id is the billing-streams one with this suffix. */
    public static final String USAGE_APPLICATION_SUFFIX = "-usage";

    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    public static final String DEFAULT_APPLICATION_ID = "billing-streams";

    public BillingStreamsSettings {
        require(!bootstrapServers.isBlank(), "bootstrapServers must not be blank");
        require(!applicationId.isBlank(), "applicationId must not be blank");
        require(streamThreads >= 1, "streamThreads must be at least 1, was " + streamThreads);
        require(commitInterval.isPositive(), "commitInterval must be positive, was " + commitInterval);
        require(usageCommitInterval.isPositive(), "usageCommitInterval must be positive, was " + usageCommitInterval);
        overrides = Map.copyOf(overrides);
    }

    public static BillingStreamsSettings fromEnv() {
        return fromEnv(System.getenv());
    }

    /** Reads the variables from {@code env}; an unparsable value fails with a message naming the variable. */
    public static BillingStreamsSettings fromEnv(Map<String, String> env) {
        var vars = new Env(env);
        var deployment = Deployment.of(env.get(Deployment.VARIABLE));
        return new BillingStreamsSettings(
                vars.text("BILLING_KAFKA_BOOTSTRAP_SERVERS", DEFAULT_BOOTSTRAP_SERVERS),
                deployment.name(vars.text("BILLING_STREAMS_APPLICATION_ID", DEFAULT_APPLICATION_ID)),
                vars.path("BILLING_STREAMS_STATE_DIR", defaultStateDir()),
                (int) vars.number("BILLING_STREAMS_THREADS", 1),
                vars.millis("BILLING_STREAMS_COMMIT_INTERVAL_MS", DEFAULT_COMMIT_INTERVAL),
                vars.millis("BILLING_USAGE_COMMIT_INTERVAL_MS", DEFAULT_USAGE_COMMIT_INTERVAL),
                vars.keyValues("BILLING_STREAMS_PROPERTIES"),
                dunning(env.get("BILLING_DUNNING_RETRY_DELAYS")),
                payments(env.get("BILLING_PAYMENT_EXPIRY")),
                KafkaClientSecurity.fromEnv(vars),
                deployment,
                new PortalLinks(vars.text("BILLING_PUBLIC_URL", PortalLinks.LOCAL.publicUrl())));
    }

    /**
     * The production settings (an empty environment's: one thread) against {@code bootstrapServers} and
     * {@code stateDir}, for a launcher that knows only where Kafka and its data are.
     */
    public static BillingStreamsSettings defaults(String bootstrapServers, Path stateDir) {
        return fromEnv(Map.of()).at(bootstrapServers, stateDir);
    }

    public BillingStreamsSettings withOverrides(Map<String, String> more) {
        var merged = new LinkedHashMap<>(overrides);
        merged.putAll(more);
        return copy(bootstrapServers, stateDir, merged);
    }

    /** The same settings against another broker and state directory (for a launcher that owns both). */
    public BillingStreamsSettings at(String bootstrapServers, Path stateDir) {
        return copy(bootstrapServers, stateDir, overrides);
    }

    /** The same settings with the funding events linking the portal under {@code portal}. */
    public BillingStreamsSettings withPortal(PortalLinks portal) {
        return copy(bootstrapServers, stateDir, overrides, portal);
    }

    private BillingStreamsSettings copy(String bootstrapServers, Path stateDir, Map<String, String> overrides) {
        return copy(bootstrapServers, stateDir, overrides, portal);
    }

    private BillingStreamsSettings copy(
            String bootstrapServers, Path stateDir, Map<String, String> overrides, PortalLinks portal) {
        return new BillingStreamsSettings(
                bootstrapServers,
                applicationId,
                stateDir,
                streamThreads,
                commitInterval,
                usageCommitInterval,
                overrides,
                dunning,
                payments,
                kafkaSecurity,
                deployment,
                portal);
    }

    /**
     * The usage processor's application id: the consumer group of {@code billing.meter-events} and
     * {@code billing.usage-commands}, and the prefix of the usage stores' changelogs.
     */
    public String usageApplicationId() {
        return applicationId + USAGE_APPLICATION_SUFFIX;
    }

    /** The complete Kafka Streams configuration of the aggregates' application; {@link #overrides()} are applied last. */
    public Properties streamsProperties() {
        var props = baseProperties(applicationId, commitInterval);
        // Each task reads one command topic's partition (BillingTopology checks it); the usage processor's tasks read
        // two, and keep the wait (usageStreamsProperties).
        StreamsProperties.skipIdleWait(props);
        props.putAll(overrides);
        return props;
    }

    /**
     * The complete Kafka Streams configuration of the usage processor's application: the aggregates' (overrides
     * included), under {@link #usageApplicationId()} and committing every {@link #usageCommitInterval()}.
     *
     * <p>It keeps Kafka Streams' {@code max.task.idle.ms} of 0: a task whose other topic has nothing buffered first
     * learns from the broker that nothing waits there, so a subscription's {@code TrackUsage} is applied before the
     * customer's events written after it. Disabling that wait (-1) let events fetched first count for no item
     * ({@code UsageMillionEventsIT} lost 7 % of a customer's usage at the start).
     */
    public Properties usageStreamsProperties() {
        var props = baseProperties(usageApplicationId(), usageCommitInterval);
        props.putAll(overrides);
        // Its own id and commit interval whatever the overrides say: they are the aggregates' application's.
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, usageApplicationId());
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, Long.toString(usageCommitInterval.toMillis()));
        return props;
    }

    private Properties baseProperties(String applicationId, Duration commitInterval) {
        var props =
                StreamsProperties.exactlyOnce(bootstrapServers, applicationId, stateDir, commitInterval, kafkaSecurity);
        props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, Integer.toString(streamThreads));
        props.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, CommandFailureHandler.class.getName());
        props.put(
                StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, UnreadableCommandHandler.class.getName());
        // Our handlers take the catalog's topic from here (Kafka Streams configures them with these properties), and
        // Kafka's built-in handlers (e.g. for production errors) write to the same place.
        props.put(
                StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG, Topics.STREAMS_DEAD_LETTERS.name(deployment));
        return props;
    }

    private static Path defaultStateDir() {
        return Path.of(System.getProperty("java.io.tmpdir"), "billing-streams");
    }

    private static DunningPolicy dunning(@Nullable String list) {
        if (list == null || list.isBlank()) {
            return DunningPolicy.DEFAULT;
        }
        var delays = new ArrayList<Duration>();
        for (var entry : list.split(",")) {
            try {
                delays.add(Duration.parse(entry.trim()));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(
                        "BILLING_DUNNING_RETRY_DELAYS must be ISO-8601 durations such as" + " P1D,P2D,P4D, was '" + list
                                + "'",
                        e);
            }
        }
        try {
            return new DunningPolicy(delays);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("BILLING_DUNNING_RETRY_DELAYS: " + e.getMessage(), e);
        }
    }

    private static PaymentPolicy payments(@Nullable String expiry) {
        if (expiry == null || expiry.isBlank()) {
            return PaymentPolicy.DEFAULT;
        }
        try {
            return new PaymentPolicy(Duration.parse(expiry.trim()));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "BILLING_PAYMENT_EXPIRY must be an ISO-8601 duration such as PT24H, was '" + expiry + "'", e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("BILLING_PAYMENT_EXPIRY: " + e.getMessage(), e);
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
