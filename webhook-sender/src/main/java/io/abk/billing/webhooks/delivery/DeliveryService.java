package io.abk.billing.webhooks.delivery;

import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import io.abk.billing.webhooks.config.SenderProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Delivery (flow points 2 and 3): creates the retry and dead-letter topics of the schedule, then runs
 * {@code BILLING_WEBHOOKS_CONCURRENCY} delivery loops in consumer group {@code webhook-sender}, sharing one
 * in-flight bound, one per-endpoint bound and one producer for forwarded and deferred deliveries. Stopping drains the
 * loops before closing the producer.
 */
public final class DeliveryService implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DeliveryService.class);
    public static final String GROUP = "webhook-sender";
    /** A record may wait on a retry topic as long as its delay; a week on top covers an outage of the sender. */
    private static final Duration RETENTION_MARGIN = Duration.ofDays(7);
    private static final Duration TOPIC_PATIENCE = Duration.ofSeconds(60);

    private final SenderProperties properties;
    private final RetryTopics topics;
    private final DeliveryAttempts attempts;
    private final InFlightLimit limit;
    private final EndpointLimit endpoints;
    private final Clock clock;
    private final List<DeliveryLoop> loops = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private @Nullable KafkaProducer<String, byte[]> producer;

    public DeliveryService(SenderProperties properties, RetrySchedule schedule, DeliveryAttempts attempts, InFlightLimit limit,
            EndpointLimit endpoints, Clock clock) {
        this.properties = properties;
        this.topics = new RetryTopics(schedule);
        this.attempts = attempts;
        this.limit = limit;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    @Override
    public synchronized void start() {
        createOwnedTopics();
        var forwarder = new KafkaProducer<>(producerConfigs(), new StringSerializer(), new ByteArraySerializer());
        producer = forwarder;
        var router = new AttemptRouter(attempts, topics, forwarder, clock);
        // An attempt's own timeout plus a margin: long enough for what is in flight to finish and be committed.
        var patience = properties.webhooks().timeout().plusSeconds(5);
        for (int i = 0; i < properties.webhooks().concurrency(); i++) {
            var consumer = new KafkaConsumer<>(consumerConfigs(i), new StringDeserializer(), new ByteArrayDeserializer());
            var loop = new DeliveryLoop(consumer, topics.stages(), Topics.WEBHOOK_DELIVERIES.valueSerde().deserializer(),
                    router, limit, endpoints, patience, clock);
            var thread = new Thread(loop, "webhook-deliveries-" + i);
            loops.add(loop);
            threads.add(thread);
            thread.start();
        }
        log.info("delivery=started loops={} topics={} maxAttempts={} maxInFlight={} maxInFlightPerEndpoint={}", loops.size(),
                topics.stages(), topics.schedule().maxAttempts(), properties.webhooks().maxInFlight(), endpoints.max());
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

    private void createOwnedTopics() {
        var retention = topics.schedule().longestDelay().plus(RETENTION_MARGIN);
        var configs = Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE,
                TopicConfig.RETENTION_MS_CONFIG, Long.toString(retention.toMillis()));
        var wanted = topics.owned().stream()
                .map(name -> new NewTopic(name, Optional.of(properties.partitions()), Optional.empty()).configs(configs))
                .toList();
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, properties.kafka().bootstrapServers()))) {
            for (var entry : admin.createTopics(wanted).values().entrySet()) {
                try {
                    entry.getValue().get(TOPIC_PATIENCE.toSeconds(), TimeUnit.SECONDS);
                    log.info("topic={} outcome=created partitions={}", entry.getKey(), properties.partitions());
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("cannot create topic " + entry.getKey(), e.getCause());
                    }
                }
            }
            awaitLeaders(admin);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the retry topics", e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("Kafka did not create the retry topics within " + TOPIC_PATIENCE, e);
        }
    }

    /** Producing right after creating a topic can strand a batch until its partitions have leaders. */
    private void awaitLeaders(Admin admin) throws InterruptedException {
        var deadline = System.nanoTime() + TOPIC_PATIENCE.toNanos();
        while (System.nanoTime() - deadline < 0) {
            try {
                var described = admin.describeTopics(topics.owned()).allTopicNames().get(10, TimeUnit.SECONDS);
                if (described.values().stream().allMatch(topic -> topic.partitions().stream().allMatch(p -> p.leader() != null))) {
                    return;
                }
            } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                log.debug("topics=retry leaders=unknown error=\"{}\"", e.getMessage());
            }
            Thread.sleep(100); // start-up only: nothing to wait on but the broker's metadata
        }
        throw new IllegalStateException("the retry topics have no leaders after " + TOPIC_PATIENCE);
    }

    private Map<String, Object> consumerConfigs(int index) {
        var configs = new HashMap<String, Object>();
        configs.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, properties.kafka().bootstrapServers());
        configs.put(ConsumerConfig.GROUP_ID_CONFIG, GROUP);
        configs.put(ConsumerConfig.CLIENT_ID_CONFIG, "webhook-sender-deliveries-" + index);
        configs.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // Deliveries queued before the group's first start are delivered, not skipped.
        configs.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        configs.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) properties.kafka().sessionTimeout().toMillis());
        return configs;
    }

    private Map<String, Object> producerConfigs() {
        return Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, properties.kafka().bootstrapServers(),
                ProducerConfig.CLIENT_ID_CONFIG, "webhook-sender-retries",
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 5,
                // After an outage many deliveries fail at once and are forwarded together: as for fan-out, larger
                // compressed batches need fewer round trips.
                ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024,
                ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
    }
}
