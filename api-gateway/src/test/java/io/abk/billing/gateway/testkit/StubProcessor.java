package io.abk.billing.gateway.testkit;

import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.testkit.StubChanges.Output;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.topic.Deployment;
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
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import org.springframework.context.SmartLifecycle;

/**
 * A test stand-in for billing-streams, which the gateway's HTTP tests cannot use: a service module never depends on
 * another (system-tests' ArchitectureTest enforces it), so billing-streams is not on this module's class path. The
 * gateway answers only once a {@code Change} for its command is projected, so something must turn the commands on
 * the real command topics into Changes on the real changes topic: this does, for the six command topics,
 * applying each command id once (as the real processor deduplicates): subscription creates with
 * {@link ChangeFixtures#created} and their lifecycle with {@link StubLifecycle}, which settles charges and refunds
 * at once (a second Change for the follow-up command) instead of through {@code chain.requests}; payments with
 * {@link StubPayments}, whose verification result goes back as a {@code SettlePayment} command on the payment
 * topic (as chain-indexer answers); links with {@link StubPaymentLinks}, which mint payments on the payment topic; coupons and
 * promotion codes with {@link StubCoupons}, whose redemptions forward on to the subscription topic.
 * It joins the consumer groups of billing-streams and of the settlement service, so the gateway's health sees both
 * up. It can be paused to hold outcomes back (timeouts, lease takeovers), can hold settlement results back, or
 * publish them before the command's own Change. It decides nothing for real: the real path, gateway to
 * billing-streams and settlement and back through the projector, is covered by system-tests' end-to-end tests
 * ({@code io.abk.billing.systemtests.stack}).
 */
public final class StubProcessor implements SmartLifecycle {

    private final String bootstrap;
    private final String groupId;
    private final String settlementGroupId;
    private final StubLifecycle lifecycle = new StubLifecycle();
    private final StubPayments payments = new StubPayments();
    private final StubPaymentLinks links = new StubPaymentLinks();
    private final StubCustomers customers = new StubCustomers();
    private final StubCoupons coupons = new StubCoupons();
    private final Queue<ProducerRecord<String, byte[]>> heldSettlements = new ConcurrentLinkedQueue<>();
    private volatile boolean holdSettlements;
    private volatile boolean settlementsFirst;
    private volatile KafkaConsumer<String, ChainRequest> settlementMember;
    private final Set<String> applied = ConcurrentHashMap.newKeySet();
    private final AtomicLong duplicates = new AtomicLong();
    private volatile boolean paused;
    /** The consuming thread's view of {@link #paused}, set after it paused or resumed its consumer. */
    private volatile boolean pauseApplied;

    private volatile boolean running;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    public StubProcessor(BillingProperties billing) {
        this.bootstrap = billing.kafka().bootstrapServers();
        this.groupId = billing.kafka().streamsApplicationId();
        this.settlementGroupId = billing.kafka().settlementApplicationId();
    }

