package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtAddressBook;
import io.abk.billing.schemas.avro.UsdtIntentAggregate;
import io.abk.billing.schemas.avro.UsdtTxClaim;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.usdt.domain.intent.IntentPolicy;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.Stores;

/**
 * The intents' topology, used as is by the app and by the TopologyTestDriver test. Every node, store, changelog and
 * the repartition topic are named; the app's {@code ensure.explicit.internal.resource.naming} makes a generated name
 * fail. The DSL is there because only it has Kafka Streams create an internal repartition topic.
 *
 * <pre>
 * usdt.intent-commands -> intent-commands-source -> intent-processor [intents, intent-expiries]
 *     -> intent-outcomes-sink (usdt.command-outcomes), events-sink (usdt.events),
 *        address-book-changes-sink (usdt.address-commands)
 *     -> repartition by tx hash (&lt;application id&gt;-tx-claims-repartition) -> tx-claims-processor [tx-claims]
 *        -> claim-answers-sink (usdt.intent-commands)
 * usdt.address-commands -> address-commands-source -> address-book-processor [address-books]
 *     -> poll-confirms-sink (usdt.intent-commands), poll-outcomes-sink (usdt.command-outcomes)
 * </pre>
 *
 * <p>Why it holds under concurrency: an intent's commands all land on its partition and one task applies them in
 * order, so an intent is confirmed once; every claim of a hash lands on the hash's partition of the repartition
 * topic, and its task grants the first claimant only, so a hash confirms one intent. An intent claims one hash at a
 * time and confirms only on the grant of that hash.
 */
public final class IntentTopology {

    public static final String INTENTS_STORE = "intents";
    public static final String EXPIRIES_STORE = "intent-expiries";
    public static final String TX_CLAIMS_STORE = "tx-claims";
    public static final String ADDRESS_BOOKS_STORE = "address-books";
    /** The repartition topic is {@code <application id>-tx-claims-repartition}. */
    public static final String TX_CLAIMS_REPARTITION = "tx-claims";

    /** What the processors are configured with: the intents' policy and the chain id events carry. */
    public record Settings(IntentPolicy policy, long chainId) {
    }

    private IntentTopology() {
    }

    /** Every topic the topology reads or writes (its internal ones aside): all must exist before it runs. */
    public static List<Topic<?, ?>> topics() {
        return List.of(Topics.USDT_INTENT_COMMANDS, Topics.USDT_ADDRESS_COMMANDS, Topics.USDT_COMMAND_OUTCOMES,
                Topics.USDT_EVENTS);
    }

    public static Topology build(Settings settings, Properties streamsProperties) {
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(streamsProperties)));
        addStores(builder);
        var commands = Topics.USDT_INTENT_COMMANDS;
        var outcomes = Topics.USDT_COMMAND_OUTCOMES;
        var addressCommands = Topics.USDT_ADDRESS_COMMANDS;
        var intentOutputs = builder
                .stream(commands.name(), Consumed.with(commands.keySerde(), commands.valueSerde())
                        .withName("intent-commands-source"))
                .process(() -> new IntentProcessor(settings), Named.as("intent-processor"), INTENTS_STORE,
                        EXPIRIES_STORE);
        intentOutputs.flatMap((key, out) -> out.outcomes(), Named.as("select-intent-outcomes"))
                .to(outcomes.name(), produced(outcomes, "intent-outcomes-sink"));
        intentOutputs.flatMap((key, out) -> out.events(), Named.as("select-events"))
                .to(Topics.USDT_EVENTS.name(), produced(Topics.USDT_EVENTS, "events-sink"));
        intentOutputs.flatMap((key, out) -> out.addressCommands(), Named.as("select-address-book-changes"))
                .to(addressCommands.name(), produced(addressCommands, "address-book-changes-sink"));
        intentOutputs.flatMap((key, out) -> out.claims(), Named.as("select-tx-claims"))
                // Partitions: as many as usdt.intent-commands (Kafka Streams' default for a repartition).
                .repartition(Repartitioned.<String, UsdtTxClaim>as(TX_CLAIMS_REPARTITION)
                        .withKeySerde(Serdes.String())
                        .withValueSerde(AvroSerde.of(UsdtTxClaim.class)))
                .process(TxHashClaimProcessor::new, Named.as("tx-claims-processor"), TX_CLAIMS_STORE)
                .to(commands.name(), produced(commands, "claim-answers-sink"));
        var addressOutputs = builder
                .stream(addressCommands.name(), Consumed.with(addressCommands.keySerde(), addressCommands.valueSerde())
                        .withName("address-commands-source"))
                .process(() -> new AddressBookProcessor(settings.policy().match()), Named.as("address-book-processor"),
                        ADDRESS_BOOKS_STORE);
        addressOutputs.flatMap((key, out) -> out.confirms(), Named.as("select-poll-confirms"))
                .to(commands.name(), produced(commands, "poll-confirms-sink"));
        addressOutputs.flatMap((key, out) -> out.outcomes(), Named.as("select-poll-outcomes"))
                .to(outcomes.name(), produced(outcomes, "poll-outcomes-sink"));
        return builder.build();
    }

    /**
     * Caching off: outputs are forwarded explicitly, and under exactly-once everything is flushed at each (frequent)
     * commit anyway. Claims never expire: a hash that confirmed an intent can never confirm another, and an entry is
     * about a hundred bytes. Intents stay too: a confirmed one answers every later confirm with its first result.
     */
    private static void addStores(StreamsBuilder builder) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(INTENTS_STORE),
                Serdes.String(), AvroSerde.of(UsdtIntentAggregate.class)).withCachingDisabled().withLoggingEnabled(Map.of()));
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(EXPIRIES_STORE),
                Serdes.String(), Serdes.String()).withCachingDisabled().withLoggingEnabled(Map.of()));
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(TX_CLAIMS_STORE),
                Serdes.String(), Serdes.String()).withCachingDisabled().withLoggingEnabled(Map.of()));
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ADDRESS_BOOKS_STORE),
                Serdes.String(), AvroSerde.of(UsdtAddressBook.class)).withCachingDisabled().withLoggingEnabled(Map.of()));
    }

    private static <V> Produced<String, V> produced(Topic<String, V> topic, String sinkName) {
        return Produced.with(topic.keySerde(), topic.valueSerde()).withName(sinkName);
    }
}
