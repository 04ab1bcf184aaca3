package io.abk.billing.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app against a real broker with the production settings (exactly-once, dead letters): what the topology
 * test cannot show, namely waiting for topics that do not exist yet, dead letters inside real transactions, and
 * dedup that survives a restart on the same state directory.
 */
class BillingStreamsAppIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final Instant REQUESTED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final String SUB = "sub_01jvqz00000000000000000it1";
    private static final String OTHER = "sub_01jvqz00000000000000000it2";

    @TempDir
    Path dir;

    @Test
    void shouldApplyEachCommandOnceAndDeadLetterBadRecordsWhenStartedBeforeItsTopicsExist() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"))) {
            var config = BillingStreamsSettings.defaults(broker.bootstrapServers(), dir.resolve("streams"));
            try (var app = BillingStreamsApp.start(config)) {
                // Given no topics yet: the app waits for them instead of failing.
                await().atMost(PATIENCE)
                        .until(() -> app.missingTopics()
                                .containsAll(List.of(
                                        Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT),
                                        Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT))));
                assertThat(app.state()).isEqualTo(KafkaStreams.State.CREATED);
                createTopics(broker);
                await().atMost(PATIENCE).until(app::isRunning);

                try (var producer = producer(broker);
                        var changes = changes(broker);
                        var dead = deadLetters(broker)) {
                    var create = CommandEnvelopes.create("cmd_a", SUB, REQUESTED_AT);
                    send(producer, SUB, "not avro".getBytes(StandardCharsets.UTF_8));
                    send(producer, SUB, create);
                    send(producer, SUB, create);
                    send(producer, SUB, CommandEnvelopes.create("cmd_b", SUB, REQUESTED_AT));
                    send(
                            producer,
                            OTHER,
                            CommandEnvelopes.withInterval(
                                    CommandEnvelopes.create("cmd_poison", OTHER, REQUESTED_AT), "weekly"));

                    // One Change per distinct command, in order on the subscription's partition; the duplicate
                    // wrote nothing, and both bad records went to the dead-letter topic. The accepted create ensured
                    // its wallet's customer once, in its own transaction.
                    var seen = new ArrayList<Change>();
                    await().atMost(PATIENCE)
                            .until(() -> of("subscription", poll(changes, seen)).size() >= 2
                                    && !of("customer", seen).isEmpty());
                    var subscriptions = of("subscription", seen);
                    assertThat(subscriptions).extracting(Change::getCommandId).containsExactly("cmd_a", "cmd_b");
                    assertThat(subscriptions)
                            .extracting(Change::getOutcome)
                            .containsExactly(Outcome.ACCEPTED, Outcome.REJECTED);
                    poll(changes, seen);
                    assertThat(of("customer", seen))
                            .singleElement()
                            .satisfies(customer -> assertThat(customer.getCommandId())
                                    .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, REQUESTED_AT, "ensurecustomer:cmd_a")));
                    var letters = new ArrayList<byte[]>();
                    await().atMost(PATIENCE)
                            .until(() -> pollBytes(dead, letters).size() >= 2);
                    assertThat(letters).hasSize(2);
                    assertThat(app.isRunning()).isTrue();
                }
            }

            try (var app = BillingStreamsApp.start(config);
                    var producer = producer(broker);
                    var changes = changes(broker)) {
                // The first instance left the group on close, so this one is assigned without a session timeout.
                await().atMost(Duration.ofSeconds(20)).until(app::isRunning);
                // After a restart on the same state, the old command id is still known.
                send(producer, SUB, CommandEnvelopes.create("cmd_a", SUB, REQUESTED_AT));
                send(producer, SUB, CommandEnvelopes.create("cmd_c", SUB, REQUESTED_AT));

                var seen = new ArrayList<Change>();
                await().atMost(PATIENCE)
                        .until(() -> poll(changes, seen).stream()
                                        .anyMatch(
                                                change -> change.getCommandId().equals("cmd_c"))
                                && !of("customer", seen).isEmpty());
                assertThat(of("subscription", seen))
                        .extracting(Change::getCommandId)
                        .containsExactly("cmd_a", "cmd_b", "cmd_c");
                assertThat(of("customer", seen)).hasSize(1);
            }
        }
    }

    private static void createTopics(TestBroker broker) throws Exception {
        broker.createTopics(Topics.all().stream()
                .map(topic -> new NewTopic(topic.name(Deployment.DEFAULT), 2, (short) 1).configs(topic.configs()))
                .toList());
    }

    private static KafkaProducer<String, byte[]> producer(TestBroker broker) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                        ProducerConfig.LINGER_MS_CONFIG, 0),
                Topics.SUBSCRIPTION_COMMANDS.keySerde().serializer(),
                new ByteArraySerializer());
    }

    private static void send(KafkaProducer<String, byte[]> producer, String key, SubscriptionCommand command)
            throws Exception {
        send(
                producer,
                key,
                Topics.SUBSCRIPTION_COMMANDS.valueSerde().serializer().serialize("", command));
    }

    private static void send(KafkaProducer<String, byte[]> producer, String key, byte[] value) throws Exception {
        producer.send(new ProducerRecord<>(Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT), key, value))
                .get(30, TimeUnit.SECONDS);
    }

    private static KafkaConsumer<String, Change> changes(TestBroker broker) {
        return ReadCommitted.fromStart(
                broker,
                Topics.CHANGES.name(Deployment.DEFAULT),
                2,
                new StringDeserializer(),
                Topics.CHANGES.valueSerde().deserializer());
    }

    private static KafkaConsumer<byte[], byte[]> deadLetters(TestBroker broker) {
        return ReadCommitted.fromStart(
                broker,
                Topics.STREAMS_DEAD_LETTERS.name(Deployment.DEFAULT),
                2,
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    private static List<Change> poll(KafkaConsumer<String, Change> consumer, List<Change> into) {
        consumer.poll(Duration.ofMillis(200)).forEach(record -> into.add(record.value()));
        return into;
    }

    /** The changes of {@code aggregateType} among {@code changes}. */
    /**
     * The changes of {@code aggregateType} by the commands this test sends: the FinalizeInvoice the invoice numbering
     * sends back for each new invoice (command id {@code finalize:<invoice id>}) is left out.
     */
    private static List<Change> of(String aggregateType, List<Change> changes) {
        return changes.stream()
                .filter(change -> change.getAggregateType().equals(aggregateType))
                .filter(change -> !change.getCommandId().startsWith("finalize:"))
                .toList();
    }

    private static List<byte[]> pollBytes(KafkaConsumer<byte[], byte[]> consumer, List<byte[]> into) {
        consumer.poll(Duration.ofMillis(200)).forEach(record -> into.add(record.value()));
        return into;
    }
}
