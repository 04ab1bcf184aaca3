package io.abk.billing.chain.relay;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.settlement.RelayedRequests;
import io.abk.billing.chain.worker.WorkerThreads;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.topic.Topics;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relayer of one chain: a plain Kafka consumer on {@code chain.requests} (group
 * {@code <applicationId>-relayer-<mode>}, read_committed, offsets committed by hand) that executes the requests the
 * settlement processor leaves to this chain ({@link RelayedRequests}) and writes a {@code ChainResult} for each to
 * {@code chain.results}, keyed like the request (or, for a request whose relaying hit a bug in our code, the request to
 * {@code chain.indexer-dlt}, unanswered). A funding check only reads the chain, and its answer goes straight to the
 * subscription's command topic ({@link FundingReader}). Offsets are committed only once every result of a poll is
 * acknowledged, so a crash or a stop repeats work rather than losing it (at least once): the vault's charge and refund
 * ids make a repeated execution answer with the original transaction, and the settlement side keeps the first answer.
 * A charge or refund is answered once its transaction is as deep as the chain's confirmation depth.
 *
 * <p>One relayer instance per key: two processes with the same key would hand out the same nonces and replace each
 * other's transactions, which is why chain-indexer runs it only in the replica that holds the chain's lease.
 * Throughput scales with keys and chains, not with instances of one key. Before its first charge or refund, a relayer
 * settles what the previous one of its key left in flight ({@link NonceRecovery}).
 *
 * <p>{@link #close()} returns within {@link #CLOSE_BOUND} whatever is in flight: batches not answered yet are
 * abandoned, neither written nor committed, and their requests are read again by the next relayer of the chain.
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
     * Polls waiting for their receipts while the next one is prepared and sent, at most this many and at most
     * {@link #MAX_REQUESTS_WAITING} requests: with blocks seconds apart and a confirmation depth on top, renewal day's
     * thousands of charges a second need several polls in flight, and a bound keeps what a failure would have to redo
     * (idempotently: the vault's charge ids) to a few blocks' worth.
     */
    static final int MAX_BATCHES_WAITING = 8;

    /** See {@link #MAX_BATCHES_WAITING}: about ten seconds of charges at a thousand a second. */
    static final int MAX_REQUESTS_WAITING = 10_000;
    /** Transient RPC failures are retried this long before a request is answered as failed. */
    static final Duration RPC_RETRY_BUDGET = Duration.ofSeconds(30);

    /** The thread ends at its next look once stopped; this covers its consumer's close too (leaving the group). */
    private static final Duration THREAD_PATIENCE = Duration.ofSeconds(5);
    /** Leaving the group is one request. */
    private static final Duration CONSUMER_CLOSE = Duration.ofSeconds(3);
    /** Nothing is left to send once the thread has ended; this only bounds a broker that does not answer. */
    private static final Duration PRODUCER_CLOSE = Duration.ofSeconds(3);

    /**
     * The longest {@link #close()} takes, whatever is in flight: the thread (woken, then interrupted if it must be),
     * the producer, and the batch's interrupted threads.
     */
    public static final Duration CLOSE_BOUND =
            THREAD_PATIENCE.multipliedBy(2).plus(PRODUCER_CLOSE).plus(RelayBatch.CLOSE_PATIENCE);

    private final ChainSettings chain;
    private final String groupId;
    private final ConfiguredChains chains;
    private final KafkaConsumer<String, ChainRequest> consumer;
    private final ResultWriter results;

    private final RelayerRpc rpc;
    private final RelayBatch batch;
    private final Thread thread;
    private volatile boolean running = true;
    /** False once the thread has ended, closed or failed. */
    private volatile boolean alive = true;

    private volatile @Nullable String failure;

    private Relayer(ChainIndexerSettings config, ChainSettings chain, RelayerRpc rpc, Clock clock) {
        this.chain = chain;
        this.groupId = groupId(config.applicationId(), chain);
        this.chains = config.chains();
        this.rpc = rpc;
        this.batch = RelayerSetup.batch(chain, rpc);
        this.consumer = new KafkaConsumer<>(
                config.kafkaSecurity().with(RelayerSetup.consumerProperties(config, chain, batchBound(chain))),
                Topics.CHAIN_REQUESTS.keySerde().deserializer(),
                Topics.CHAIN_REQUESTS.valueSerde().deserializer());
        this.results = new ResultWriter(
                new KafkaProducer<>(
                        config.kafkaSecurity().with(RelayerSetup.producerProperties(config, chain)),
                        new ByteArraySerializer(),
                        new ByteArraySerializer()),
                new ResultRecords(config.deployment()),
                chain.mode(),
                clock);
        this.thread = new Thread(this::run, "relayer-" + chain.mode().label());
    }

    /** Starts the relayer of {@code chain} (a configured chain of {@code config}) on its own thread. */
    public static Relayer start(ChainIndexerSettings config, ChainSettings chain) {
        return start(config, chain, new Web3jRelayerRpc(chain.name(), chain.rpcUrls(), RPC_RETRY_BUDGET));
    }

    /** As {@link #start(ChainIndexerSettings, ChainSettings)}, over {@code rpc} (which it closes). */
    static Relayer start(ChainIndexerSettings config, ChainSettings chain, RelayerRpc rpc) {
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
     * A batch may wait for receipts through every replacement, then for its depth, with RPC retries around it: the
     * longest the relayer's poll may be held up by its oldest batch, which its poll interval must outlast. The first
     * batch with a charge or refund may wait first for what a previous relayer left in flight (two receipt timeouts at
     * most), which this covers too.
     */
    static Duration batchBound(ChainSettings chain) {
        return chain.receiptTimeout()
                .multipliedBy(TransactionSender.MAX_REPLACEMENTS + 2)
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
                while (running
                        && !inFlight.isEmpty()
                        && (inFlight.peek().outcomes().isDone()
                                || inFlight.size() > MAX_BATCHES_WAITING
                                || waiting(inFlight) > MAX_REQUESTS_WAITING)) {
                    finishOldest(inFlight);
                }
            }
        } catch (RuntimeException e) {
            if (running) {
                failed(e);
            }
            // else: close() woke the poll up or interrupted a wait
        } finally {
            alive = false;
            try {
                consumer.close(CloseOptions.timeout(CONSUMER_CLOSE));
            } catch (RuntimeException e) {
                log.warn(
                        "event=relayer_consumer_close_failed mode={} chainId={} error={}",
                        chain.mode().label(),
                        chain.chainId(),
                        e.toString());
            }
        }
    }

    private static int waiting(ArrayDeque<InFlight> inFlight) {
        int requests = 0;
        for (var poll : inFlight) {
            requests += poll.mine().size();
        }
        return requests;
    }

    private void failed(RuntimeException e) {
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

    private InFlight start(ConsumerRecords<String, ChainRequest> records) {
        return InFlight.start(records, chains, chain.mode(), batch);
    }

    /**
     * Publishes the oldest batch's results and commits its offsets: batches finish in poll order, so a committed
     * offset never passes a request whose result is not written. If its results cannot be written, every batch
     * after it is let finish unpublished and the consumer goes back to the oldest one's first records: the repeat
     * answers with the same transactions (the vault's charge and refund ids). A batch abandoned by a stop is neither
     * published nor committed.
     */
    private void finishOldest(ArrayDeque<InFlight> inFlight) {
        var oldest = inFlight.poll();
        var outcomes = answered(oldest);
        if (outcomes == null || !running) {
            // Stopping: nothing more is written; the next relayer reads these requests again.
            return;
        }
        if (results.publish(oldest.mine(), outcomes)) {
            consumer.commitSync(oldest.nextOffsets());
            return;
        }
        inFlight.forEach(this::answered);
        inFlight.clear();
        // Read the batch again from its first record of each partition: results not acknowledged are redone.
        oldest.firstOffsets().forEach(consumer::seek);
    }

    /** The batch's outcomes once all are known; null when a stop abandoned it. */
    private @Nullable List<RelayOutcome> answered(InFlight batch) {
        try {
            return batch.outcomes().join();
        } catch (CancellationException | CompletionException abandoned) {
            if (running) {
                throw abandoned;
            }
            return null;
        }
    }

    /**
     * Stops within {@link #CLOSE_BOUND}: the batches in flight are abandoned (their transactions are left to the chain,
     * their results neither written nor committed), the thread ends at its next look, interrupted if it is inside a
     * wait that does not look, and the clients close.
     */
    @Override
    public void close() {
        long started = System.nanoTime();
        running = false;
        batch.stop();
        consumer.wakeup();
        WorkerThreads.stop(thread, THREAD_PATIENCE);
        results.close(PRODUCER_CLOSE);
        batch.close();
        rpc.close();
        log.info(
                "event=relayer_stopped mode={} chainId={} stopMs={}",
                chain.mode().label(),
                chain.chainId(),
                (System.nanoTime() - started) / 1_000_000);
    }

    /** For logs: never the key or an RPC URL. */
    @Override
    public String toString() {
        return "Relayer[mode=" + chain.mode().label() + ", chainId=" + chain.chainId() + "]";
    }
}
