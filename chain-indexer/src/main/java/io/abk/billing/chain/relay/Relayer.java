package io.abk.billing.chain.relay;

import io.abk.billing.chain.ChainIndexerConfig;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.ChainConfiguration;
import io.abk.billing.chain.settlement.RelayedRequests;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.NotExecuted;
import io.abk.billing.schemas.avro.TransferVerified;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.errors.DeadLetterRecords;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;

/**
 * The relayer of one chain: a plain Kafka consumer on {@code chain.requests} (group
 * {@code <applicationId>-relayer-<mode>}, read_committed, offsets committed by hand) that executes the requests the
 * settlement processor leaves to this chain ({@link RelayedRequests}) and writes a {@code ChainResult} for each to
 * {@code chain.results}, keyed like the request (or, for a request whose relaying hit a bug in our code, the request to
 * {@code chain.indexer-dlt}, unanswered). Offsets are committed only once every result of a poll is
 * acknowledged, so a crash repeats work rather than losing it (at least once): the vault's charge and refund ids
 * make a repeated execution answer with the original transaction, and the settlement side keeps the first answer.
 *
 * <p>One relayer instance per key: two processes with the same key would hand out the same nonces and replace each
 * other's transactions, which is why chain-indexer runs it only in the replica that holds the chain's lease.
 * Throughput scales with keys and chains, not with instances of one key.
 */
