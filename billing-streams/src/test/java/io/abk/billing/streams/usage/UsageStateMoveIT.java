package io.abk.billing.streams.usage;

import static io.abk.billing.streams.usage.UsageCustomers.MERCHANT;
import static io.abk.billing.streams.usage.UsageCustomers.customerId;
import static io.abk.billing.streams.usage.UsageCustomers.key;
import static io.abk.billing.streams.usage.UsageCustomers.subscription;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.CloseUsagePeriod;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.RecordUsage;
import io.abk.billing.schemas.avro.TrackUsage;
import io.abk.billing.schemas.avro.TrackedItem;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.BillingStreamsApp;
import io.abk.billing.streams.BillingStreamsSettings;
import io.abk.billing.streams.topology.BillingTopology;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.topics.TopicProvisioner;
import io.abk.billing.topics.TopicsSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deployment whose usage processor ran in the aggregates' application ({@code billing-streams}, the earlier build)
 * starts the build where it is an application of its own ({@code billing-streams-usage}): the usage counted so far is
 * moved, not lost and not counted again (docs/architecture.md, "The usage processor"). The input topics' records are
 * deleted before the new build starts, as retention would have, so the new application cannot have rebuilt the usage
 * from them: what it records can only come from the moved state and the events sent after the move.
 */
class UsageStateMoveIT {

    private static final Duration PATIENCE = Duration.ofSeconds(120);
    private static final int PARTITIONS = 2;
    private static final int CUSTOMERS = 3;
    private static final Instant START = Instant.parse("2026-11-01T00:00:00Z");
    private static final Instant END = Instant.parse("2026-12-01T00:00:00Z");
    private static final TrackedItem CALLS = new TrackedItem("si_calls", "mtr_calls", "api.calls", "sum");

    @TempDir
    Path dir;

    @Test
    void shouldRecordTheUsageCountedBeforeAndAfterWhenTheUsageProcessorMovesToItsOwnApplication() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"))) {
            var plan = TopicsSettings.singleBroker(broker.bootstrapServers(), PARTITIONS)
                    .plan();
            assertThat(TopicProvisioner.run(broker.bootstrapServers(), plan, TopicProvisioner.Options.apply(PATIENCE))
                            .problems())
                    .isEmpty();
            var settings = BillingStreamsSettings.fromEnv(Map.of(
                    "BILLING_KAFKA_BOOTSTRAP_SERVERS",
                    broker.bootstrapServers(),
                    "BILLING_STREAMS_STATE_DIR",
                    dir.resolve("state").toString()));
            var expected = new long[CUSTOMERS];

            // The earlier build: the usage processor in the aggregates' application, billing-streams. (Its own state
            // directory: alone in its topology, its task ids are those of the aggregates now.)
            try (var earlier = StreamsApp.create(
                            settings.applicationId(),
                            BillingTopology.usage(Deployment.DEFAULT, UsageSettings.DEFAULT),
                            settings.at(broker.bootstrapServers(), dir.resolve("earlier"))
                                    .streamsProperties(),
                            Set.of());
                    var commands =
                            producer(broker, Topics.USAGE_COMMANDS.valueSerde().serializer());
                    var events =
                            producer(broker, Topics.METER_EVENTS.valueSerde().serializer())) {
                earlier.startWhenTopicsExist();
                for (int customer = 0; customer < CUSTOMERS; customer++) {
                    send(commands, Topics.USAGE_COMMANDS.name(Deployment.DEFAULT), key(customer), track(customer));
                }
                sendEvents(events, "before", expected);
                await().atMost(PATIENCE)
                        .until(() -> consumed(broker, settings.applicationId()) == CUSTOMERS + 50L * CUSTOMERS);
            }
            // Retention has passed over every input record: nothing is left to rebuild the usage from.
            deleteAllRecords(broker, Topics.METER_EVENTS.name(Deployment.DEFAULT));
            deleteAllRecords(broker, Topics.USAGE_COMMANDS.name(Deployment.DEFAULT));

