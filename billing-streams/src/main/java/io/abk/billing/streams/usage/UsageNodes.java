package io.abk.billing.streams.usage;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.util.Map;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The names of the usage processor's nodes and stores, and its part of the topology:
 *
 * <pre>
 * billing.meter-events -> usage-meter-events-source -+
 * billing.usage-commands -> usage-commands-source ---+-> usage-processor
 *     [usage-state, usage-identifiers, usage-processed-commands]
 *     -> usage-recordings-sink (billing.subscription-commands, keyed by subscription id),
 *        usage-summaries-sink (billing.usage-summaries, keyed by subscription id)
 * </pre>
 *
 * Both sources feed one processor, so partition n of each topic is in the same task: the topics are co-partitioned
 * (the same key and partition count). Renaming a store is a migration: {@code usage-state} holds the open periods'
 * counts, {@code usage-identifiers} the identifiers of the deduplication window.
 */
public record UsageNodes(
        String meterEventsSource,
        String commandsSource,
        String processor,
        String stateStore,
        String identifierStore,
        String processedCommandStore,
        String recordingsSink,
        String summariesSink) {

    /** The one usage processor of billing-streams. */
    public static final UsageNodes DEFAULT = new UsageNodes(
            "usage-meter-events-source",
            "usage-commands-source",
            "usage-processor",
            "usage-state",
            "usage-identifiers",
            "usage-processed-commands",
            "usage-recordings-sink",
            "usage-summaries-sink");

    /**
     * Adds the usage processor to {@code topology}, on {@code deployment}'s topics. A customer's usage is rewritten by
     * each of their events, so the state store holds it decoded and writes it to RocksDB and the changelog once per
     * commit ({@link CustomerUsageStore}). The identifier window and the processed commands are written once per key,
     * so a cache would only cost. For the same reason the identifier window's changelog is not compacted (Kafka Streams'
     * default for a window store is compact and delete): with one record per key, compaction would only have the
     * broker rewrite the largest changelog of all, one record per event, over and over without removing a record;
     * records past the window's retention are deleted as before.
     */
    public void addTo(Topology topology, Deployment deployment, UsageSettings settings) {
        var events = Topics.METER_EVENTS;
        var commands = Topics.USAGE_COMMANDS;
        topology.addSource(
                meterEventsSource,
                events.keySerde().deserializer(),
                events.valueSerde().deserializer(),
                events.name(deployment));
        topology.addSource(
                commandsSource,
                commands.keySerde().deserializer(),
                commands.valueSerde().deserializer(),
                commands.name(deployment));
        topology.addProcessor(processor, () -> new UsageProcessor(this, settings), meterEventsSource, commandsSource);
        topology.addStateStore(CustomerUsageStore.builder(stateStore, Map.of()), processor);
        var window = settings.deduplicationWindow();
        topology.addStateStore(
                Stores.windowStoreBuilder(
                                Stores.persistentWindowStore(identifierStore, window, window, false),
                                Serdes.String(),
                                Serdes.Long())
                        .withCachingDisabled()
                        .withLoggingEnabled(
                                Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE)),
                processor);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(processedCommandStore), Serdes.String(), Serdes.Long())
                        .withCachingDisabled()
                        .withLoggingEnabled(Map.of()),
                processor);
        var recordings = Topics.SUBSCRIPTION_COMMANDS;
        topology.addSink(
                recordingsSink,
                recordings.name(deployment),
                recordings.keySerde().serializer(),
                recordings.valueSerde().serializer(),
                processor);
        var summaries = Topics.USAGE_SUMMARIES;
        topology.addSink(
                summariesSink,
                summaries.name(deployment),
                summaries.keySerde().serializer(),
                summaries.valueSerde().serializer(),
                processor);
    }
}
