package io.abk.billing.scheduler;

import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.scheduler.errors.ChangeFailureHandler;
import io.abk.billing.scheduler.errors.UnreadableRecordHandler;
import io.abk.billing.scheduler.topology.SchedulerTopology;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.streamskit.config.StreamsProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/**
 * How renewal-scheduler runs: where Kafka is, its application id (the consumer group, which the gateway's health
 * watches, and the prefix of its internal topics), its local state directory, and how often it looks for due
 * items.
 *
 * <p>Environment ({@link #fromEnv()}): {@code BILLING_KAFKA_BOOTSTRAP_SERVERS} (localhost:9092),
 * {@code BILLING_SCHEDULER_APPLICATION_ID} (renewal-scheduler), {@code BILLING_SCHEDULER_STATE_DIR}
 * (&lt;tmpdir&gt;/renewal-scheduler), {@code BILLING_SCHEDULER_TICK} (an ISO-8601 duration, PT0.5S), the Kafka
 * security settings of {@link KafkaClientSecurity}, {@code BILLING_DEPLOYMENT_ID} ({@link Deployment}), which
 * prefixes the application id and every topic's name, {@code BILLING_SCHEDULER_FIRES_PER_TICK} (2,000),
 * {@code BILLING_FUNDING_CHECK_LEAD} (an ISO-8601 duration, P3D; PT0S checks nothing) and {@code BILLING_USAGE_GRACE}
 * (an ISO-8601 duration, PT1H; how long after its period's end a subscription with a metered item renews, PT0S at the
 * end).
 *
 * @param applicationId the application id the app runs under: the deployment's prefix, then the configured id
 * @param firesPerTick the most items one task fires in one tick ({@link SchedulerTopology#FIRES_PER_TICK} by default)
 * @param policy what is due beyond the renewals themselves: the funding check's lead time, and the usage grace of a
 *     metered subscription's renewal
 */
public record RenewalSchedulerSettings(
        String bootstrapServers,
        String applicationId,
        Path stateDir,
        Duration tick,
        KafkaClientSecurity kafkaSecurity,
        Deployment deployment,
        int firesPerTick,
        DuePolicy policy) {

    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    /** Also the consumer group id that the gateway's {@code scheduler} health component checks. */
    public static final String DEFAULT_APPLICATION_ID = "renewal-scheduler";
    /**
     * A test clock's advance replays one step of a subscription per change round trip plus up to one tick (the
     * next renewal is only known once the previous one's invoice is paid), so a year of monthly renewals takes
     * about twelve ticks: half a second keeps that within seconds at two idle commits a second per task.
     */
    public static final Duration DEFAULT_TICK = Duration.ofMillis(500);
    /**
     * Fired commands become visible to billing-streams at the commit. Nothing waits on them over HTTP, but a test
     * clock's chain of renewals waits on each one, so well below the tick.
     */
    public static final Duration COMMIT_INTERVAL = Duration.ofMillis(50);

    public RenewalSchedulerSettings {
        require(!bootstrapServers.isBlank(), "bootstrapServers must not be blank");
        require(!applicationId.isBlank(), "applicationId must not be blank");
        require(tick.isPositive(), "BILLING_SCHEDULER_TICK must be positive, was " + tick);
        require(firesPerTick > 0, "BILLING_SCHEDULER_FIRES_PER_TICK must be positive, was " + firesPerTick);
    }

    /** Against a plaintext broker (the local stack's, the tests'). */
    public RenewalSchedulerSettings(String bootstrapServers, String applicationId, Path stateDir, Duration tick) {
        this(
                bootstrapServers,
                applicationId,
                stateDir,
                tick,
                KafkaClientSecurity.PLAINTEXT,
                Deployment.DEFAULT,
                SchedulerTopology.FIRES_PER_TICK,
                DuePolicy.DEFAULT);
    }

    public static RenewalSchedulerSettings fromEnv() {
        return fromEnv(System.getenv());
    }

    /** Reads the variables from {@code env}; an unusable value fails with a message naming the variable. */
    public static RenewalSchedulerSettings fromEnv(Map<String, String> env) {
        var vars = new Env(env);
        var deployment = Deployment.of(env.get(Deployment.VARIABLE));
        return new RenewalSchedulerSettings(
                vars.text("BILLING_KAFKA_BOOTSTRAP_SERVERS", DEFAULT_BOOTSTRAP_SERVERS),
                deployment.name(vars.text("BILLING_SCHEDULER_APPLICATION_ID", DEFAULT_APPLICATION_ID)),
                vars.path("BILLING_SCHEDULER_STATE_DIR", defaultStateDir()),
                duration(vars.text("BILLING_SCHEDULER_TICK", ""), "BILLING_SCHEDULER_TICK", DEFAULT_TICK),
                KafkaClientSecurity.fromEnv(vars),
                deployment,
                firesPerTick(vars.number("BILLING_SCHEDULER_FIRES_PER_TICK", SchedulerTopology.FIRES_PER_TICK)),
                new DuePolicy(
                        duration(
                                vars.text("BILLING_FUNDING_CHECK_LEAD", ""),
                                "BILLING_FUNDING_CHECK_LEAD",
                                DuePolicy.DEFAULT.fundingLead()),
                        duration(
                                vars.text("BILLING_USAGE_GRACE", ""),
                                "BILLING_USAGE_GRACE",
                                DuePolicy.DEFAULT.usageGrace())));
    }

    /** The production settings, for a launcher that knows only where Kafka and its data are. */
    public static RenewalSchedulerSettings defaults(String bootstrapServers, Path stateDir) {
        return new RenewalSchedulerSettings(bootstrapServers, DEFAULT_APPLICATION_ID, stateDir, DEFAULT_TICK);
    }

    /** These settings with another broker and state directory (a launcher's own), everything else kept. */
    public RenewalSchedulerSettings withKafka(String bootstrapServers, Path stateDir) {
        return new RenewalSchedulerSettings(
                bootstrapServers, applicationId, stateDir, tick, kafkaSecurity, deployment, firesPerTick, policy);
    }

    /** The complete Kafka Streams configuration. */
    public Properties streamsProperties() {
        var props = StreamsProperties.exactlyOnce(
                bootstrapServers, applicationId, stateDir, COMMIT_INTERVAL, kafkaSecurity);
        props.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, ChangeFailureHandler.class.getName());
        props.put(
                StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, UnreadableRecordHandler.class.getName());
        // Each task reads one partition of billing.changes (SchedulerTopology checks it).
        StreamsProperties.skipIdleWait(props);
        return props;
    }

    private static int firesPerTick(long value) {
        require(
                value > 0 && value <= Integer.MAX_VALUE,
                "BILLING_SCHEDULER_FIRES_PER_TICK must be a positive whole number, was " + value);
        return (int) value;
    }

    private static Path defaultStateDir() {
        return Path.of(System.getProperty("java.io.tmpdir"), "renewal-scheduler");
    }

    /** Unset or blank means {@code fallback}; else an ISO-8601 duration such as PT0.5S or PT2S. */
    private static Duration duration(String value, String variable, Duration fallback) {
        if (value.isBlank()) {
            return fallback;
        }
        try {
            return Duration.parse(value.strip());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    variable + " must be an ISO-8601 duration such as PT0.5S, was '" + value + "'", e);
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
