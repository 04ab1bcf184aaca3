package io.abk.billing.webhooks.testkit;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.topics.TopicProvisioner;
import io.abk.billing.topics.TopicsSettings;
import io.abk.billing.webhooks.WebhookSenderApplication;
import io.abk.billing.webhookverify.sealing.SealingKeys;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * What the sender's integration tests share in one JVM: one embedded PostgreSQL server, one in-process broker
 * with the two topics the sender reads, and one running sender (its own database) with a short retry schedule.
 * Test classes tell their data apart by merchant and endpoint ids.
 */
public final class SenderInfra {

    /** Every topic gets this many partitions. */
    public static final int PARTITIONS = 2;
    /**
     * 1s, 1s, 2s, then every 3s up to 20s after the first attempt: 9 attempts, dead letter after about 19 s. Long
     * enough for a receiver to come back, short enough to watch the dead-letter topic fill.
     */
    public static final Map<String, String> SCHEDULE = Map.of(
            "BILLING_WEBHOOKS_RETRY_DELAYS", "1s,1s,2s",
            "BILLING_WEBHOOKS_RETRY_EVERY", "3s",
            "BILLING_WEBHOOKS_RETRY_FOR", "20s");

    public static final int MAX_ATTEMPTS = 9;
    /**
     * The shared sender's in-flight bounds: per endpoint well below the global one, and the global one below what a
     * test queues for one endpoint, so a test can tell that one endpoint cannot take every permit.
     */
    public static final int MAX_IN_FLIGHT = 50;

    public static final int MAX_IN_FLIGHT_PER_ENDPOINT = 5;

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static @Nullable EmbeddedPostgres postgres;
    private static @Nullable TestBroker broker;
    private static @Nullable Sender sender;

    private SenderInfra() {}

    /** The running sender and its database. */
    public record Sender(
            WebhookSenderApplication.Running running, String jdbcUrl, JdbcTemplate jdbc, String bootstrapServers) {}

    public static synchronized EmbeddedPostgres postgres() {
        if (postgres == null) {
            try {
                var started = EmbeddedPostgres.builder().start();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        started.close();
                    } catch (IOException ignored) {
                        // The JVM is exiting.
                    }
                }));
                postgres = started;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start embedded PostgreSQL", e);
            }
        }
        return postgres;
    }

    public static synchronized TestBroker broker() {
        if (broker == null) {
            var started = newBroker();
            Runtime.getRuntime().addShutdownHook(new Thread(started::close));
            broker = started;
        }
        return broker;
    }

    /**
     * A broker of its own (the caller closes it), with every topic provisioned by the topics step, the retry topics
     * of {@link #SCHEDULE} among them.
     */
    public static TestBroker newBroker() {
        try {
            var started = TestBroker.start(Files.createTempDirectory("sender-kafka"));
            var withSchedule = new HashMap<String, String>(SCHEDULE);
            withSchedule.put("BILLING_PARTITIONS", Integer.toString(PARTITIONS));
            var report = TopicProvisioner.run(
                    started.bootstrapServers(),
                    TopicsSettings.fromEnv(withSchedule).plan(),
                    TopicProvisioner.Options.apply(Duration.ofSeconds(60)));
            if (!report.ok()) {
                throw new IllegalStateException("topics not provisioned: " + report.problems());
            }
            return started;
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the test broker", e);
        }
    }

    /** A new empty database on the shared server (the sender migrates it when it starts). */
    public static String newDatabase() {
        var name = "sender_" + DATABASES.incrementAndGet();
        try (var connection = DriverManager.getConnection(postgres().getJdbcUrl("postgres", "postgres"));
                var statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name, e);
        }
        return postgres().getJdbcUrl("postgres", name);
    }

    public static JdbcTemplate jdbc(String jdbcUrl) {
        return new JdbcTemplate(new DriverManagerDataSource(jdbcUrl, "postgres", ""));
    }

    /** The keyring test senders seal and open signing secrets with (BILLING_SECRETS_KEYS). */
    public static final String SEALING_KEYS = "s1:"
            + Base64.getEncoder()
                    .encodeToString("sender-tests-sealing-key-32bytes".getBytes(StandardCharsets.US_ASCII));

    /** What a test sender's secrets open with. */
    public static SecretSealer sealer() {
        return new SecretSealer(SealingKeys.of(SEALING_KEYS, "", false));
    }

    /** The settings a test sender runs with: the short schedule, loopback receivers allowed, the test keyring. */
    public static Map<String, String> settings(String bootstrapServers, String jdbcUrl) {
        var settings = new HashMap<>(SCHEDULE);
        settings.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", bootstrapServers);
        settings.put("BILLING_JDBC_URL", jdbcUrl);
        settings.put("BILLING_DB_USER", "postgres");
        settings.put("BILLING_DB_PASSWORD", "");
        settings.put("BILLING_MANAGEMENT_ENABLED", "false");
        settings.put("BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST", "true");
        settings.put("BILLING_SECRETS_KEYS", SEALING_KEYS);
        // Longer than the slow receiver's 15 s, so its request is held rather than timed out.
        settings.put("BILLING_WEBHOOKS_TIMEOUT", "20s");
        return settings;
    }

    /**
     * The shared sender, started on first use and closed at exit. It reaches Kafka through the broker's listener that
     * takes only clients who log in, with the security settings of its environment, so every test of it also shows
     * that each of its Kafka clients (listeners, delivery loops, producers, topic checks) takes them; the tests' own
     * clients use the plaintext listener ({@link Sender#bootstrapServers()}).
     */
    public static synchronized Sender sender() {
        if (sender == null) {
            var bootstrap = broker().bootstrapServers();
            var jdbcUrl = newDatabase();
            var settings = settings(broker().saslBootstrapServers(), jdbcUrl);
            settings.putAll(TestBroker.saslClientEnvironment());
            settings.put("BILLING_WEBHOOKS_MAX_IN_FLIGHT", Integer.toString(MAX_IN_FLIGHT));
            settings.put("BILLING_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT", Integer.toString(MAX_IN_FLIGHT_PER_ENDPOINT));
            var running = WebhookSenderApplication.start(settings);
            Runtime.getRuntime().addShutdownHook(new Thread(running::close));
            sender = new Sender(running, jdbcUrl, jdbc(jdbcUrl), bootstrap);
        }
        return sender;
    }
}
