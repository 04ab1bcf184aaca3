package io.abk.billing.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CustomerAggregate;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.PaymentAggregate;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkAggregate;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.BillingStreamsSettings;
import io.abk.billing.streams.customer.CustomerAdapter;
import io.abk.billing.streams.invoicenumber.InvoiceNumberProcessor;
import io.abk.billing.streams.payment.domain.PaymentPolicy;
import io.abk.billing.streams.subscription.domain.DunningPolicy;
import io.abk.billing.streams.usage.UsageNodes;
import io.abk.billing.streams.usage.UsageSettings;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;

/**
 * The production topology with the production Streams settings in a {@link TopologyTestDriver} with a pinned wall
 * clock, and typed handles on every topic it reads or writes. The customers' changes and events, which every
 * subscription and every payment with a wallet leads to, and the invoice numbering's finalizations, which every new
 * invoice leads to, are kept apart on {@link #changes} and {@link #events} ({@link SplitOutput#apart()},
 * {@link SplitOutput#finalizations()}), so a test of another aggregate reads its own.
 */
final class TopologyHarness implements AutoCloseable {

    static final Instant WALL_CLOCK = Instant.parse("2026-05-01T00:00:00Z");

    final TopologyTestDriver driver;
    final TestInputTopic<String, SubscriptionCommand> commands;
    final TestInputTopic<byte[], byte[]> rawCommands;
    final SplitOutput<String, Change> changes;
    final SplitOutput<String, BillingEvent> events;
    final TestOutputTopic<String, ChainRequest> chainRequests;
    final TestOutputTopic<byte[], byte[]> deadLetters;
    final TestInputTopic<String, PaymentCommand> paymentCommands;
    final TestInputTopic<String, PaymentLinkCommand> linkCommands;
    /** What the topology writes to the payment topic (minted payments); the driver also feeds it back in. */
    final TestOutputTopic<String, PaymentCommand> paymentCommandsOut;
    /** What the topology writes to the link topic (conversions); the driver also feeds it back in. */
    final TestOutputTopic<String, PaymentLinkCommand> linkCommandsOut;

    final TestOutputTopic<String, WatchedAddress> watchedAddresses;
    final TestInputTopic<String, CustomerCommand> customerCommands;
    /** What the topology writes to the customer topic (ensures); the driver also feeds it back in. */
    final TestOutputTopic<String, CustomerCommand> customerCommandsOut;

    TopologyHarness(Path stateDir, Map<String, String> overrides) {
        var props = BillingStreamsSettings.defaults("unused:9092", stateDir)
                .withOverrides(overrides)
                .streamsProperties();
        var topology = BillingTopology.build(Deployment.DEFAULT, DunningPolicy.DEFAULT, PaymentPolicy.DEFAULT);
        // The usage processor is an application of its own in production; here it shares the driver, since the two
        // topologies meet only through their topics, which the driver connects.
        UsageNodes.DEFAULT.addTo(topology, Deployment.DEFAULT, UsageSettings.DEFAULT);
        driver = new TopologyTestDriver(topology, props, WALL_CLOCK);
        var commandTopic = Topics.SUBSCRIPTION_COMMANDS;
        commands = driver.createInputTopic(
                commandTopic.name(Deployment.DEFAULT),
                new StringSerializer(),
                commandTopic.valueSerde().serializer());
        rawCommands = driver.createInputTopic(
                commandTopic.name(Deployment.DEFAULT), new ByteArraySerializer(), new ByteArraySerializer());
        changes = new SplitOutput<>(
                driver.createOutputTopic(
                        Topics.CHANGES.name(Deployment.DEFAULT),
                        Topics.CHANGES.keySerde().deserializer(),
                        Topics.CHANGES.valueSerde().deserializer()),
                change -> change.getAggregateType().equals(CustomerAdapter.AGGREGATE_TYPE),
                change -> change.getCommandId().startsWith(InvoiceNumberProcessor.FINALIZE_COMMAND_PREFIX));
        events = new SplitOutput<>(
                driver.createOutputTopic(
                        Topics.EVENTS.name(Deployment.DEFAULT),
                        Topics.EVENTS.keySerde().deserializer(),
                        Topics.EVENTS.valueSerde().deserializer()),
                event -> event.getType().startsWith("customer."),
                event -> event.getType().equals("invoice.finalized"));
        chainRequests = driver.createOutputTopic(
                Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT),
                Topics.CHAIN_REQUESTS.keySerde().deserializer(),
                Topics.CHAIN_REQUESTS.valueSerde().deserializer());
        deadLetters = driver.createOutputTopic(
                Topics.STREAMS_DEAD_LETTERS.name(Deployment.DEFAULT),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
        var payments = Topics.PAYMENT_COMMANDS;
        paymentCommands = driver.createInputTopic(
                payments.name(Deployment.DEFAULT),
                new StringSerializer(),
                payments.valueSerde().serializer());
        paymentCommandsOut = driver.createOutputTopic(
                payments.name(Deployment.DEFAULT),
                payments.keySerde().deserializer(),
                payments.valueSerde().deserializer());
        var links = Topics.PAYMENT_LINK_COMMANDS;
        linkCommands = driver.createInputTopic(
                links.name(Deployment.DEFAULT),
                new StringSerializer(),
                links.valueSerde().serializer());
        linkCommandsOut = driver.createOutputTopic(
                links.name(Deployment.DEFAULT),
                links.keySerde().deserializer(),
                links.valueSerde().deserializer());
        var watched = Topics.CHAIN_WATCHED_ADDRESSES;
        watchedAddresses = driver.createOutputTopic(
                watched.name(Deployment.DEFAULT),
                watched.keySerde().deserializer(),
                watched.valueSerde().deserializer());
        var customers = Topics.CUSTOMER_COMMANDS;
        customerCommands = driver.createInputTopic(
                customers.name(Deployment.DEFAULT),
                new StringSerializer(),
                customers.valueSerde().serializer());
        customerCommandsOut = driver.createOutputTopic(
                customers.name(Deployment.DEFAULT),
                customers.keySerde().deserializer(),
                customers.valueSerde().deserializer());
    }

