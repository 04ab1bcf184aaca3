package io.abk.billing.chain.relay;

import io.abk.billing.chain.ChainIndexerConfig;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.ChainConfiguration;
import io.abk.billing.chain.settlement.RelayedRequests;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.topic.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 *
 * <p>A relayer that fails stops and says why ({@link #failure()}): it never starts its clients again by itself, and
 * a new one is started only by its supervisor once the chain's lease is confirmed held. A consumer that learns it was
 * dropped from its group (its replica stood still past the session) stops the relayer too instead of rejoining, so a
 * replica that lost the lease does not make the holder's relayer rebalance.
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
    private final String groupId;
    private final ChainConfiguration chains;
    private final KafkaConsumer<String, ChainRequest> consumer;
    /** Bytes in, so one producer writes both results and dead letters (the original request's bytes). */
    private final KafkaProducer<byte[], byte[]> producer;

    private final ResultRecords results;

    private final RelayerRpc rpc;
    private final RelayBatch batch;
    private final Clock clock;
    private final Thread thread;
    private volatile boolean running = true;
    /** False once the thread has ended, closed or failed. */
    private volatile boolean alive = true;

    private volatile @Nullable String failure;

    private Relayer(ChainIndexerConfig config, ChainSettings chain, RelayerRpc rpc, Clock clock) {
        this.chain = chain;
        this.groupId = groupId(config.applicationId(), chain);
        this.chains = config.chains();
        this.results = new ResultRecords(config.deployment());
        this.rpc = rpc;
        this.clock = clock;
        this.batch = RelayerSetup.batch(chain, rpc);
        this.consumer = new KafkaConsumer<>(
                config.kafkaSecurity().with(RelayerSetup.consumerProperties(config, chain, batchBound(chain))),
                Topics.CHAIN_REQUESTS.keySerde().deserializer(),
                Topics.CHAIN_REQUESTS.valueSerde().deserializer());
        this.producer = new KafkaProducer<>(
                config.kafkaSecurity().with(RelayerSetup.producerProperties(config, chain)),
                new ByteArraySerializer(),
                new ByteArraySerializer());
        this.thread = new Thread(this::run, "relayer-" + chain.mode().label());
    }

    /** Starts the relayer of {@code chain} (a configured chain of {@code config}) on its own thread. */
    public static Relayer start(ChainIndexerConfig config, ChainSettings chain) {
        return start(config, chain, new Web3jRelayerRpc(chain.name(), chain.rpcUrls(), RPC_RETRY_BUDGET));
    }

    /** As {@link #start(ChainIndexerConfig, ChainSettings)}, over {@code rpc} (which it closes). */
    static Relayer start(ChainIndexerConfig config, ChainSettings chain, RelayerRpc rpc) {
        var relayer = new Relayer(config, chain, rpc, Clock.systemUTC());
        relayer.consumer.subscribe(List.of(Topics.CHAIN_REQUESTS.name(config.deployment())), relayer.new Membership());
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
    static Duration batchBound(ChainSettings chain) {
        return chain.receiptTimeout()
                .multipliedBy(TransactionSender.MAX_REPLACEMENTS + 1)
                .plus(RPC_RETRY_BUDGET.multipliedBy(2));
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
            var lost = MembershipLostException.causeOf(e);
            failure = lost.map(Throwable::getMessage).orElse(e.toString());
            if (lost.isPresent()) {
                // A replica that stood still past its session: expected of a zombie, and its lease is likely gone too.
                log.warn(
                        "event=relayer_failed mode={} chainId={} error=\"{}\"",
                        chain.mode().label(),
                        chain.chainId(),
                        failure);
            } else {
                log.error(
                        "event=relayer_failed mode={} chainId={} error={}",
                        chain.mode().label(),
                        chain.chainId(),
                        failure,
                        e);
            }
        } finally {
            alive = false;
            try {
                consumer.close();
            } catch (RuntimeException e) {
                log.warn(
                        "event=relayer_consumer_close_failed mode={} chainId={} error={}",
                        chain.mode().label(),
                        chain.chainId(),
                        e.toString());
            }
        }
    }

    /** Whether the relayer still relays (false once closed or stopped by a failure). */
    public boolean isRunning() {
        return alive && running;
    }

    /** Why the relayer stopped by itself, if it did (a closed relayer did not). */
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /**
     * A member the group dropped (this replica stood still past the session timeout: the lease has likely moved too)
     * stops the relayer before its consumer rejoins, so it neither takes partitions from the holder's relayer nor
     * relays beside it; its supervisor starts a new relayer if the lease turns out to be held here still.
     */
    private final class Membership implements ConsumerRebalanceListener {

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> revoked) {}

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> assigned) {}

        @Override
        public void onPartitionsLost(Collection<TopicPartition> lost) {
            // Also called from close(), once the thread has ended: nothing to stop then.
            if (running && alive) {
                throw new MembershipLostException(groupId, lost.size());
            }
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
                            ? results.deadLetter(record, bug, chain.mode())
                            : results.result(record, executedAt, outcome)));
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

    /** For logs: never the key or an RPC URL. */
    @Override
    public String toString() {
        return "Relayer[mode=" + chain.mode().label() + ", chainId=" + chain.chainId() + "]";
    }
}
