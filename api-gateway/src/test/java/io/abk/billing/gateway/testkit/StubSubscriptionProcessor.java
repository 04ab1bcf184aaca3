package io.abk.billing.gateway.testkit;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.springframework.context.SmartLifecycle;

import static org.awaitility.Awaitility.await;

/**
 * A test stand-in for billing-streams, which the gateway's HTTP tests cannot use: a service module never depends on
 * another (local-stack's ArchitectureTest enforces it), so billing-streams is not on this module's class path. The
 * gateway's create answers only once a {@code Change} for its command is projected, so something must turn the
 * commands on the real command topic into Changes on the real changes topic: this does, applying each command id
 * once (as the real processor deduplicates) and making the Change with {@link ChangeFixtures#created}. It joins the
 * consumer group of billing-streams, so the gateway's health sees billing-streams up. It can be paused to hold
 * outcomes back (timeouts, lease takeovers). It decides nothing: the real path, gateway to billing-streams and back
 * through the projector, is covered by local-stack's end-to-end tests ({@code io.abk.billing.localstack.system}).
 */
public final class StubSubscriptionProcessor implements SmartLifecycle {

    private final String bootstrap;
    private final String groupId;
    private final Set<String> applied = ConcurrentHashMap.newKeySet();
    private final AtomicLong duplicates = new AtomicLong();
    private volatile boolean paused;
    /** The consuming thread's view of {@link #paused}, set after it paused or resumed its consumer. */
    private volatile boolean pauseApplied;
    private volatile boolean running;
    private volatile KafkaConsumer<String, SubscriptionCommand> consumer;
    private Thread thread;

    public StubSubscriptionProcessor(BillingProperties billing) {
        this.bootstrap = billing.kafka().bootstrapServers();
        this.groupId = billing.kafka().streamsApplicationId();
    }

    /** Holds every command not yet consumed; returns once the consuming thread has paused. */
    public void pause() {
        paused = true;
        await().atMost(Duration.ofSeconds(30)).until(() -> pauseApplied);
    }

    public void resume() {
        paused = false;
    }

    /** Commands seen again after being applied (a re-sent command), which were ignored. */
    public long duplicatesIgnored() {
        return duplicates.get();
    }

    @Override
    public synchronized void start() {
        var topic = Topics.SUBSCRIPTION_COMMANDS;
        consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG, groupId,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                topic.keySerde().deserializer(), topic.valueSerde().deserializer());
        consumer.subscribe(List.of(topic.name()));
        // Join before any test produces, so "latest" does not skip the first commands.
        while (consumer.assignment().isEmpty()) {
            consumer.poll(Duration.ofMillis(100));
        }
        consumer.assignment().forEach(consumer::position);
        running = true;
        thread = new Thread(this::run, "stub-subscription-processor");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        try (var producer = TestKafka.changeProducer()) {
            var wasPaused = false;
            while (running) {
                if (paused != wasPaused) {
                    wasPaused = paused;
                    if (wasPaused) {
                        consumer.pause(consumer.assignment());
                    } else {
                        consumer.resume(consumer.assignment());
                    }
                    pauseApplied = wasPaused;
                }
                for (var record : consumer.poll(Duration.ofMillis(50))) {
                    var command = record.value();
                    if (!applied.add(command.getCommandId())) {
                        duplicates.incrementAndGet();
                        continue;
                    }
                    var change = ChangeFixtures.created(command);
                    producer.send(new ProducerRecord<>(Topics.CHANGES.name(), change.getAggregateId(), change));
                }
                producer.flush();
            }
        } catch (WakeupException e) {
            // Stopping.
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    @Override
    public synchronized void stop() {
        running = false;
        if (consumer != null) {
            consumer.wakeup();
        }
        if (thread != null) {
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
