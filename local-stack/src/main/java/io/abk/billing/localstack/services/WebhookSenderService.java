package io.abk.billing.localstack.services;

import io.abk.billing.webhooks.WebhookSenderApplication;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The webhook sender, run in-process through its public entry point on the stack's broker and database. It
 * starts after the gateway (which has migrated the database by then; the sender migrates too, a no-op) and
 * stops before it, with the gateway's sealing keyring. Other {@code BILLING_WEBHOOKS_*} settings come from the environment.
 *
 * <p>Its management port is off here, so nothing else would notice a listener container that stopped (webhooks
 * would silently stop going out): the gateway's health shows it ({@link WebhookSenderHealth}), and a check every
 * {@link #WATCH_EVERY} logs an ERROR naming what stopped, and a line when it runs again.
 */
public final class WebhookSenderService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WebhookSenderService.class);
    /** Soon enough for someone watching the log, and a check is a few method calls. */
    static final Duration WATCH_EVERY = Duration.ofSeconds(5);

    private final WebhookSenderApplication.Running running;
    private final ScheduledExecutorService watch;
    private List<String> lastStopped = List.of();

    private WebhookSenderService(WebhookSenderApplication.Running running) {
        this.running = running;
        this.watch = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("webhook-sender-watch").factory());
        var every = WATCH_EVERY.toMillis();
        watch.scheduleWithFixedDelay(this::check, every, every, TimeUnit.MILLISECONDS);
    }

    public static WebhookSenderService start(
            String bootstrapServers,
            String jdbcUrl,
            String user,
            String password,
            boolean allowLoopbackInTest,
            Map<String, String> sealing) {
        try {
            var settings = new HashMap<>(sealing);
            settings.putAll(Map.of(
                    "BILLING_KAFKA_BOOTSTRAP_SERVERS", bootstrapServers,
                    "BILLING_JDBC_URL", jdbcUrl,
                    "BILLING_DB_USER", user,
                    "BILLING_DB_PASSWORD", password,
                    // Inside the stack's JVM the gateway's management routes cover the sender too.
                    "BILLING_MANAGEMENT_ENABLED", "false",
                    // The companion's endpoints (BILLING_USDT_WEBHOOK_URLS) may be receivers on this machine.
                    "BILLING_USDT_WEBHOOK_MODE", "test",
                    "BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST", Boolean.toString(allowLoopbackInTest)));
            var running = WebhookSenderApplication.start(settings);
            log.info("webhook-sender started allowLoopbackInTest={}", allowLoopbackInTest);
            return new WebhookSenderService(running);
        } catch (RuntimeException e) {
            throw new IllegalStateException("webhook-sender did not start: " + rootMessage(e), e);
        }
    }

    private static String rootMessage(Throwable error) {
        var root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() != null ? root.getMessage() : root.toString();
    }

    public boolean isRunning() {
        return running.isRunning();
    }

    /** What has stopped in the running sender ({@link WebhookSenderApplication.Running#stoppedParts}). */
    public List<String> stoppedParts() {
        return running.stoppedParts();
    }

    /** The sender's Spring context, for tests. */
    public ConfigurableApplicationContext context() {
        return running.context();
    }

    private synchronized void check() {
        try {
            var stopped = running.isRunning() ? running.stoppedParts() : List.<String>of();
            if (!stopped.equals(lastStopped)) {
                if (stopped.isEmpty()) {
                    log.info("event=webhook_sender_running again=true");
                } else {
                    log.error(
                            "event=webhook_sender_part_stopped stopped={} effect=\"webhooks are not delivered until "
                                    + "it runs again; the gateway's health shows webhookSender DOWN\"",
                            stopped);
                }
                lastStopped = stopped;
            }
        } catch (RuntimeException e) {
            log.error("event=webhook_sender_check_failed error=\"{}\"", e.toString());
        }
    }

    @Override
    public void close() {
        watch.shutdownNow();
        running.close();
        log.info("webhook-sender stopped");
    }
}
