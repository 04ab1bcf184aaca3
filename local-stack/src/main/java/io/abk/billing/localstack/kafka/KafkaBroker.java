package io.abk.billing.localstack.kafka;

import io.abk.billing.localstack.lifecycle.Deadline;
import io.abk.billing.localstack.lifecycle.FreePorts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kafka broker ({@link KafkaRaftServer}, KRaft combined mode) running inside this JVM, with its log
 * directory under the data directory so a restart keeps every topic and offset.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaBroker.class);

    private final BrokerSettings settings;
    private final KafkaRaftServer server;
    private final boolean formattedNow;
    private volatile boolean closed;

    private KafkaBroker(BrokerSettings settings, KafkaRaftServer server, boolean formattedNow) {
        this.settings = settings;
        this.server = server;
        this.formattedNow = formattedNow;
    }

    /**
     * Formats {@code logDir} if it is new, starts the broker on {@code port} (0 picks a free one) and waits until
     * it serves metadata.
     */
    public static KafkaBroker start(Path logDir, int port, Duration timeout) {
        var settings = new BrokerSettings(logDir.toAbsolutePath(), FreePorts.resolve(port), FreePorts.pick());
        boolean formattedNow;
        try {
            formattedNow = BrokerStorage.formatIfNeeded(settings);
        } catch (Exception e) {
            throw new IllegalStateException("could not format the Kafka log directory " + logDir + ": " + e.getMessage(), e);
        }
        var server = new KafkaRaftServer(new KafkaConfig(settings.properties(), false), Time.SYSTEM);
        var broker = new KafkaBroker(settings, server, formattedNow);
        try {
            server.startup();
            broker.awaitServing(timeout);
        } catch (RuntimeException e) {
            try {
                broker.close();
            } catch (RuntimeException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw new IllegalStateException("Kafka broker did not start on " + settings.bootstrapServers() + ": " + e.getMessage(), e);
        }
        log.info("kafka broker started bootstrap={} dir={} formatted={}", settings.bootstrapServers(), logDir, formattedNow);
        return broker;
    }

    public String bootstrapServers() {
        return settings.bootstrapServers();
    }

    public int port() {
        return settings.port();
    }

    /** True when this start formatted a new log directory (a cold start). */
    public boolean formattedNow() {
        return formattedNow;
    }

    private void awaitServing(Duration timeout) {
        var deadline = Deadline.in(timeout);
        try (var admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000))) {
            // Metadata lists a broker only once the controller has unfenced it: then it accepts writes.
            deadline.poll(Duration.ofMillis(100), () -> {
                try {
                    var nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(2_000)).nodes().get(3, TimeUnit.SECONDS);
                    return nodes.isEmpty() ? Optional.empty() : Optional.of(nodes);
                } catch (Exception e) {
                    return Optional.empty();
                }
            }).orElseThrow(() -> new IllegalStateException("no broker in the cluster metadata after " + timeout.toSeconds() + " s"));
        }
    }

    /** Stops the broker and waits until its log directory is closed cleanly. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        server.shutdown();
        server.awaitShutdown();
        log.info("kafka broker stopped bootstrap={}", settings.bootstrapServers());
    }
}
