package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtAddressBook;
import io.abk.billing.schemas.avro.UsdtIdempotencyRecord;
import io.abk.billing.schemas.avro.UsdtIntentAggregate;
import io.abk.billing.schemas.avro.UsdtTxClaim;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.store.UncachedStores;
import io.abk.billing.usdt.domain.intent.IntentPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.jspecify.annotations.Nullable;

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
 * usdt.idempotency-commands -> idempotency-commands-source -> idempotency-processor [idempotency-keys]
 *     -> idempotency-outcomes-sink (usdt.command-outcomes)
 * usdt.address-commands -> address-commands-source -> address-book-processor [address-books]
 *     -> poll-confirms-sink (usdt.intent-commands), poll-outcomes-sink (usdt.command-outcomes),
 *        watched-addresses-sink (usdt.watched-addresses; with a chain only)
 * chain.transfers -> chain-transfers-source -> transfer-poll-processor -> transfer-polls-sink (usdt.address-commands)
 *     (with a chain only)
 * </pre>
 *
 * <p>With a chain (not the sandbox), a book that gets its first open intent asks chain-indexer to watch its address
 * on usdt.watched-addresses and tombstones it when its last one leaves; each USDT transfer the indexer then publishes
 * on chain.transfers is a poll of its book, decided like {@code POST /v1/payments/poll}'s. In the sandbox there is
 * no chain: nothing is watched and chain.transfers is not read.
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
    public static final String IDEMPOTENCY_STORE = "idempotency-keys";
    /** The repartition topic is {@code <application id>-tx-claims-repartition}. */
    public static final String TX_CLAIMS_REPARTITION = "tx-claims";

    /**
     * What the processors are configured with: the intents' policy, the chain id events carry, and the chain's USDT
     * whose transfers chain-indexer publishes (null in the sandbox, which has no chain).
     */
    public record Settings(
            IntentPolicy policy, long chainId, @Nullable ChainToken token) {

        /** The sandbox's: no chain, so no token. */
        public Settings(IntentPolicy policy, long chainId) {
            this(policy, chainId, null);
        }
    }

    /** The verifier's USDT contract on its chain (0x and 40 lower-case hex digits) and its decimals. */
    public record ChainToken(String address, int decimals) {

        public ChainToken {
            address = address.toLowerCase(Locale.ROOT);
        }
    }

    private IntentTopology() {}

    /** Every topic the topology reads or writes (its internal ones aside): all must exist before it runs. */
    public static List<Topic<?, ?>> topics(Settings settings) {
        var topics = new ArrayList<Topic<?, ?>>(List.of(
                Topics.USDT_INTENT_COMMANDS,
                Topics.USDT_ADDRESS_COMMANDS,
                Topics.USDT_IDEMPOTENCY_COMMANDS,
                Topics.USDT_COMMAND_OUTCOMES,
                Topics.USDT_EVENTS));
        if (settings.token() != null) {
            topics.addAll(List.of(Topics.CHAIN_TRANSFERS, Topics.USDT_WATCHED_ADDRESSES));
        }
        return List.copyOf(topics);
    }

    /** The topology on {@code deployment}'s topics, checked against {@code streamsProperties} (the app's). */
    public static Topology build(Deployment deployment, Settings settings, Properties streamsProperties) {
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(streamsProperties)));
        addStores(builder);
        var commands = Topics.USDT_INTENT_COMMANDS;
        var outcomes = Topics.USDT_COMMAND_OUTCOMES;
        var addressCommands = Topics.USDT_ADDRESS_COMMANDS;
        var intentOutputs = builder.stream(commands.name(deployment), consumed(commands, "intent-commands-source"))
                .process(
                        () -> new IntentProcessor(settings),
                        Named.as("intent-processor"),
                        INTENTS_STORE,
                        EXPIRIES_STORE);
        send(intentOutputs, IntentOutputs::outcomes, outcomes, "intent-outcomes", deployment);
        send(intentOutputs, IntentOutputs::events, Topics.USDT_EVENTS, "events", deployment);
        send(intentOutputs, IntentOutputs::addressCommands, addressCommands, "address-book-changes", deployment);
        intentOutputs
                .flatMap((key, out) -> out.claims(), Named.as("select-tx-claims"))
                // Partitions: as many as usdt.intent-commands (Kafka Streams' default for a repartition).
                .repartition(Repartitioned.<String, UsdtTxClaim>as(TX_CLAIMS_REPARTITION)
                        .withKeySerde(Serdes.String())
                        .withValueSerde(AvroSerde.of(UsdtTxClaim.class)))
                .process(TxHashClaimProcessor::new, Named.as("tx-claims-processor"), TX_CLAIMS_STORE)
                .to(commands.name(deployment), produced(commands, "claim-answers-sink"));
        var idempotency = Topics.USDT_IDEMPOTENCY_COMMANDS;
        builder.stream(idempotency.name(deployment), consumed(idempotency, "idempotency-commands-source"))
                .process(IdempotencyProcessor::new, Named.as("idempotency-processor"), IDEMPOTENCY_STORE)
                .to(outcomes.name(deployment), produced(outcomes, "idempotency-outcomes-sink"));
        var addressOutputs = builder.stream(
                        addressCommands.name(deployment), consumed(addressCommands, "address-commands-source"))
                .process(
                        () -> new AddressBookProcessor(settings),
                        Named.as("address-book-processor"),
                        ADDRESS_BOOKS_STORE);
        send(addressOutputs, AddressOutputs::confirms, commands, "poll-confirms", deployment);
        send(addressOutputs, AddressOutputs::outcomes, outcomes, "poll-outcomes", deployment);
        if (settings.token() != null) {
            var watched = Topics.USDT_WATCHED_ADDRESSES;
            send(addressOutputs, AddressOutputs::watches, watched, "watched-addresses", deployment);
            var transfers = Topics.CHAIN_TRANSFERS;
            builder.stream(transfers.name(deployment), consumed(transfers, "chain-transfers-source"))
                    .process(() -> new TransferPollProcessor(settings), Named.as("transfer-poll-processor"))
                    .to(addressCommands.name(deployment), produced(addressCommands, "transfer-polls-sink"));
        }
        return builder.build();
    }

    /**
     * Caching off ({@link UncachedStores}): outputs are forwarded explicitly. Claims never expire: a hash that
     * confirmed an intent can never confirm another, and an entry is about a hundred bytes. Confirmed intents stay
     * too: a confirmed one answers every later confirm with its first result; an expired one is deleted
     * {@link IntentExpiries#FORGET_AFTER} after its expiry. An Idempotency-Key record is deleted once its day is over
     * ({@link IdempotencyProcessor}).
     */
    private static void addStores(StreamsBuilder builder) {
        builder.addStateStore(UncachedStores.keyValue(INTENTS_STORE, AvroSerde.of(UsdtIntentAggregate.class)));
        builder.addStateStore(UncachedStores.keyValue(EXPIRIES_STORE, Serdes.String()));
        builder.addStateStore(UncachedStores.keyValue(TX_CLAIMS_STORE, Serdes.String()));
        builder.addStateStore(UncachedStores.keyValue(IDEMPOTENCY_STORE, AvroSerde.of(UsdtIdempotencyRecord.class)));
        builder.addStateStore(UncachedStores.keyValue(ADDRESS_BOOKS_STORE, AvroSerde.of(UsdtAddressBook.class)));
    }

    /**
     * Sends one kind of a processor's outputs, picked from each of its records by {@code pick}, to {@code topic}: the
     * node that picks them is {@code select-<name>}, the sink {@code <name>-sink}.
     */
    private static <O, V> void send(
            KStream<String, O> outputs,
            Function<O, List<KeyValue<String, V>>> pick,
            Topic<String, V> topic,
            String name,
            Deployment deployment) {
        outputs.flatMap((key, out) -> pick.apply(out), Named.as("select-" + name))
                .to(topic.name(deployment), produced(topic, name + "-sink"));
    }

    private static <V> Consumed<String, V> consumed(Topic<String, V> topic, String sourceName) {
        return Consumed.with(topic.keySerde(), topic.valueSerde()).withName(sourceName);
    }

    private static <V> Produced<String, V> produced(Topic<String, V> topic, String sinkName) {
        return Produced.with(topic.keySerde(), topic.valueSerde()).withName(sinkName);
    }
}