public final class Relayer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Relayer.class);
    /** A short poll keeps the latency of a lone charge low; batches form by themselves under load. */
    private static final Duration POLL = Duration.ofMillis(100);

    private static final Duration POLL_WHILE_WAITING = Duration.ofMillis(5);
    /**
     * Batches waiting for their receipts while the next one is prepared and sent. Two keep the node busy during a
     * block's wait without piling up work that a failure would have to redo.
     */
    static final int MAX_BATCHES_WAITING = 2;
    /** Transient RPC failures are retried this long before a request is answered as failed. */
    static final Duration RPC_RETRY_BUDGET = Duration.ofSeconds(30);

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(60);

    private final ChainSettings chain;
    private final ChainConfiguration chains;
    private final KafkaConsumer<String, ChainRequest> consumer;
    /** Bytes in, so one producer writes both results and dead letters (the original request's bytes). */
    private final KafkaProducer<byte[], byte[]> producer;

    private final RelayerRpc rpc;
    private final RelayBatch batch;
    private final Clock clock;
    private final Thread thread;
    private volatile boolean running = true;

    private Relayer(ChainIndexerConfig config, ChainSettings chain, RelayerRpc rpc, Clock clock) {
        this.chain = chain;
        this.chains = config.chains();
        this.rpc = rpc;
        this.clock = clock;
        this.batch = batch(chain, rpc);
        this.consumer = new KafkaConsumer<>(
                consumerProperties(config, chain),
                Topics.CHAIN_REQUESTS.keySerde().deserializer(),
                Topics.CHAIN_REQUESTS.valueSerde().deserializer());
        this.producer = new KafkaProducer<>(
                producerProperties(config, chain), new ByteArraySerializer(), new ByteArraySerializer());
        this.thread = new Thread(this::run, "relayer-" + chain.mode().label());
    }

    /** Starts the relayer of {@code chain} (a configured chain of {@code config}) on its own thread. */
    public static Relayer start(ChainIndexerConfig config, ChainSettings chain) {
        return start(config, chain, new Web3jRelayerRpc(chain.name(), chain.rpcUrls(), RPC_RETRY_BUDGET));
    }

    /** As {@link #start(ChainIndexerConfig, ChainSettings)}, over {@code rpc} (which it closes). */
    static Relayer start(ChainIndexerConfig config, ChainSettings chain, RelayerRpc rpc) {
        var relayer = new Relayer(config, chain, rpc, Clock.systemUTC());
        relayer.consumer.subscribe(List.of(Topics.CHAIN_REQUESTS.name()));
        relayer.thread.start();
        log.info(
                "event=relayer_started mode={} chain={} chainId={} vault={} relayerKey={} timeTravel={}",
                chain.mode().label(),
                chain.name(),
                chain.chainId(),
                chain.vaultAddress(),
                chain.relayerKey() == null ? "none" : "set",
                chain.timeTravel());
        return relayer;
    }

    public static String groupId(String applicationId, ChainSettings chain) {
        return applicationId + "-relayer-" + chain.mode().label();
    }

    /**
     * The longest {@link #close()} of {@code chain}'s relayer takes: its thread, its producer, and the transactions
     * in flight, which it lets be mined or given up (every replacement's receipt timeout) before it returns.
     */
    public static Duration closeBound(ChainSettings chain) {
        return batchBound(chain).plus(CLOSE_TIMEOUT.multipliedBy(2));
    }

    /** A batch may wait for receipts through every replacement, with RPC retries around it. */
    private static Duration batchBound(ChainSettings chain) {
        return chain.receiptTimeout()
                .multipliedBy(TransactionSender.MAX_REPLACEMENTS + 1)
                .plus(RPC_RETRY_BUDGET.multipliedBy(2));
    }

    private static RelayBatch batch(ChainSettings chain, RelayerRpc rpc) {
        var key = chain.relayerKey();
        if (key == null) {
            return new RelayBatch(chain, rpc, null, null, null);
        }
        var credentials = Credentials.create(key.hex());
        var caps = chain.feeCaps();
        var sender = new TransactionSender(
                rpc,
                chain.chainId(),
                credentials,
                new FeePolicy(caps.maxFeePerGasWei(), caps.maxPriorityFeePerGasWei(), caps.maxCostPerTxWei()),
                chain.receiptTimeout());
        var vaultAddress = chain.vaultAddress();
        if (vaultAddress == null) {
            return new RelayBatch(chain, rpc, sender, null, null);
        }
        var vault = new VaultReader(rpc, vaultAddress);
        var startBlock = chain.startBlock() == null ? 0L : chain.startBlock();
        return new RelayBatch(
                chain,
                rpc,
                sender,
                new ChargeExecutor(vault, sender.address(), chain.usdcDecimals()),
                new RefundExecutor(vault, sender.address(), chain.usdcDecimals(), startBlock));
    }

    private void run() {
        var inFlight = new ArrayDeque<InFlight>();
        try {
            while (running) {
                // While batches wait for their blocks, poll briefly so a finished one is published soon.
                var records = consumer.poll(inFlight.isEmpty() ? POLL : POLL_WHILE_WAITING);
                if (!records.isEmpty()) {
                    inFlight.add(start(records));
                }
                while (!inFlight.isEmpty()
                        && (inFlight.peek().outcomes().isDone() || inFlight.size() > MAX_BATCHES_WAITING)) {
                    finishOldest(inFlight);
                }
            }
        } catch (WakeupException closing) {
            if (running) {
                throw closing;
            }
        } catch (RuntimeException e) {
            log.error("event=relayer_stopped mode={} chainId={}", chain.mode().label(), chain.chainId(), e);
        } finally {
            consumer.close();
        }
    }

    /** One poll's records, the relayed ones among them, and their outcomes to come. */
    private record InFlight(
            List<ConsumerRecord<String, ChainRequest>> all,
            List<ConsumerRecord<String, ChainRequest>> mine,
            CompletableFuture<List<RelayOutcome>> outcomes) {}

    private InFlight start(ConsumerRecords<String, ChainRequest> records) {
        var all = new ArrayList<ConsumerRecord<String, ChainRequest>>();
        var mine = new ArrayList<ConsumerRecord<String, ChainRequest>>();
        var items = new ArrayList<RelayBatch.Item>();
        for (var record : records) {
            all.add(record);
            var request = record.value();
            var kind =
                    request == null ? RelayedRequests.Kind.NONE : RelayedRequests.kind(request, chains, chain.mode());
            if (kind != RelayedRequests.Kind.NONE) {
                mine.add(record);
                items.add(new RelayBatch.Item(request, kind));
            }
        }
        return new InFlight(all, mine, batch.start(items));
    }

    /**
     * Publishes the oldest batch's results and commits its offsets: batches finish in poll order, so a committed
     * offset never passes a request whose result is not written. If its results cannot be written, every batch
     * after it is let finish unpublished and the consumer goes back to the oldest one's first records: the repeat
     * answers with the same transactions (the vault's charge and refund ids).
     */
    private void finishOldest(ArrayDeque<InFlight> inFlight) {
        var oldest = inFlight.poll();
        if (publish(oldest.mine(), oldest.outcomes().join())) {
            consumer.commitSync(nextOffsets(oldest.all()));
            return;
        }
        inFlight.forEach(later -> later.outcomes().join());
        inFlight.clear();
        rewind(oldest.all());
    }

    /**
     * Writes each result, or the request to the dead-letter topic when relaying it hit a bug
     * ({@link RelayOutcome.Bug}: nothing is answered for it), and waits until all are acknowledged; false if any
     * failed.
     */
    private boolean publish(List<ConsumerRecord<String, ChainRequest>> records, List<RelayOutcome> outcomes) {
        var acks = new ArrayList<Future<RecordMetadata>>();
        var executedAt = clock.instant();
        for (int i = 0; i < records.size(); i++) {
            var record = records.get(i);
            var outcome = outcomes.get(i);
            acks.add(producer.send(
                    outcome instanceof RelayOutcome.Bug bug
                            ? deadLetter(record, bug)
                            : result(record, new ChainResult(record.value(), executedAt, wire(outcome)))));
        }
        try {
            for (var ack : acks) {
                ack.get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
            return true;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            log.error(
                    "event=relayer_results_not_written mode={} action=retry_batch count={}",
                    chain.mode().label(),
                    records.size(),
                    e);
            return false;
        }
    }

    private static ProducerRecord<byte[], byte[]> result(
            ConsumerRecord<String, ChainRequest> request, ChainResult result) {
        var topic = Topics.CHAIN_RESULTS;
        return new ProducerRecord<>(
                topic.name(),
                topic.keySerde().serializer().serialize(topic.name(), request.key()),
                topic.valueSerde().serializer().serialize(topic.name(), result));
    }

    /** The request as it was read (encoded again: the consumer decoded it), with the bug in the headers. */
    private ProducerRecord<byte[], byte[]> deadLetter(
            ConsumerRecord<String, ChainRequest> request, RelayOutcome.Bug bug) {
        var topic = Topics.CHAIN_REQUESTS;
        return DeadLetterRecords.of(
                Topics.CHAIN_DEAD_LETTERS.name(),
                request.headers(),
                request.topic(),
                request.partition(),
                request.offset(),
                topic.keySerde().serializer().serialize(topic.name(), request.key()),
                topic.valueSerde().serializer().serialize(topic.name(), request.value()),
                bug.cause(),
                "relayer-" + chain.mode().label());
    }

    private static Object wire(RelayOutcome outcome) {
        return switch (outcome) {
            case RelayOutcome.Moved moved -> new Executed(moved.txHash());
            case RelayOutcome.Refused refused -> new NotExecuted(refused.code(), refused.message());
            case RelayOutcome.Bug bug -> throw new IllegalArgumentException("a bug is dead-lettered, not answered");
            case RelayOutcome.Verified verified ->
                new TransferVerified(verified.txHash(), verified.amountReceivedMicros(), verified.fromAddress());
        };
    }

    private static Map<TopicPartition, OffsetAndMetadata> nextOffsets(
            Iterable<ConsumerRecord<String, ChainRequest>> records) {
        var offsets = new HashMap<TopicPartition, OffsetAndMetadata>();
        for (var record : records) {
            offsets.put(
                    new TopicPartition(record.topic(), record.partition()), new OffsetAndMetadata(record.offset() + 1));
        }
        return offsets;
    }

    /** Reads the batch again from its first record of each partition: results not acknowledged are redone. */
    private void rewind(Iterable<ConsumerRecord<String, ChainRequest>> records) {
        var first = new HashMap<TopicPartition, Long>();
        for (var record : records) {
            first.putIfAbsent(new TopicPartition(record.topic(), record.partition()), record.offset());
        }
        first.forEach(consumer::seek);
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(CLOSE_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(CLOSE_TIMEOUT);
        batch.close();
        rpc.close();
        log.info("event=relayer_stopped mode={} chainId={}", chain.mode().label(), chain.chainId());
    }

    static Map<String, Object> consumerProperties(ChainIndexerConfig config, ChainSettings chain) {
        // The poll interval must outlast a batch's wait for its receipts.
        var batchBound = batchBound(chain);
        return config.kafkaSecurity()
                .with(Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        config.bootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        groupId(config.applicationId(), chain),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest",
                        ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG,
                        (int) Math.min(Integer.MAX_VALUE, batchBound.toMillis()),
                        // The relayer runs where the chain's lease is; after a crash the lease moves once this session
                        // timeout has passed, and the dead relayer's membership must not hold the next one back longer.
                        ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
                        (int) config.leaseSessionTimeout().toMillis(),
                        ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
                        (int) config.leaseSessionTimeout().dividedBy(5).toMillis(),
                        ConsumerConfig.CLIENT_ID_CONFIG,
                        groupId(config.applicationId(), chain)));
    }

    static Map<String, Object> producerProperties(ChainIndexerConfig config, ChainSettings chain) {
        return config.kafkaSecurity()
                .with(Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        config.bootstrapServers(),
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        0,
                        ProducerConfig.CLIENT_ID_CONFIG,
                        groupId(config.applicationId(), chain) + "-results"));
    }

    /** For logs: never the key or an RPC URL. */
    @Override
    public String toString() {
        return "Relayer[mode=" + chain.mode().label() + ", chainId=" + chain.chainId() + "]";
    }
}
