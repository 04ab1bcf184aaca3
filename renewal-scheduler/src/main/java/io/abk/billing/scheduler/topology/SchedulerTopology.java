package io.abk.billing.scheduler.topology;

import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.scheduler.schedule.DueCommand;
import io.abk.billing.scheduler.schedule.ScheduleNodes;
import io.abk.billing.scheduler.schedule.ScheduleProcessor;
import io.abk.billing.scheduler.schedule.TestClocks;
import io.abk.billing.scheduler.store.DueCodec;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.TestClock;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.config.StreamsProperties;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.Stores;

/**
 * The renewal-scheduler topology, used as is by the app and by the TopologyTestDriver tests. Every node and store
 * is named explicitly, and it is built with the app's settings, whose {@code ensure.explicit.internal.resource.naming}
 * makes a generated name fail the build. The stores are partitioned like {@code billing.changes} (by aggregate id),
 * so two instances split the partitions and each fires only its own items; the test clocks are a global store,
 * since every task needs every merchant's clock.
 *
 * <pre>
 * billing.test-clocks -> test-clocks-source -> test-clocks-updater [test-clocks, global]
 * billing.changes -> changes-source -> due-schedule [due-items, due-index; reads test-clocks]
 *     -> select-subscription-commands -> subscription-commands-sink (billing.subscription-commands)
 *     -> select-payment-commands -> payment-commands-sink (billing.payment-commands)
 *     -> select-payment-link-commands -> payment-link-commands-sink (billing.payment-link-commands)
 * </pre>
 */
public final class SchedulerTopology {

    public static final String DUE_ITEMS_STORE = "due-items";
    public static final String DUE_INDEX_STORE = "due-index";
    public static final String TEST_CLOCKS_STORE = "test-clocks";
    /**
     * Bounds one punctuation's work so the task commits (and its commands become visible) often, and a backlog
     * after downtime cannot keep the stream thread away from polling past the consumer's max poll interval.
     */
    public static final int FIRES_PER_TICK = 2_000;

    static final String CHANGES_SOURCE = "changes-source";
    static final String SCHEDULE_PROCESSOR = "due-schedule";
    static final String TEST_CLOCKS_SOURCE = "test-clocks-source";

    private SchedulerTopology() {}

    /** Every topic the topology reads or writes (its internal ones aside): all must exist before it runs. */
    public static List<Topic<?, ?>> topics() {
        return List.of(
                Topics.CHANGES,
                Topics.TEST_CLOCKS,
                Topics.SUBSCRIPTION_COMMANDS,
                Topics.PAYMENT_COMMANDS,
                Topics.PAYMENT_LINK_COMMANDS);
    }

    /** The topology on {@code deployment}'s topics, checked against {@code streamsProperties} (the app's). */
    public static Topology build(Deployment deployment, Duration tick, Properties streamsProperties) {
        return build(deployment, tick, FIRES_PER_TICK, streamsProperties);
    }

    public static Topology build(Deployment deployment, Duration tick, int firesPerTick, Properties streamsProperties) {
        return build(deployment, tick, firesPerTick, DuePolicy.DEFAULT, streamsProperties);
    }

    public static Topology build(
            Deployment deployment, Duration tick, int firesPerTick, DuePolicy policy, Properties streamsProperties) {
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(streamsProperties)));
        var nodes = new ScheduleNodes(DUE_ITEMS_STORE, DUE_INDEX_STORE, TEST_CLOCKS_STORE);
        addStores(builder, deployment, nodes);
        var changes = Topics.CHANGES;
        KStream<String, DueCommand> commands = builder.stream(
                        changes.name(deployment),
                        Consumed.<String, Change>with(changes.keySerde(), changes.valueSerde())
                                .withName(CHANGES_SOURCE))
                .process(
                        () -> new ScheduleProcessor(nodes, tick, firesPerTick, policy),
                        Named.as(SCHEDULE_PROCESSOR),
                        nodes.dueItemsStore(),
                        nodes.dueIndexStore());
        commands.flatMapValues(DueCommand::subscriptionCommands, Named.as("select-subscription-commands"))
                .to(
                        Topics.SUBSCRIPTION_COMMANDS.name(deployment),
                        produced(Topics.SUBSCRIPTION_COMMANDS, "subscription-commands-sink"));
        commands.flatMapValues(DueCommand::paymentCommands, Named.as("select-payment-commands"))
                .to(
                        Topics.PAYMENT_COMMANDS.name(deployment),
                        produced(Topics.PAYMENT_COMMANDS, "payment-commands-sink"));
        commands.flatMapValues(DueCommand::paymentLinkCommands, Named.as("select-payment-link-commands"))
                .to(
                        Topics.PAYMENT_LINK_COMMANDS.name(deployment),
                        produced(Topics.PAYMENT_LINK_COMMANDS, "payment-link-commands-sink"));
        var topology = builder.build();
        // The scheduler skips Kafka Streams' idle wait, which needs every task to read one partition.
        StreamsProperties.requireOneInputPerTask(topology);
        return topology;
    }

    /**
     * Caching off: every change is written through, and under exactly-once everything is flushed at each commit
     * anyway. The global store has no changelog: billing.test-clocks (compacted) is its log.
     */
    private static void addStores(StreamsBuilder builder, Deployment deployment, ScheduleNodes nodes) {
        builder.addStateStore(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(nodes.dueItemsStore()), Serdes.String(), DueCodec.entrySerde())
                .withCachingDisabled()
                .withLoggingEnabled(Map.of()));
        builder.addStateStore(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(nodes.dueIndexStore()), Serdes.String(), DueCodec.itemSerde())
                .withCachingDisabled()
                .withLoggingEnabled(Map.of()));
        var clocks = Topics.TEST_CLOCKS;
        builder.addGlobalStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(nodes.testClocksStore()),
                                Serdes.String(),
                                AvroSerde.of(TestClock.class))
                        .withLoggingDisabled(),
                clocks.name(deployment),
                Consumed.with(clocks.keySerde(), clocks.valueSerde()).withName(TEST_CLOCKS_SOURCE),
                TestClocks.updater(nodes.testClocksStore()));
    }

    private static <V> Produced<String, V> produced(Topic<String, V> topic, String sinkName) {
        return Produced.with(topic.keySerde(), topic.valueSerde()).withName(sinkName);
    }
}