            try (var app = BillingStreamsApp.start(settings);
                    var commands =
                            producer(broker, Topics.USAGE_COMMANDS.valueSerde().serializer());
                    var events =
                            producer(broker, Topics.METER_EVENTS.valueSerde().serializer())) {
                await().atMost(PATIENCE).until(app::isReady);
                sendEvents(events, "after", expected);
                for (int customer = 0; customer < CUSTOMERS; customer++) {
                    send(
                            commands,
                            Topics.USAGE_COMMANDS.name(Deployment.DEFAULT),
                            key(customer),
                            command(
                                    customer,
                                    "cmd_close_" + customer,
                                    new CloseUsagePeriod(
                                            subscription(customer), START, END, END.plus(Duration.ofDays(31)))));
                }
                var recorded = recorded(broker);
                for (int customer = 0; customer < CUSTOMERS; customer++) {
                    assertThat(recorded.get(subscription(customer)))
                            .as("customer %d's usage, counted before and after the move, each event once", customer)
                            .extracting(UsageQuantity::getQuantity)
                            .containsExactly(expected[customer]);
                }
            }
        }
    }

    /** 50 events a customer, the first 10 of them sent twice (a retry); adds their values to {@code expected}. */
    private static void sendEvents(KafkaProducer<String, MeterEvent> events, String phase, long[] expected)
            throws Exception {
        for (int customer = 0; customer < CUSTOMERS; customer++) {
            for (int i = 0; i < 50; i++) {
                long value = 1 + i + 100L * customer + (phase.equals("after") ? 1_000 : 0);
                var event = new MeterEvent(
                        MERCHANT,
                        Mode.TEST,
                        customerId(customer),
                        "api.calls",
                        "evt_" + phase + "_" + customer + "_" + (i < 10 ? 0 : i),
                        START.plusSeconds(i),
                        value,
                        START.plusSeconds(i));
                send(events, Topics.METER_EVENTS.name(Deployment.DEFAULT), key(customer), event);
                if (i < 10 && i > 0) {
                    continue; // a retry of event 0: not counted
                }
                expected[customer] += value;
            }
        }
    }

    private static UsageCommand track(int customer) {
        return command(
                customer, "cmd_track_" + customer, new TrackUsage(subscription(customer), List.of(CALLS), START, END));
    }

    private static UsageCommand command(int customer, String commandId, Object payload) {
        return new UsageCommand(commandId, MERCHANT, Mode.TEST, customerId(customer), END, payload);
    }

    /** The meter-events and usage-commands records {@code group} has committed as consumed. */
    private static long consumed(TestBroker broker, String group) throws Exception {
        var inputs =
                Set.of(Topics.METER_EVENTS.name(Deployment.DEFAULT), Topics.USAGE_COMMANDS.name(Deployment.DEFAULT));
        try (var admin = broker.admin()) {
            return admin
                    .listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get(30, TimeUnit.SECONDS)
                    .entrySet()
                    .stream()
                    .filter(e -> inputs.contains(e.getKey().topic()) && e.getValue() != null)
                    .mapToLong(e -> e.getValue().offset())
                    .sum();
        }
    }

    private static void deleteAllRecords(TestBroker broker, String topic) throws Exception {
        try (var admin = broker.admin()) {
            var deletions = new HashMap<TopicPartition, RecordsToDelete>();
            for (int partition = 0; partition < PARTITIONS; partition++) {
                deletions.put(new TopicPartition(topic, partition), RecordsToDelete.beforeOffset(-1));
            }
            admin.deleteRecords(deletions).all().get(30, TimeUnit.SECONDS);
        }
    }

    /** The quantities of each RecordUsage answered, by subscription. */
    private static Map<String, List<UsageQuantity>> recorded(TestBroker broker) {
        var recorded = new HashMap<String, List<UsageQuantity>>();
        try (var commands = ReadCommitted.fromStart(
                broker,
                Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT),
                PARTITIONS,
                new StringDeserializer(),
                Topics.SUBSCRIPTION_COMMANDS.valueSerde().deserializer())) {
            await().atMost(PATIENCE).until(() -> {
                for (var record : commands.poll(Duration.ofMillis(200))) {
                    if (record.value().getPayload() instanceof RecordUsage usage) {
                        recorded.put(record.value().getSubscriptionId(), usage.getItems());
                    }
                }
                return recorded.size() >= CUSTOMERS;
            });
        }
        return recorded;
    }

    /** Sends and waits for the broker's acknowledgement, so records reach a partition in the order sent. */
    private static <V> void send(KafkaProducer<String, V> producer, String topic, String key, V value)
            throws Exception {
        producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
    }

    private static <V> KafkaProducer<String, V> producer(TestBroker broker, Serializer<V> values) {
        return new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION,
                        1),
                new StringSerializer(),
                values);
    }
}
