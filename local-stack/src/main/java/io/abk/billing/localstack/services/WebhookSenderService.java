package io.abk.billing.localstack.services;

import io.abk.billing.webhooks.WebhookSenderApplication;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The webhook sender, run in-process through its public entry point on the stack's broker and database. It
 * starts after the gateway (which has migrated the database by then; the sender migrates too, a no-op) and
 * stops before it, with the gateway's sealing keyring. Other {@code BILLING_WEBHOOKS_*} settings come from the environment.
 */
public final class WebhookSenderService implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WebhookSenderService.class);

    private final WebhookSenderApplication.Running running;

    private WebhookSenderService(WebhookSenderApplication.Running running) {
        this.running = running;
    }

    public static WebhookSenderService start(String bootstrapServers, String jdbcUrl, String user, String password,
            boolean allowLoopbackInTest, Map<String, String> sealing) {
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

    @Override
    public void close() {
        running.close();
        log.info("webhook-sender stopped");
    }
}
