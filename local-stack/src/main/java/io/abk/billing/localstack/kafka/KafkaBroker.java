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
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kafka broker ({@link KafkaRaftServer}, KRaft combined mode) running inside this JVM, with its log
 * directory under the data directory so a restart keeps every topic and offset. It can be {@linkplain #stop stopped}
 * and {@linkplain #restart started again} on the same directory and ports, so that its clients reconnect on their own
 * (an outage, as the fault tests make one).
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaBroker.class);

    private final BrokerSettings settings;
    private final boolean formattedNow;
    /** The running server; a stopped one cannot start again, so a restart makes a new one on the same settings. */
    private @Nullable KafkaRaftServer server;

    private boolean closed;

    private KafkaBroker(BrokerSettings settings, boolean formattedNow) {
        this.settings = settings;
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
            throw new IllegalStateException(
                    "could not format the Kafka log directory " + logDir + ": " + e.getMessage(), e);
        }
        var broker = new KafkaBroker(settings, formattedNow);
        broker.startServer(timeout);
        log.info(
                "kafka broker started bootstrap={} dir={} formatted={}",
                settings.bootstrapServers(),
                logDir,
                formattedNow);
        return broker;
    }

    private synchronized void startServer(Duration timeout) {
        var started = new KafkaRaftServer(new KafkaConfig(settings.properties(), false), Time.SYSTEM);
        server = started;
        try {
            started.startup();
            awaitServing(timeout);
        } catch (RuntimeException e) {
            try {
                stop();
            } catch (RuntimeException stopFailure) {
                e.addSuppressed(stopFailure);
            }
            throw new IllegalStateException(
                    "Kafka broker did not start on " + settings.bootstrapServers() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Stops the broker as {@link #close} does, but keeps its directory and ports for {@link #restart}: its clients
     * see it gone until then.
     */
    public synchronized void stop() {
        var running = server;
        if (running == null) {
            return;
        }
        server = null;
        running.shutdown();
        running.awaitShutdown();
        log.info("kafka broker stopped bootstrap={}", settings.bootstrapServers());
    }

    /** Starts a {@linkplain #stop stopped} broker again on the same log directory and ports, and waits until it serves. */
    public synchronized void restart(Duration timeout) {
        if (closed) {
            throw new IllegalStateException("the Kafka broker is closed");
        }
        if (server != null) {
            return;
        }
        startServer(timeout);
        log.info("kafka broker restarted bootstrap={} dir={}", settings.bootstrapServers(), settings.logDir());
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
            var serving = deadline.poll(Duration.ofMillis(100), () -> {
                try {
                    var nodes = admin.describeCluster(new DescribeClusterOptions().timeoutMs(2_000))
                            .nodes()
                            .get(3, TimeUnit.SECONDS);
                    return nodes.isEmpty() ? Optional.empty() : Optional.of(nodes);
                } catch (Exception e) {
                    return Optional.empty();
                }
            });
            if (serving.isEmpty()) {
                throw new IllegalStateException(
                        "no broker in the cluster metadata after " + timeout.toSeconds() + " s");
            }
        }
    }

    /** Stops the broker and waits until its log directory is closed cleanly. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stop();
    }
}
