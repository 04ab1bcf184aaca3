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
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.TrackUsage;
import io.abk.billing.schemas.avro.TrackedItem;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.ids.MeterEvents;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.BillingStreamsApp;
import io.abk.billing.streams.BillingStreamsSettings;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.topics.TopicProvisioner;
import io.abk.billing.topics.TopicsSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A million meter events through billing-streams on a real broker with exactly-once (docs/architecture.md, "Metered
 * usage"): 1,000 customers with tracked subscriptions (a sum, a sum and a max, a sum and a count, a max alone), 5 % of
 * the events resent with their identifier, some before the period (late) or after it (next period), some of a meter no
 * item counts. billing-streams is closed a third of the way and restarted on the same state directory, then closed
 * again two thirds of the way and restarted on a fresh one (restored from the changelogs). Every period's close must
 * then record exactly the quantities computed here, outside. Protects against an event counted twice or lost across a
 * restart, and a retry counted again.
 */
class UsageMillionEventsIT {

    /** Each phase on a 2-core machine that also runs other modules' tests: a third of a million events took over 120 s once. */
    private static final Duration PATIENCE = Duration.ofSeconds(360);

    private static final int PARTITIONS = 2;
    private static final int CUSTOMERS = 1_000;
    private static final int EVENTS = 1_000_000;
    /** One event in twenty is a retry of an earlier one: same identifier, same content. */
    private static final int RETRY_EVERY = 20;

    private static final Instant START = Instant.parse("2026-11-01T00:00:00Z");
    private static final Instant END = Instant.parse("2026-12-01T00:00:00Z");
    private static final Instant NEXT_END = Instant.parse("2027-01-01T00:00:00Z");

    private static final TrackedItem CALLS = new TrackedItem("si_calls", "mtr_calls", "api.calls", "sum");
    private static final TrackedItem STORAGE = new TrackedItem("si_gb", "mtr_gb", "gb.stored", "max");
    private static final TrackedItem LOGINS = new TrackedItem("si_logins", "mtr_logins", "login", "count");
    private static final String UNTRACKED = "not.metered";

    @TempDir
    Path dir;

    @Test
    void shouldRecordExactlyTheQuantitiesComputedOutsideWhenAMillionEventsWithRetriesCrossTwoRestarts()
            throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"))) {
            var plan = TopicsSettings.singleBroker(broker.bootstrapServers(), PARTITIONS)
                    .plan();
            assertThat(TopicProvisioner.run(broker.bootstrapServers(), plan, TopicProvisioner.Options.apply(PATIENCE))
                            .problems())
                    .isEmpty();
            sendTracks(broker);
            var expected = new Expected();
            var started = System.nanoTime();
            var produced = CompletableFuture.supplyAsync(() -> produceEvents(broker, expected));

            try (var first = start(broker, "kept")) {
                await().atMost(PATIENCE).until(first::isRunning);
                await().atMost(PATIENCE).until(() -> processed(broker) >= EVENTS / 3);
            }
            log("first process closed at %,d events processed", processed(broker));
            try (var second = start(broker, "kept")) {
                await().atMost(PATIENCE).until(() -> processed(broker) >= 2L * EVENTS / 3);
            }
            log("second process (same state directory) closed at %,d events processed", processed(broker));
            var producedAfter = produced.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            try (var third = start(broker, "fresh")) {
                await().atMost(PATIENCE).until(() -> processed(broker) >= EVENTS);
                var elapsed = Duration.ofNanos(System.nanoTime() - started);
                log(
                        "%,d events (produced in %.1f s) processed in %.1f s with two restarts: %,.0f events/s",
                        EVENTS,
                        producedAfter.toMillis() / 1000.0,
                        elapsed.toMillis() / 1000.0,
                        EVENTS * 1000.0 / elapsed.toMillis());
                var recorded = closeAll(broker);
                assertThat(recorded).hasSize(CUSTOMERS);
                for (int customer = 0; customer < CUSTOMERS; customer++) {
                    assertThat(recorded.get(subscription(customer)))
                            .as("customer %d's recorded usage", customer)
                            .isEqualTo(expected.quantities(customer));
                }
                // One record per identifier: its changelog is never compacted, only deleted past the window.
                assertThat(cleanupPolicy(
                                broker,
                                BillingStreamsSettings.fromEnv(Map.of()).usageApplicationId() + "-"
                                        + UsageNodes.DEFAULT.identifierStore() + "-changelog"))
                        .isEqualTo(TopicConfig.CLEANUP_POLICY_DELETE);
            }
        }
    }

    private static String cleanupPolicy(TestBroker broker, String topic) throws Exception {
        try (var admin = broker.admin()) {
            var resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            var config = admin.describeConfigs(List.of(resource))
                    .all()
                    .get(30, TimeUnit.SECONDS)
                    .get(resource);
            return config.get(TopicConfig.CLEANUP_POLICY_CONFIG).value();
        }
    }

    /**
     * A billing-streams process on the state directory {@code state} of this test, with a stream thread per
     * partition so both of the machine's cores count events.
     */
    private StreamsApp start(TestBroker broker, String state) {
        return BillingStreamsApp.start(BillingStreamsSettings.fromEnv(Map.of(
                "BILLING_KAFKA_BOOTSTRAP_SERVERS",
                broker.bootstrapServers(),
                "BILLING_STREAMS_THREADS",
                Integer.toString(PARTITIONS),
                "BILLING_STREAMS_STATE_DIR",
                dir.resolve(state).toString())));
    }

    /** The meter events billing-streams has committed as consumed. */
    private static long processed(TestBroker broker) throws Exception {
        try (var admin = broker.admin()) {
            var offsets = admin.listConsumerGroupOffsets(
                            BillingStreamsSettings.fromEnv(Map.of()).usageApplicationId())
                    .partitionsToOffsetAndMetadata()
                    .get(30, TimeUnit.SECONDS);
            var topic = Topics.METER_EVENTS.name(Deployment.DEFAULT);
            return offsets.entrySet().stream()
                    .filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
                    .mapToLong(e -> e.getValue().offset())
                    .sum();
        }
    }

    /** Which items customer {@code n} has: a sum; a sum and a max; a sum and a count; a max alone. */
    private static List<TrackedItem> items(int customer) {
        return switch (customer % 4) {
            case 0 -> List.of(CALLS);
            case 1 -> List.of(CALLS, STORAGE);
            case 2 -> List.of(CALLS, LOGINS);
            default -> List.of(STORAGE);
        };
    }

    private static UsageCommand command(int customer, String commandId, Object payload) {
        return new UsageCommand(commandId, MERCHANT, Mode.TEST, customerId(customer), END, payload);
    }

    /**
     * The first records on the topics just made: one request in flight, since a partition whose leader is not known yet
     * fails the first batch (NOT_LEADER_OR_FOLLOWER) and, with later batches already accepted, its retry was refused
     * as out of order for as long as the test waited.
     */
    private static void sendTracks(TestBroker broker) throws Exception {
        try (var producer = producer(
                broker,
                Topics.USAGE_COMMANDS.valueSerde().serializer(),
                Map.of(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1))) {
            var sent = new ArrayList<java.util.concurrent.Future<?>>();
            for (int customer = 0; customer < CUSTOMERS; customer++) {
                sent.add(producer.send(new ProducerRecord<>(
                        Topics.USAGE_COMMANDS.name(Deployment.DEFAULT),
                        key(customer),
                        command(
                                customer,
                                "cmd_track_" + customer,
                                new TrackUsage(subscription(customer), items(customer), START, END)))));
            }
            for (var future : sent) {
                future.get(30, TimeUnit.SECONDS);
            }
        }
    }

    /** Event {@code n}, the same every time it is made: so a retry is event n made again. */
    private static MeterEvent event(int n) {
        var random = new SplittableRandom(n * 0x9E3779B97F4A7C15L);
        int customer = random.nextInt(CUSTOMERS);
        var items = items(customer);
        var name = random.nextInt(50) == 0
                ? UNTRACKED
                : items.get(random.nextInt(items.size())).getEventName();
        long periodMs = END.toEpochMilli() - START.toEpochMilli();
        var timestamp = switch (random.nextInt(100)) {
            case 0 -> START.minusMillis(1 + random.nextLong(periodMs)); // late: counts in the open period
            case 1 -> END.plusMillis(random.nextLong(periodMs)); // the next period's
            default -> START.plusMillis(random.nextLong(periodMs));
        };
        return new MeterEvent(
                MERCHANT,
                Mode.TEST,
                customerId(customer),
                name,
                "evt_" + n,
                timestamp,
                random.nextLong(1_001),
                timestamp);
    }

    /** Sends the events, a retry of an earlier one every {@link #RETRY_EVERY}; returns how long it took. */
    private static Duration produceEvents(TestBroker broker, Expected expected) {
        var started = System.nanoTime();
        var random = new SplittableRandom(7);
        var topic = Topics.METER_EVENTS.name(Deployment.DEFAULT);
        try (var producer = producer(broker, Topics.METER_EVENTS.valueSerde().serializer())) {
            int unique = 0;
            for (int sent = 0; sent < EVENTS; sent++) {
                MeterEvent event;
                if (unique > 0 && sent % RETRY_EVERY == RETRY_EVERY - 1) {
                    event = event(random.nextInt(unique));
                } else {
                    event = event(unique++);
                    expected.count(event);
                }
                producer.send(new ProducerRecord<>(
                        topic, MeterEvents.key(event.getMerchantId(), "test", event.getCustomerId()), event));
            }
            producer.flush();
        }
        return Duration.ofNanos(System.nanoTime() - started);
    }

    /** Closes every customer's period and returns the quantities each RecordUsage answered, by subscription. */
    private static Map<String, List<UsageQuantity>> closeAll(TestBroker broker) throws Exception {
        try (var producer = producer(broker, Topics.USAGE_COMMANDS.valueSerde().serializer())) {
            for (int customer = 0; customer < CUSTOMERS; customer++) {
                producer.send(new ProducerRecord<>(
                        Topics.USAGE_COMMANDS.name(Deployment.DEFAULT),
                        key(customer),
                        command(
                                customer,
                                "cmd_close_" + customer,
                                new CloseUsagePeriod(subscription(customer), START, END, NEXT_END))));
            }
        }
        var recorded = new HashMap<String, List<UsageQuantity>>();
        try (var commands = ReadCommitted.fromStart(
                broker,
                Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT),
                PARTITIONS,
                new StringDeserializer(),
                Topics.SUBSCRIPTION_COMMANDS.valueSerde().deserializer())) {
            await().atMost(PATIENCE).until(() -> {
                for (var record : commands.poll(Duration.ofMillis(200))) {
                    SubscriptionCommand command = record.value();
                    if (command.getPayload() instanceof RecordUsage usage) {
                        assertThat(command.getCommandId()).endsWith(":recorded");
                        assertThat(recorded.put(command.getSubscriptionId(), usage.getItems()))
                                .as("one RecordUsage per close")
                                .isNull();
                    }
                }
                return recorded.size() >= CUSTOMERS;
            });
        }
        return recorded;
    }

    private static <V> KafkaProducer<String, V> producer(
            TestBroker broker, org.apache.kafka.common.serialization.Serializer<V> values) {
        return producer(broker, values, Map.of());
    }

    private static <V> KafkaProducer<String, V> producer(
            TestBroker broker, org.apache.kafka.common.serialization.Serializer<V> values, Map<String, Object> extra) {
        var config = new java.util.HashMap<String, Object>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ProducerConfig.LINGER_MS_CONFIG,
                20,
                ProducerConfig.BATCH_SIZE_CONFIG,
                512 * 1024,
                ProducerConfig.COMPRESSION_TYPE_CONFIG,
                "lz4",
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                60_000));
        config.putAll(extra);
        return new KafkaProducer<>(config, new org.apache.kafka.common.serialization.StringSerializer(), values);
    }

    private static void log(String format, Object... args) {
        System.out.printf("UsageMillionEventsIT: " + format + "%n", args);
    }

    /** The quantities each customer's items must come to, computed as the events are made (retries excluded). */
    private static final class Expected {

        private final long[][] quantities = new long[CUSTOMERS][];
        private final long[][] counts = new long[CUSTOMERS][];

        Expected() {
            for (int customer = 0; customer < CUSTOMERS; customer++) {
                quantities[customer] = new long[items(customer).size()];
                counts[customer] = new long[items(customer).size()];
            }
        }

        synchronized void count(MeterEvent event) {
            int customer = Integer.parseInt(
                    event.getCustomerId().substring(event.getCustomerId().length() - 5));
            if (!event.getTimestamp().isBefore(END)) {
                return; // the next period's: not in this close
            }
            var items = items(customer);
            for (int i = 0; i < items.size(); i++) {
                var item = items.get(i);
                if (!item.getEventName().equals(event.getEventName())) {
                    continue;
                }
                counts[customer][i]++;
                quantities[customer][i] = switch (item.getAggregation()) {
                    case "sum" -> quantities[customer][i] + event.getValue();
                    case "count" -> quantities[customer][i] + 1;
                    default -> Math.max(quantities[customer][i], event.getValue());
                };
            }
        }

        synchronized List<UsageQuantity> quantities(int customer) {
            var items = items(customer);
            var out = new ArrayList<UsageQuantity>();
            for (int i = 0; i < items.size(); i++) {
                out.add(new UsageQuantity(
                        items.get(i).getItemId(),
                        items.get(i).getMeterId(),
                        quantities[customer][i],
                        counts[customer][i]));
            }
            return out;
        }
    }
}
