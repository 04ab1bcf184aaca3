package io.abk.billing.chain.topology;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.settlement.ClaimHolder;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;

/**
 * The production topology with the production Streams settings, in a TopologyTestDriver with pinned wall-clock
 * time: requests in on {@code chain.requests} and relayer results on {@code chain.results}, answers out on the
 * subscription and payment command topics (the driver runs the {@code tx-claims} repartition in between), and what
 * the exception handlers dead-letter on {@code chain.indexer-dlt}.
 */
final class ChainTopologyDriver implements AutoCloseable {

    static final Instant WALL_CLOCK = Instant.parse("2026-05-01T09:30:01Z");
    static final String TX_HASH = "0x[0-9a-f]{64}";

    final TopologyTestDriver driver;
    final TestInputTopic<String, ChainRequest> requests;
    final TestInputTopic<String, byte[]> rawRequests;
    final TestInputTopic<String, ChainResult> relayerResults;
    final TestInputTopic<String, Change> changes;
    final TestInputTopic<String, ChainTransfer> transfers;
    final TestOutputTopic<String, SubscriptionCommand> subscriptionResults;
    final TestOutputTopic<String, PaymentCommand> paymentResults;
    final TestOutputTopic<byte[], byte[]> deadLetters;

    ChainTopologyDriver(Path stateDir, ConfiguredChains chains) {
        this(stateDir, chains, AutoSettlementSettings.DEFAULTS);
    }

    ChainTopologyDriver(Path stateDir, ConfiguredChains chains, AutoSettlementSettings autoSettlement) {
        this(stateDir, chains, autoSettlement, Map.of());
    }

    /** With {@code overrides} on top of the production Streams settings. */
    ChainTopologyDriver(
            Path stateDir,
            ConfiguredChains chains,
            AutoSettlementSettings autoSettlement,
            Map<String, String> overrides) {
        var props = ChainIndexerSettings.defaults("unused:9092", stateDir).streamsProperties();
        props.putAll(overrides);
        driver = new TopologyTestDriver(
                ChainTopology.build(Deployment.DEFAULT, chains, autoSettlement, props), props, WALL_CLOCK);
        var topic = Topics.CHAIN_REQUESTS;
        requests = driver.createInputTopic(
                topic.name(Deployment.DEFAULT),
                new StringSerializer(),
                topic.valueSerde().serializer());
        rawRequests = driver.createInputTopic(
                topic.name(Deployment.DEFAULT), new StringSerializer(), new ByteArraySerializer());
        relayerResults = driver.createInputTopic(
                Topics.CHAIN_RESULTS.name(Deployment.DEFAULT),
                new StringSerializer(),
                Topics.CHAIN_RESULTS.valueSerde().serializer());
        changes = driver.createInputTopic(
                Topics.CHANGES.name(Deployment.DEFAULT),
                new StringSerializer(),
                Topics.CHANGES.valueSerde().serializer());
        transfers = driver.createInputTopic(
                Topics.CHAIN_TRANSFERS.name(Deployment.DEFAULT),
                new StringSerializer(),
                Topics.CHAIN_TRANSFERS.valueSerde().serializer());
        subscriptionResults = driver.createOutputTopic(
                Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT),
                Topics.SUBSCRIPTION_COMMANDS.keySerde().deserializer(),
                Topics.SUBSCRIPTION_COMMANDS.valueSerde().deserializer());
        paymentResults = driver.createOutputTopic(
                Topics.PAYMENT_COMMANDS.name(Deployment.DEFAULT),
                Topics.PAYMENT_COMMANDS.keySerde().deserializer(),
                Topics.PAYMENT_COMMANDS.valueSerde().deserializer());
        deadLetters = driver.createOutputTopic(
                Topics.CHAIN_DEAD_LETTERS.name(Deployment.DEFAULT),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    KeyValueStore<String, ValueAndTimestamp<SubscriptionCommand>> settled() {
        return driver.getTimestampedKeyValueStore(ChainTopology.SETTLED_REQUESTS_STORE);
    }

    KeyValueStore<String, String> claims() {
        return driver.getKeyValueStore(ChainTopology.TX_CLAIMS_STORE);
    }

    /** Every claim held, hash -> claimant id. */
    Map<String, String> claimedHashes() {
        var all = new HashMap<String, String>();
        try (var iterator = claims().all()) {
            iterator.forEachRemaining(
                    entry -> all.put(entry.key, ClaimHolder.parse(entry.value).claimantId()));
        }
        return all;
    }

    @Override
    public void close() {
        driver.close();
    }
}
