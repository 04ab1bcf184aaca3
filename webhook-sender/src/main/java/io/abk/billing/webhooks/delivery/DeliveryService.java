package io.abk.billing.webhooks.delivery;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.schemas.topic.WebhookRetryTopics;
import io.abk.billing.topics.TopicLayout;
import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import io.abk.billing.webhooks.config.DeliveryProducers;
import io.abk.billing.webhooks.config.SenderProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Delivery (flow points 2 and 3): checks that the retry and dead-letter topics of the schedule exist, then runs
 * {@code BILLING_WEBHOOKS_CONCURRENCY} delivery loops in consumer group {@code webhook-sender} (as the deployment
 * names it: {@link #group}), sharing one
 * in-flight bound, one per-endpoint bound and one producer for forwarded and deferred deliveries. Stopping drains the
 * loops before closing the producer.
 */
public final class DeliveryService implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DeliveryService.class);
    /** The delivery loops' consumer group in the default deployment. */
    public static final String GROUP = "webhook-sender";

    private static final Duration TOPIC_PATIENCE = Duration.ofSeconds(60);

    private final SenderProperties properties;
    private final KafkaClientSecurity security;
    private final Deployment deployment;
    private final RetryTopics topics;
    private final DeliveryAttempts attempts;
    private final InFlightLimit limit;
    private final EndpointLimit endpoints;
    private final Clock clock;
    private final List<DeliveryLoop> loops = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private @Nullable KafkaProducer<String, byte[]> producer;

    public DeliveryService(
            SenderProperties properties,
            KafkaClientSecurity security,
            Deployment deployment,
            RetrySchedule schedule,
            DeliveryAttempts attempts,
            InFlightLimit limit,
            EndpointLimit endpoints,
            Clock clock) {
        this.properties = properties;
        this.security = security;
        this.deployment = deployment;
        this.topics = new RetryTopics(schedule, deployment);
        this.attempts = attempts;
        this.limit = limit;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    /** The delivery loops' consumer group in {@code deployment}. */
    public static String group(Deployment deployment) {
        return deployment.name(GROUP);
    }

    @Override
    public synchronized void start() {
        requireTopics();
        var forwarder = new KafkaProducer<>(producerConfigs(), new StringSerializer(), new ByteArraySerializer());
        producer = forwarder;
        var router = new AttemptRouter(attempts, topics, forwarder, clock);
        // An attempt's own timeout plus a margin: long enough for what is in flight to finish and be committed.
        var patience = properties.webhooks().timeout().plusSeconds(5);
        for (int i = 0; i < properties.webhooks().concurrency(); i++) {
            var consumer =
                    new KafkaConsumer<>(consumerConfigs(i), new StringDeserializer(), new ByteArrayDeserializer());
            var loop = new DeliveryLoop(
                    consumer,
                    topics.stages(),
                    Topics.WEBHOOK_DELIVERIES.valueSerde().deserializer(),
                    router,
                    limit,
                    endpoints,
                    patience,
                    clock);
            var thread = new Thread(loop, "webhook-deliveries-" + i);
            loops.add(loop);
            threads.add(thread);
            thread.start();
        }
        log.info(
                "delivery=started loops={} topics={} maxAttempts={} maxInFlight={} maxInFlightPerEndpoint={}",
                loops.size(),
                topics.stages(),
                topics.schedule().maxAttempts(),
                properties.webhooks().maxInFlight(),
                endpoints.max());
    }

    @Override
    public synchronized void stop() {
        loops.forEach(DeliveryLoop::stop);
        var patience = properties.webhooks().timeout().plusSeconds(15);
        for (var thread : threads) {
            try {
                thread.join(patience.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        loops.clear();
        threads.clear();
        if (producer != null) {
            producer.close(Duration.ofSeconds(10));
            producer = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return producer != null;
    }

    /**
     * The sender creates no topic (the topics step does, with as many retry topics as the schedule has delays); it
     * waits a while for them and then fails its start with what is missing or laid out wrongly, so a deployment that
     * skipped the step, or whose schedule changed without it, says so at once instead of delivering into nowhere.
     */
    private void requireTopics() {
        var required = new ArrayList<Topic<?, ?>>();
        required.add(Topics.EVENTS);
        required.add(Topics.USDT_EVENTS);
        required.add(Topics.WEBHOOK_DELIVERIES);
        required.addAll(new WebhookRetryTopics(topics.schedule().delays()).topics());
        var layout = TopicLayout.of(deployment, required);
        var deadline = System.nanoTime() + TOPIC_PATIENCE.toNanos();
        List<String> problems = List.of("not checked yet");
        try (var admin = Admin.create(security.with(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                properties.kafka().bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                5_000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                10_000)))) {
            for (int attempt = 0; System.nanoTime() - deadline < 0; attempt++) {
                try {
                    problems = layout.problems(admin);
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) {
                    problems = List.of("cannot check the topics (is Kafka reachable?): " + e);
                }
                if (problems.isEmpty()) {
                    return;
                }
                if (attempt % 10 == 0) {
                    log.warn("delivery=waiting problems=\"{}\"", String.join("; ", problems));
                }
                Thread.sleep(1_000); // start-up only: nothing to wait on but another process's topics step
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking the delivery topics", e);
        }
        throw new IllegalStateException("the webhook sender's topics are not ready after " + TOPIC_PATIENCE.toSeconds()
                + " s: " + String.join("; ", problems));
    }

    private Map<String, Object> consumerConfigs(int index) {
        var configs = security.applyTo(new HashMap<String, Object>());
        configs.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, properties.kafka().bootstrapServers());
        configs.put(ConsumerConfig.GROUP_ID_CONFIG, group(deployment));
        configs.put(ConsumerConfig.CLIENT_ID_CONFIG, deployment.name("webhook-sender-deliveries-" + index));
        configs.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // Deliveries queued before the group's first start are delivered, not skipped.
        configs.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        configs.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int)
                properties.kafka().sessionTimeout().toMillis());
        return configs;
    }

    private Map<String, Object> producerConfigs() {
        return DeliveryProducers.configs(properties, security, deployment.name("webhook-sender-retries"));
    }
}
