package io.abk.billing.scheduler;

import static io.abk.billing.scheduler.Snapshots.MERCHANT;
import static io.abk.billing.scheduler.Snapshots.accepted;
import static io.abk.billing.scheduler.Snapshots.clock;
import static io.abk.billing.scheduler.Snapshots.payment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.ExpirePayment;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app against a real broker with the production settings (exactly-once): it fires due items as committed
 * commands where billing-streams reads them, test items by their merchant's clock on billing.test-clocks, and two
 * instances split the partitions so each item fires exactly once, also across a rebalance when one leaves.
 */
class RenewalSchedulerAppIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int PARTITIONS = 2;
    private static final int ITEMS = 20;

    @TempDir
    Path dir;

    @Test
    void shouldFireEachDueItemExactlyOnceWhenOneThenTwoInstancesRun() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"))) {
            broker.createTopics(Topics.all().stream()
                    .map(topic -> new NewTopic(topic.name(Deployment.DEFAULT), PARTITIONS, (short) 1)
                            .configs(topic.configs()))
                    .toList());
            try (var changes = producer(broker, Topics.CHANGES);
                    var clocks = producer(broker, Topics.TEST_CLOCKS);
                    var commands = committed(broker, Topics.PAYMENT_COMMANDS)) {
                var seen = new ArrayList<ConsumerRecord<String, PaymentCommand>>();
                try (var first = RenewalSchedulerApp.start(config(broker, "first"))) {
                    await().atMost(PATIENCE).until(first::isRunning);

                    // Given a live payment already past its expiry, and a test one due a year from now
                    var due = Instant.now().minusSeconds(1);
                    send(
                            changes,
                            accepted(
                                    "payment",
                                    "pay_live",
                                    Mode.LIVE,
                                    payment("pay_live", Mode.LIVE, 1, "open", due)
                                            .build()));
                    var yearAhead = Instant.now().plus(Duration.ofDays(365));
                    send(
                            changes,
                            accepted(
                                    "payment",
                                    "pay_test",
                                    Mode.TEST,
                                    payment("pay_test", Mode.TEST, 1, "open", yearAhead)
                                            .build()));

                    // Then the live one fires at once, the test one only once its merchant's clock gets there
                    await().atMost(PATIENCE).until(() -> poll(commands, seen).size() >= 1);
                    assertThat(seen.getFirst().key()).isEqualTo("pay_live");
                    assertThat(seen.getFirst().value().getPayload()).isEqualTo(new ExpirePayment());
                    clocks.send(new ProducerRecord<>(
                                    Topics.TEST_CLOCKS.name(Deployment.DEFAULT),
                                    MERCHANT,
                                    clock(MERCHANT, yearAhead, 1)))
                            .get(30, TimeUnit.SECONDS);
                    await().atMost(PATIENCE).until(() -> poll(commands, seen).size() >= 2);
                    assertThat(seen.get(1).key()).isEqualTo("pay_test");
                    assertThat(seen.get(1).value().getRequestedAt())
                            .isEqualTo(yearAhead.truncatedTo(ChronoUnit.MILLIS));

                    try (var second = RenewalSchedulerApp.start(config(broker, "second"))) {
                        await().atMost(PATIENCE)
                                .until(() ->
                                        first.isRunning() && second.isRunning() && membersWithPartitions(broker) == 2);
                        // When items on both partitions fall due while two instances share the work
                        sendPayments(changes, "pay_two_", Instant.now().plusSeconds(2));
                        await().atMost(PATIENCE)
                                .until(() -> poll(commands, seen).size() >= 2 + ITEMS);
                    }
                    // And after the second one left, the first takes its partitions over
                    await().atMost(PATIENCE).until(first::isRunning);
                    sendPayments(changes, "pay_one_", Instant.now().plusSeconds(2));
                    await().atMost(PATIENCE).until(() -> poll(commands, seen).size() >= 2 + 2 * ITEMS);
                    // Sentinels due after everything else: a re-fire would come before them in its partition.
                    sendPayments(changes, "pay_last_", Instant.now().plusSeconds(3));
                    await().atMost(PATIENCE)
                            .until(() -> poll(commands, seen).stream()
                                            .filter(record -> record.key().startsWith("pay_last_"))
                                            .count()
                                    == ITEMS);
                }
                // Then nothing fired twice: every command id is unique.
                var ids = new HashSet<String>();
                seen.forEach(record -> ids.add(record.value().getCommandId()));
                assertThat(seen).hasSize(2 + 3 * ITEMS);
                assertThat(ids).hasSize(seen.size());
                var partitions = new HashSet<Integer>();
                seen.forEach(record -> partitions.add(record.partition()));
                assertThat(partitions).as("items came from both partitions").hasSize(PARTITIONS);
            }
        }
    }

    private RenewalSchedulerSettings config(TestBroker broker, String instance) {
        return new RenewalSchedulerSettings(
                broker.bootstrapServers(),
                RenewalSchedulerSettings.DEFAULT_APPLICATION_ID,
                dir.resolve(instance),
                Duration.ofMillis(200));
    }

    /** Members of the scheduler's group that own at least one partition. */
    private static long membersWithPartitions(TestBroker broker) throws Exception {
        try (var admin = broker.admin()) {
            var group = admin.describeConsumerGroups(List.of(RenewalSchedulerSettings.DEFAULT_APPLICATION_ID))
                    .describedGroups()
                    .get(RenewalSchedulerSettings.DEFAULT_APPLICATION_ID)
                    .get(30, TimeUnit.SECONDS);
            if (group.groupState() != GroupState.STABLE) {
                return 0;
            }
            return group.members().stream()
                    .filter(member -> member.assignment().topicPartitions().stream()
                            .anyMatch(tp -> tp.topic().equals(Topics.CHANGES.name(Deployment.DEFAULT))))
                    .count();
        }
    }

    private static void sendPayments(KafkaProducer<String, Change> changes, String prefix, Instant expiresAt)
            throws Exception {
        for (int i = 0; i < ITEMS; i++) {
            var id = prefix + i;
            send(
                    changes,
                    accepted(
                            "payment",
                            id,
                            Mode.LIVE,
                            payment(id, Mode.LIVE, 1, "open", expiresAt).build()));
        }
    }

    private static void send(KafkaProducer<String, Change> producer, Change change) throws Exception {
        producer.send(new ProducerRecord<>(Topics.CHANGES.name(Deployment.DEFAULT), change.getAggregateId(), change))
                .get(30, TimeUnit.SECONDS);
    }

    private static <V> KafkaProducer<String, V> producer(TestBroker broker, Topic<String, V> topic) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                        ProducerConfig.LINGER_MS_CONFIG, 0),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer());
    }

    /** Reads every partition of {@code topic} from the beginning, as billing-streams does: committed records only. */
    private static <V> KafkaConsumer<String, V> committed(TestBroker broker, Topic<String, V> topic) {
        return ReadCommitted.fromStart(
                broker,
                topic.name(Deployment.DEFAULT),
                PARTITIONS,
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    private static <V> List<ConsumerRecord<String, V>> poll(
            KafkaConsumer<String, V> consumer, List<ConsumerRecord<String, V>> into) {
        consumer.poll(Duration.ofMillis(200)).forEach(into::add);
        return into;
    }
}
