package io.abk.billing.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.InvoiceLineSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import io.abk.billing.streamskit.errors.DeadLetterRecords;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The production topology with the production Streams settings, driven with pinned record and wall-clock time. */
class BillingTopologyTest {

    private static final Instant REQUESTED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final String SUB = "sub_01jvqz0000000000000000000a";

    @TempDir
    Path stateDir;

    private TopologyHarness harness;
    private TopologyTestDriver driver;
    private TestInputTopic<String, SubscriptionCommand> commands;
    private TestInputTopic<byte[], byte[]> rawCommands;
    private SplitOutput<String, Change> changes;
    private SplitOutput<String, BillingEvent> events;
    private TestOutputTopic<byte[], byte[]> deadLetters;

    @BeforeEach
    void startDriver() {
        openDriver(Map.of());
    }

    private void openDriver(Map<String, String> overrides) {
        harness = new TopologyHarness(stateDir, overrides);
        driver = harness.driver;
        commands = harness.commands;
        rawCommands = harness.rawCommands;
        changes = harness.changes;
        events = harness.events;
        deadLetters = harness.deadLetters;
    }

    @AfterEach
    void closeDriver() {
        harness.close();
    }

    @Test
    void shouldWriteOneAcceptedChangeAndTwoEventsAndStoreStateWhenCreateIsNew() {
        commands.pipeInput(SUB, CommandEnvelopes.create("cmd_a", SUB, REQUESTED_AT));

        var change = single(changes);
        assertThat(change.key()).isEqualTo(SUB);
        assertThat(change.value().getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(change.value().getCommandId()).isEqualTo("cmd_a");
        assertThat(change.value().getAggregateType()).isEqualTo("subscription");
        assertThat(change.value().getRejection()).isNull();
        assertThat(change.value().getSnapshots()).hasSize(2);
        var subscription = (SubscriptionSnapshot) change.value().getSnapshots().get(0);
        var invoice = (InvoiceSnapshot) change.value().getSnapshots().get(1);
        assertThat(subscription.getVersion()).isEqualTo(1);
        assertThat(invoice.getVersion()).isEqualTo(1);
        assertThat(subscription.getStatus()).isEqualTo("incomplete");
        assertThat(subscription.getLatestInvoiceId()).isEqualTo(invoice.getId());
        assertThat(subscription.getCurrentPeriodEnd()).isEqualTo(Instant.parse("2026-06-01T09:30:00Z"));
        assertThat(invoice.getStatus()).isEqualTo("open");
        assertThat(invoice.getAmountMicros()).isEqualTo(9_990_000);

        var published = events.readKeyValuesToList();
        assertThat(published).extracting(kv -> kv.key).containsExactly(SUB, SUB);
        assertThat(published)
                .extracting(kv -> kv.value.getType())
                .containsExactly("subscription.created", "invoice.created");
        assertThat(published)
                .extracting(kv -> kv.value.getEventId())
                .containsExactly(
                        Ids.derivedId(IdPrefix.EVENT, REQUESTED_AT, "cmd_a:0"),
                        Ids.derivedId(IdPrefix.EVENT, REQUESTED_AT, "cmd_a:1"));
        assertThat(change.value().getEventIds())
                .containsExactlyElementsOf(
                        published.stream().map(kv -> kv.value.getEventId()).toList());
        var invoiceCreated = published.get(1).value;
        assertThat(invoiceCreated.getCreatedAt()).isEqualTo(REQUESTED_AT);
        assertThat(invoiceCreated.getCommandId()).isEqualTo("cmd_a");
        assertThat(invoiceCreated.getData().getInvoice()).isEqualTo(invoice);
        assertThat(invoice.getLines())
                .containsExactly(new InvoiceLineSnapshot(
                        "subscription",
                        "9.99 USDC per month",
                        invoice.getPeriodStart(),
                        invoice.getPeriodEnd(),
                        1L,
                        9_990_000L,
                        9_990_000L));
        assertThat(invoice.getSubtotalMicros()).isEqualTo(9_990_000L);
        assertThat(invoice.getDiscountMicros()).isZero();
        assertThat(invoiceCreated.getData().getSubscription()).isEqualTo(subscription);
        assertThat(published.get(0).value.getData().getInvoice()).isNull();

        // The invoice numbering's answer follows at once: the aggregate's second command.
        SubscriptionAggregate stored = aggregates().get(SUB);
        assertThat(stored.getSequence()).isEqualTo(2);
        assertThat(stored.getInvoices()).singleElement().satisfies(numbered -> {
            assertThat(numbered.getId()).isEqualTo(invoice.getId());
            assertThat(numbered.getNumber()).endsWith("-000001");
        });
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void shouldWriteNothingWhenSameCommandIdArrivesAgain() {
        var create = CommandEnvelopes.create("cmd_a", SUB, REQUESTED_AT);
        commands.pipeInput(SUB, create);
        changes.readRecordsToList();
        events.readRecordsToList();

        commands.pipeInput(SUB, create);

        assertThat(changes.isEmpty()).isTrue();
        assertThat(events.isEmpty()).isTrue();
        assertThat(changes.finalizations()).hasSize(1);
        assertThat(aggregates().get(SUB).getSequence())
                .as("the create and its invoice's number")
                .isEqualTo(2);
    }

    @Test
    void shouldRejectWithResourceAlreadyExistsWhenNewCommandCreatesSameSubscription() {
        commands.pipeInput(SUB, CommandEnvelopes.create("cmd_a", SUB, REQUESTED_AT));
        changes.readRecordsToList();
        events.readRecordsToList();
        var before = aggregates().get(SUB);

        commands.pipeInput(SUB, CommandEnvelopes.create("cmd_b", SUB, REQUESTED_AT.plusSeconds(60)));

        var change = single(changes).value();
        assertThat(change.getOutcome()).isEqualTo(Outcome.REJECTED);
        assertThat(change.getCommandId()).isEqualTo("cmd_b");
        assertThat(change.getRejection().getCode()).isEqualTo("resource_already_exists");
        assertThat(change.getRejection().getMessage()).isEqualTo("Subscription " + SUB + " already exists");
        assertThat(change.getSnapshots()).isEmpty();
        assertThat(change.getEventIds()).isEmpty();
        assertThat(events.isEmpty()).isTrue();
        // Compared as text: Avro's equals cannot compare a set nullable timestamp (the invoice's finalizedAt).
        assertThat(aggregates().get(SUB).toString()).isEqualTo(before.toString());
    }

    @Test
    void shouldDeadLetterPoisonCommandAndProcessTheNextWhenMapperThrows() {
        var poison = CommandEnvelopes.withInterval(CommandEnvelopes.create("cmd_poison", SUB, REQUESTED_AT), "weekly");
        commands.pipeInput(SUB, poison);
        var other = "sub_01jvqz0000000000000000000b";
        commands.pipeInput(other, CommandEnvelopes.create("cmd_good", other, REQUESTED_AT));

        var dead = single(deadLetters);
        assertThat(dead.key()).isEqualTo(SUB.getBytes(StandardCharsets.UTF_8));
        assertThat(Topics.SUBSCRIPTION_COMMANDS.valueSerde().deserializer().deserialize("t", dead.value()))
                .isEqualTo(poison);
        assertThat(header(dead, DeadLetterRecords.EXCEPTION_HEADER))
                .isEqualTo(IllegalArgumentException.class.getName());
        assertThat(header(dead, DeadLetterRecords.MESSAGE_HEADER)).contains("weekly");
        assertThat(header(dead, DeadLetterRecords.TOPIC_HEADER))
                .isEqualTo(Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT));
        assertThat(header(dead, DeadLetterRecords.OFFSET_HEADER)).isEqualTo("0");
        assertThat(header(dead, DeadLetterRecords.NODE_HEADER)).isEqualTo("subscription-command-processor");
        // The wire names are what operators' tools read: they are pinned here, not taken from the constants.
        assertThat(dead.headers().toArray())
                .extracting(Header::key)
                .containsExactly(
                        "__streams.errors.exception",
                        "__streams.errors.message",
                        "__streams.errors.stacktrace",
                        "__streams.errors.topic",
                        "__streams.errors.partition",
                        "__streams.errors.offset",
                        "billing.errors.node");
        assertThat(header(dead, "__streams.errors.partition")).isEqualTo("0");
        assertThat(header(dead, "__streams.errors.stacktrace")).startsWith(IllegalArgumentException.class.getName());
        // Nothing of the poison command was written; the next command went through.
        assertThat(aggregates().get(SUB)).isNull();
        assertThat(single(changes).value().getCommandId()).isEqualTo("cmd_good");
        assertThat(events.readRecordsToList()).hasSize(2);
    }

    @Test
    void shouldDeadLetterUndecodableValueAndProcessTheNextWhenBytesAreNotAvro() {
        // The driver decodes a record as it is enqueued and then clears its mock producer before the first
        // commit, which drops anything sent inside the still-open transaction under exactly-once. The app sends
        // the dead letter in the task's transaction like any output, so only this test runs at-least-once.
        harness.close();
        openDriver(Map.of(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE));
        var garbage = "{\"not\":\"avro\"}".getBytes(StandardCharsets.UTF_8);
        rawCommands.pipeInput(SUB.getBytes(StandardCharsets.UTF_8), garbage);
        commands.pipeInput(SUB, CommandEnvelopes.create("cmd_a", SUB, REQUESTED_AT));

        var dead = single(deadLetters);
        assertThat(dead.value()).isEqualTo(garbage);
        assertThat(header(dead, DeadLetterRecords.NODE_HEADER)).isEqualTo("deserialization");
        assertThat(header(dead, DeadLetterRecords.EXCEPTION_HEADER)).contains("SerializationException");
        assertThat(single(changes).value().getOutcome()).isEqualTo(Outcome.ACCEPTED);
    }

    @Test
    void shouldApplyCommandIdAgainWhenItsDedupEntryHasExpired() {
        var create = CommandEnvelopes.create("cmd_a", SUB, REQUESTED_AT);
        commands.pipeInput(SUB, create);
        changes.readRecordsToList();
        driver.advanceWallClockTime(Duration.ofDays(7).plusHours(23));
        commands.pipeInput(SUB, create);
        assertThat(changes.isEmpty()).as("still remembered within 8 days").isTrue();

        driver.advanceWallClockTime(Duration.ofHours(1).plusMinutes(1));
        commands.pipeInput(SUB, create);

        // Forgotten after 8 days: the command is decided again, and the aggregate refuses a second create.
        assertThat(single(changes).value().getRejection().getCode()).isEqualTo("resource_already_exists");
    }

    private KeyValueStore<String, SubscriptionAggregate> aggregates() {
        return harness.aggregates();
    }

    private static <K, V> TestRecord<K, V> single(SplitOutput<K, V> topic) {
        return TopologyHarness.single(topic);
    }

    private static <K, V> TestRecord<K, V> single(TestOutputTopic<K, V> topic) {
        return TopologyHarness.single(topic);
    }

    private static String header(TestRecord<byte[], byte[]> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
