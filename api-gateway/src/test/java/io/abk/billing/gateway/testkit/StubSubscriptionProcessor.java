package io.abk.billing.gateway.testkit;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.springframework.context.SmartLifecycle;

import static org.awaitility.Awaitility.await;

/**
 * A test stand-in for billing-streams, which the gateway's HTTP tests cannot use: a service module never depends on
 * another (local-stack's ArchitectureTest enforces it), so billing-streams is not on this module's class path. The
 * gateway answers only once a {@code Change} for its command is projected, so something must turn the commands on
 * the real command topic into Changes on the real changes topic: this does, applying each command id once (as the
 * real processor deduplicates), making creates with {@link ChangeFixtures#created} and the lifecycle with
 * {@link StubLifecycle}, which settles charges and refunds at once (a second Change for the follow-up command)
 * instead of through {@code chain.requests}. It joins the consumer groups of billing-streams and of the settlement
 * service, so the gateway's health sees both up. It can be paused to hold outcomes back (timeouts, lease
 * takeovers), can hold settlement results back, or publish them before the command's own Change. It decides
 * nothing for real: the real path, gateway to billing-streams and settlement and back through the projector, is
 * covered by local-stack's end-to-end tests ({@code io.abk.billing.localstack.system}).
 */
public final class StubSubscriptionProcessor implements SmartLifecycle {

    private final String bootstrap;
    private final String groupId;
    private final String settlementGroupId;
    private final StubLifecycle lifecycle = new StubLifecycle();
    private final Queue<Change> heldSettlements = new ConcurrentLinkedQueue<>();
    private volatile boolean holdSettlements;
    private volatile boolean settlementsFirst;
    private volatile KafkaConsumer<String, ChainRequest> settlementMember;
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
        this.settlementGroupId = billing.kafka().settlementApplicationId();
    }

    /** Keeps settlement results (the follow-up Changes) back until {@link #releaseSettlements()}. */
    public void holdSettlements() {
        holdSettlements = true;
    }

    /** Publishes the held settlement results, and those to come at once. */
    public void releaseSettlements() {
        holdSettlements = false;
    }

    /** Publishes a settlement's result before the Change of the command that started it (recorded first). */
    public void publishSettlementsFirst(boolean first) {
        settlementsFirst = first;
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
        settlementMember = joinSettlementGroup();
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
                    var decision = lifecycle.decide(command);
                    var settlement = decision.settlement();
                    if (settlement != null && settlementsFirst) {
                        send(producer, settlement);
                        settlement = null;
                    }
                    send(producer, decision.outcome());
                    if (settlement != null) {
                        heldSettlements.add(settlement);
                    }
                }
                while (!holdSettlements && !heldSettlements.isEmpty()) {
                    send(producer, heldSettlements.remove());
                }
                producer.flush();
                // Membership only: the settlement group's heartbeat runs in the background, a poll keeps it in the group.
                settlementMember.poll(Duration.ZERO);
            }
        } catch (WakeupException e) {
            // Stopping.
        } finally {
            consumer.close(Duration.ofSeconds(2));
            settlementMember.close(Duration.ofSeconds(2));
        }
    }

    private static void send(KafkaProducer<String, Change> producer, Change change) {
        producer.send(new ProducerRecord<>(Topics.CHANGES.name(), change.getAggregateId(), change));
    }

    /** A member of the settlement service's group (subscribed to chain.requests, which it never reads). */
    private KafkaConsumer<String, ChainRequest> joinSettlementGroup() {
        var topic = Topics.CHAIN_REQUESTS;
        var member = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG, settlementGroupId,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                topic.keySerde().deserializer(), topic.valueSerde().deserializer());
        member.subscribe(List.of(topic.name()));
        while (member.assignment().isEmpty()) {
            member.poll(Duration.ofMillis(100));
        }
        member.pause(member.assignment());
        return member;
    }

    @Override
    public synchronized void stop() {
        running = false;
        if (consumer != null) {
            consumer.wakeup();
        }
        if (settlementMember != null) {
            settlementMember.wakeup();
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