    KeyValueStore<String, CustomerAggregate> customers() {
        return driver.getKeyValueStore(BillingTopology.CUSTOMERS.aggregateStore());
    }

    /** Sends {@code command} keyed by its customer and returns the one Change it produced. */
    Change send(CustomerCommand command) {
        customerCommands.pipeInput(command.getCustomerId(), command);
        var records = changes.apart();
        assertThat(records).hasSize(1);
        return records.getFirst().value();
    }

    KeyValueStore<String, PaymentAggregate> payments() {
        return driver.getKeyValueStore(BillingTopology.PAYMENTS.aggregateStore());
    }

    KeyValueStore<String, PaymentLinkAggregate> links() {
        return driver.getKeyValueStore(BillingTopology.PAYMENT_LINKS.aggregateStore());
    }

    /** Sends {@code command} keyed by its payment and returns the one Change it produced. */
    Change send(PaymentCommand command) {
        paymentCommands.pipeInput(command.getPaymentId(), command);
        return single(changes).value();
    }

    /**
     * Sends {@code command} keyed by its link and returns every Change that followed: the link's, then those of the
     * commands it led to, which the driver feeds back through their topics at once (an open's minted payment).
     */
    List<Change> send(PaymentLinkCommand command) {
        linkCommands.pipeInput(command.getPaymentLinkId(), command);
        return changes.readValuesToList();
    }

    KeyValueStore<String, SubscriptionAggregate> aggregates() {
        return driver.getKeyValueStore(BillingTopology.SUBSCRIPTIONS.aggregateStore());
    }

    /** Sends {@code command} keyed by its subscription and returns the one Change it produced. */
    Change send(SubscriptionCommand command) {
        commands.pipeInput(command.getSubscriptionId(), command);
        return single(changes).value();
    }

    /** Reads and forgets everything written so far. */
    void drain() {
        changes.readRecordsToList();
        events.readRecordsToList();
        chainRequests.readRecordsToList();
        paymentCommandsOut.readRecordsToList();
        linkCommandsOut.readRecordsToList();
        watchedAddresses.readRecordsToList();
        customerCommandsOut.readRecordsToList();
        changes.apart();
        events.apart();
        changes.finalizations();
        events.finalizations();
    }

    static <K, V> TestRecord<K, V> single(SplitOutput<K, V> topic) {
        var records = topic.readRecordsToList();
        assertThat(records).hasSize(1);
        return records.getFirst();
    }

    static <K, V> TestRecord<K, V> single(TestOutputTopic<K, V> topic) {
        var records = topic.readRecordsToList();
        assertThat(records).hasSize(1);
        return records.getFirst();
    }

    @Override
    public void close() {
        driver.close();
    }
}
