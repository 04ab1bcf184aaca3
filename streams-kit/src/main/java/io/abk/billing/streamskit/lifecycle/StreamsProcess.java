package io.abk.billing.streamskit.lifecycle;

import io.abk.billing.opskit.ServiceMain;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.http.ManagementServer;
import io.abk.billing.opskit.metrics.KafkaBacklog;
import io.abk.billing.opskit.metrics.ServiceMetrics;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The {@code main} of a Kafka Streams service run as its own process: reads and checks its settings (a bad one ends
 * the process with status 2 and a line naming the variable), starts the app, serves the management port
 * ({@code BILLING_MANAGEMENT_PORT}: {@code /health}, {@code /ready}, {@code /metrics} with the JVM's, Kafka Streams'
 * and the service's own meters, the lag of its consumer groups, {@link StreamsApp#consumerGroups()}, and the records on
 * its dead-letter topics, {@link StreamsApp#deadLetterTopics()}), and blocks until the JVM is asked to stop or the
 * app fails (status 1, so the supervisor restarts it). Topics still missing after {@code BILLING_TOPICS_WAIT_TIMEOUT_MS}
 * (two minutes by default) fail the start too: status 1, with a line on standard error naming them.
 */
public final class StreamsProcess {

    /** How often the consumer groups' lag is read from the broker: about one Prometheus scrape interval. */
    static final Duration BACKLOG_EVERY = Duration.ofSeconds(15);
    /** How long the service waits for its topics before it exits with status 1, in ms ({@link StreamsApp#TOPICS_WAIT}). */
    public static final String TOPICS_WAIT_VARIABLE = "BILLING_TOPICS_WAIT_TIMEOUT_MS";

    private StreamsProcess() {}

    /**
     * Runs {@code service}.
     *
     * @param defaultManagementPort the management port when {@code BILLING_MANAGEMENT_PORT} is unset
     * @param start reads the service's settings from the environment and starts it (throwing
     *              {@link IllegalArgumentException} for a setting it cannot use)
     */
    public static void run(String service, int defaultManagementPort, Supplier<StreamsApp> start) {
        ServiceMain.run(service, () -> {
            Map<String, String> env = System.getenv();
            int port = ManagementServer.portFromEnv(env, defaultManagementPort);
            var topicsWait = new Env(env).millis(TOPICS_WAIT_VARIABLE, StreamsApp.TOPICS_WAIT);
            if (!topicsWait.isPositive()) {
                throw new IllegalArgumentException(
                        TOPICS_WAIT_VARIABLE + " must be positive, was " + topicsWait.toMillis());
            }
            var app = start.get();
            app.giveUpOnTopicsAfter(topicsWait);
            var registry = ServiceMetrics.create(service);
            app.bindMetrics(registry);
            app.closeWith(KafkaBacklog.start(
                    app.adminConfig(), registry, app.consumerGroups(), app.deadLetterTopics(), BACKLOG_EVERY));
            app.closeWith(ManagementServer.start(service, port, app::liveness, app::readiness, registry));
            app.runUntilStopped(service + "-shutdown");
        });
    }
}
