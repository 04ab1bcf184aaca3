package io.abk.billing.gateway.command.testkit;

import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.springframework.context.SmartLifecycle;

import static org.awaitility.Awaitility.await;

/**
 * Stands in for billing-streams (another module) in the gateway's tests: consumes the real command topic,
 * applies each command id once (as the real processor does), and writes the {@code Change} a create makes to the
 * real changes topic. It can be paused, to hold outcomes back (timeouts, lease takeovers).
 */
public final class StubSubscriptionProcessor implements SmartLifecycle {

    private final Set<String> applied = ConcurrentHashMap.newKeySet();
    private final AtomicLong duplicates = new AtomicLong();
    private volatile boolean paused;
    /** The consuming thread's view of {@link #paused}, set after it paused or resumed its consumer. */
    private volatile boolean pauseApplied;
    private volatile boolean running;
    private volatile KafkaConsumer<String, SubscriptionCommand> consumer;
    private Thread thread;

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
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap(),
                ConsumerConfig.GROUP_ID_CONFIG, "stub-processor-" + UUID.randomUUID(),
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