    /**
     * Keeps settlement results back until {@link #releaseSettlements()}: a charge's or refund's result Change, a
     * verification's result command.
     */
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
        consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        groupId,
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "latest",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                new StringDeserializer(),
                new ByteArrayDeserializer());
        consumer.subscribe(List.of(
                Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT),
                Topics.PAYMENT_COMMANDS.name(Deployment.DEFAULT),
                Topics.PAYMENT_LINK_COMMANDS.name(Deployment.DEFAULT),
                Topics.CUSTOMER_COMMANDS.name(Deployment.DEFAULT),
                Topics.COUPON_COMMANDS.name(Deployment.DEFAULT),
                Topics.PROMOTION_CODE_COMMANDS.name(Deployment.DEFAULT)));
        // Join before any test produces, so "latest" does not skip the first commands.
        while (consumer.assignment().isEmpty()) {
            consumer.poll(Duration.ofMillis(100));
        }
        consumer.assignment().forEach(consumer::position);
        settlementMember = joinSettlementGroup();
        running = true;
        thread = new Thread(this::run, "stub-command-processor");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        try (var producer = producer()) {
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
                    var output = decide(record);
                    if (output == null) {
                        duplicates.incrementAndGet();
                        continue;
                    }
                    var settlement = output.settlement();
                    if (settlement != null && settlementsFirst) {
                        producer.send(settlement);
                        settlement = null;
                    }
                    producer.send(change(output.change()));
                    output.alongside().forEach(producer::send);
                    if (settlement != null) {
                        heldSettlements.add(settlement);
                    }
                }
                while (!holdSettlements && !heldSettlements.isEmpty()) {
                    producer.send(heldSettlements.remove());
                }
                producer.flush();
                // Membership only: the settlement group's heartbeat runs in the background, a poll keeps it in the
                // group.
                settlementMember.poll(Duration.ZERO);
            }
        } catch (WakeupException e) {
            // Stopping.
        } finally {
            consumer.close(Duration.ofSeconds(2));
            settlementMember.close(Duration.ofSeconds(2));
        }
    }

    /** What the command of {@code record} makes, by its topic; null when its command id was applied before. */
    private @Nullable Output decide(ConsumerRecord<String, byte[]> record) {
        var topic = record.topic();
        if (topic.equals(Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT))) {
            var command =
                    Topics.SUBSCRIPTION_COMMANDS.valueSerde().deserializer().deserialize(topic, record.value());
            if (!applied.add(command.getCommandId())) {
                return null;
            }
            var decision = lifecycle.decide(command);
            return new Output(
                    decision.outcome(),
                    List.of(),
                    decision.settlement() == null ? null : change(decision.settlement()));
        }
        if (topic.equals(Topics.PAYMENT_COMMANDS.name(Deployment.DEFAULT))) {
            var command = Topics.PAYMENT_COMMANDS.valueSerde().deserializer().deserialize(topic, record.value());
            return applied.add(command.getCommandId()) ? payments.decide(command) : null;
        }
        if (topic.equals(Topics.CUSTOMER_COMMANDS.name(Deployment.DEFAULT))) {
            var command = Topics.CUSTOMER_COMMANDS.valueSerde().deserializer().deserialize(topic, record.value());
            return applied.add(command.getCommandId()) ? customers.decide(command) : null;
        }
        if (topic.equals(Topics.COUPON_COMMANDS.name(Deployment.DEFAULT))) {
            var command = Topics.COUPON_COMMANDS.valueSerde().deserializer().deserialize(topic, record.value());
            return applied.add(command.getCommandId()) ? coupons.decide(command) : null;
        }
        if (topic.equals(Topics.PROMOTION_CODE_COMMANDS.name(Deployment.DEFAULT))) {
            var command =
                    Topics.PROMOTION_CODE_COMMANDS.valueSerde().deserializer().deserialize(topic, record.value());
            return applied.add(command.getCommandId()) ? coupons.decide(command) : null;
        }
        var command = Topics.PAYMENT_LINK_COMMANDS.valueSerde().deserializer().deserialize(topic, record.value());
        return applied.add(command.getCommandId()) ? links.decide(command) : null;
    }

    private static ProducerRecord<String, byte[]> change(Change change) {
        return StubChanges.record(Topics.CHANGES, change.getAggregateId(), change);
    }

    private KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                        ProducerConfig.ACKS_CONFIG, "all",
                        ProducerConfig.LINGER_MS_CONFIG, 1,
                        // A hang fails fast (the known produce-after-create flake) instead of waiting two minutes.
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000),
                new StringSerializer(),
                new ByteArraySerializer());
    }

    /** A member of the settlement service's group (subscribed to chain.requests, which it never reads). */
    private KafkaConsumer<String, ChainRequest> joinSettlementGroup() {
        var topic = Topics.CHAIN_REQUESTS;
        var member = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        settlementGroupId,
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "latest",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
        member.subscribe(List.of(topic.name(Deployment.DEFAULT)));
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
