package io.abk.billing.webhooks.ops;

import io.abk.billing.opskit.http.Health;
import io.abk.billing.opskit.http.ManagementServer;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.opskit.metrics.KafkaBacklog;
import io.abk.billing.opskit.metrics.ServiceMetrics;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.WebhookRetryTopics;
import io.abk.billing.webhooks.companion.CompanionFanOutListener;
import io.abk.billing.webhooks.config.SenderProperties;
import io.abk.billing.webhooks.delivery.DeliveryService;
import io.abk.billing.webhooks.delivery.RetrySchedule;
import io.abk.billing.webhooks.fanout.FanOutListener;
import io.micrometer.core.instrument.Gauge;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.jspecify.annotations.Nullable;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * The sender's management port ({@code BILLING_MANAGEMENT_PORT}, 9104) when it runs as its own process:
 * <ul>
 *   <li>{@code /health} and {@code /ready}: UP while the fan-out listener and the delivery loops run;</li>
 *   <li>{@code /metrics}: the JVM's meters and the sender's own ({@code billing_webhook_attempts_total} and
 *       {@code billing_webhook_attempt_seconds}, recorded by the attempts), the lag of both consumer groups,
 *       {@code billing_webhook_retry_backlog{topic}} (deliveries waiting on each retry topic) and
 *       {@code billing_dead_letters{topic="webhooks.deliveries-dlt"}}.</li>
 * </ul>
 * It starts last and stops first (the highest phase), so the port answers only while the sender works.
 */
public final class SenderOperations implements SmartLifecycle {

    private static final String SERVICE = "webhook-sender";
    /** About one Prometheus scrape interval. */
    private static final Duration BACKLOG_EVERY = Duration.ofSeconds(15);

    private final SenderProperties properties;
    private final KafkaClientSecurity security;
    private final Deployment deployment;
    private final RetrySchedule schedule;
    private final DeliveryService delivery;
    private final KafkaListenerEndpointRegistry listeners;
    private @Nullable ManagementServer server;
    private @Nullable KafkaBacklog backlog;

    public SenderOperations(
            SenderProperties properties,
            KafkaClientSecurity security,
            Deployment deployment,
            RetrySchedule schedule,
            DeliveryService delivery,
            KafkaListenerEndpointRegistry listeners) {
        this.properties = properties;
        this.security = security;
        this.deployment = deployment;
        this.schedule = schedule;
        this.delivery = delivery;
        this.listeners = listeners;
    }

    @Override
    public synchronized void start() {
        if (!properties.management().enabled()) {
            return;
        }
        var registry = ServiceMetrics.create(SERVICE);
        var retries = new WebhookRetryTopics(schedule.delays());
        var started = KafkaBacklog.start(
                security.with(Map.of(
                        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                        properties.kafka().bootstrapServers())),
                registry,
                Set.of(
                        deployment.name(FanOutListener.GROUP),
                        deployment.name(CompanionFanOutListener.GROUP),
                        DeliveryService.group(deployment)),
                Set.of(WebhookRetryTopics.deadLetters(deployment)),
                BACKLOG_EVERY);
        var deliveries = DeliveryService.group(deployment);
        for (int i = 0; i < retries.retryTopicCount(); i++) {
            var topic = WebhookRetryTopics.retry(deployment, i);
            Gauge.builder("billing.webhook.retry.backlog", started, lag -> lag.lag(deliveries, topic))
                    .description("deliveries waiting on a retry topic for their next attempt")
                    .tag("topic", topic)
                    .register(registry);
        }
        backlog = started;
        server = ManagementServer.start(SERVICE, properties.management().port(), this::health, this::health, registry);
    }

    /** The port actually bound (0 in the settings picks one), or -1 when it is off. */
    public synchronized int port() {
        return server == null ? -1 : server.port();
    }

    private Health health() {
        var fanOut = listeners.getListenerContainers().stream().allMatch(MessageListenerContainer::isRunning);
        var details = Map.of(
                "fanOut", fanOut ? "running" : "stopped", "delivery", delivery.isRunning() ? "running" : "stopped");
        return fanOut && delivery.isRunning() ? Health.up(details) : Health.down(details);
    }

    @Override
    public synchronized void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
        if (backlog != null) {
            backlog.close();
            backlog = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return server != null;
    }

    @Override
    public int getPhase() {
        return Integer.MAX_VALUE;
    }
}
