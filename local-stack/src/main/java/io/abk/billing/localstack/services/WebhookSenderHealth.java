package io.abk.billing.localstack.services;

import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@code webhookSender} in the in-process gateway's health: UP while the webhook sender running in the stack's JVM
 * has every Kafka listener container and its delivery loops running, DOWN naming what stopped. As its own process
 * the sender answers this on its own {@code /health}; inside the stack its management port is off, so the gateway's
 * health, which the stack waits for and reports, carries it. The gateway starts before the sender, which is
 * {@linkplain #watch attached} once it runs: until then the component is DOWN.
 */
public final class WebhookSenderHealth implements HealthIndicator {

    /** The bean name: Spring names the component after it, without the suffix. */
    static final String BEAN_NAME = "webhookSenderHealthIndicator";

    private final AtomicReference<@Nullable WebhookSenderService> sender = new AtomicReference<>();

    /** From now on reports on {@code running}. */
    public void watch(WebhookSenderService running) {
        sender.set(running);
    }

    @Override
    public Health health() {
        var running = sender.get();
        if (running == null) {
            return Health.down().withDetail("sender", "not started").build();
        }
        if (!running.isRunning()) {
            return Health.down().withDetail("sender", "stopped").build();
        }
        var stopped = running.stoppedParts();
        return stopped.isEmpty()
                ? Health.up().withDetail("sender", "running").build()
                : Health.down()
                        .withDetail("sender", "running")
                        .withDetail("stopped", stopped)
                        .build();
    }
}
