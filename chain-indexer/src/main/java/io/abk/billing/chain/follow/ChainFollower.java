package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.AdaptiveRange;
import io.abk.billing.chain.domain.follow.BlockRef;
import io.abk.billing.chain.domain.follow.ChainLog;
import io.abk.billing.chain.domain.follow.ForkSearch;
import io.abk.billing.chain.domain.follow.LogSelection;
import io.abk.billing.chain.domain.follow.Retractions;
import io.abk.billing.chain.domain.follow.WindowCheck;
import io.abk.billing.chain.follow.FollowerState.PublishedBlock;
import io.abk.billing.chain.rpc.BlockHeader;
import io.abk.billing.chain.rpc.ChainRpc;
import io.abk.billing.chain.rpc.RpcException;
import io.abk.billing.chain.rpc.RpcRetry;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.IndexerCheckpoint;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows one chain on its own thread. Each step reads the head, then the next range of confirmed blocks (headers
 * in a batch, then {@code eth_getLogs}); checks the headers against the window; and publishes the range's selected
 * logs to {@code chain.transfers} together with the new cursor in one Kafka transaction. A parent-hash mismatch
 * (or a tip that is no longer canonical) is a reorg: the follower finds the fork point, retracts what it published
 * above it and reads on from there. A reorg older than the window stops the follower with a clear message.
 *
 * <p>A restarted follower fences the previous instance ({@code transactional.id} per chain), reads its checkpoint
 * topic to the end and resumes where the last committed transaction left it, so no log is skipped or repeated.
 */
public final class ChainFollower implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChainFollower.class);
    /** The watch list is small and compacted: a minute covers a slow broker at start. */
    private static final Duration WATCH_LIST_PATIENCE = Duration.ofSeconds(60);
    /** A step is a few RPC calls and one transaction: 15 s is several times a slow one. */
    private static final Duration CLOSE_PATIENCE = Duration.ofSeconds(15);
    /** The longest {@link #close()} takes: the step in progress, the interrupted one, then its watch-list reader. */
    public static final Duration CLOSE_BOUND = CLOSE_PATIENCE.multipliedBy(2).plus(WatchedAddresses.CLOSE_PATIENCE);

    private static final Serializer<ChainTransfer> TRANSFERS =
            Topics.CHAIN_TRANSFERS.valueSerde().serializer();
    private static final Serializer<IndexerCheckpoint> CHECKPOINTS =
            Topics.CHAIN_INDEXER_CHECKPOINTS.valueSerde().serializer();

    private final FollowerSettings settings;
    private final String bootstrapServers;
    private final KafkaClientSecurity security;
    private final WatchedAddresses watched;
    private final boolean ownsWatched;
    private final RpcRetry retry;
    private final LogSelection selection;
    private final Thread thread;
    /** Counted down by close(): cuts the wait between polls short. */
    private final CountDownLatch closing = new CountDownLatch(1);

    private volatile boolean running;
    private volatile @Nullable String failure;
    private volatile long nextBlock = -1;
    private @Nullable KafkaProducer<String, byte[]> producer;
    private FollowerState state;
    private AdaptiveRange range;

    ChainFollower(
            FollowerSettings settings,
            String bootstrapServers,
            WatchedAddresses watched,
            boolean ownsWatched,
            RpcRetry retry) {
        this(settings, bootstrapServers, KafkaClientSecurity.PLAINTEXT, watched, ownsWatched, retry);
    }

    ChainFollower(
            FollowerSettings settings,
            String bootstrapServers,
            KafkaClientSecurity security,
            WatchedAddresses watched,
            boolean ownsWatched,
            RpcRetry retry) {
        if (settings.usdt() != null && !watched.topics().contains(Topics.USDT_WATCHED_ADDRESSES.name())) {
            throw new IllegalArgumentException("chain " + settings.chainId() + " follows USDT, but its watch list does"
                    + " not read " + Topics.USDT_WATCHED_ADDRESSES.name());
        }
        this.settings = settings;
        this.bootstrapServers = bootstrapServers;
        this.security = security;
        this.watched = watched;
        this.ownsWatched = ownsWatched;
        this.retry = retry;
        this.selection =
                new LogSelection(settings.tokens(), settings.usdt(), settings.vaultAddress(), TransferRecords.TOPICS);
        this.state = FollowerState.fresh(settings.startBlock(), settings.windowSize());
        this.range = AdaptiveRange.start(1, settings.maxRange(), settings.initialRange());
        this.thread =
                Thread.ofPlatform().name("chain-follower-" + settings.chainId()).unstarted(this::run);
    }

    /**
     * A follower of one chain with its own watch-list reader (of the USDT pay-to addresses too when it follows USDT);
     * {@link #start()} it.
     */
    public static ChainFollower create(FollowerSettings settings, String bootstrapServers) {
        return create(settings, bootstrapServers, KafkaClientSecurity.PLAINTEXT);
    }

    /** As {@link #create(FollowerSettings, String)}, its Kafka clients connecting with {@code security}. */
    public static ChainFollower create(
            FollowerSettings settings, String bootstrapServers, KafkaClientSecurity security) {
        var watched = WatchedAddresses.start(
                bootstrapServers, security, "chain-indexer-watched-" + settings.chainId(), settings.usdt() != null);
        return new ChainFollower(settings, bootstrapServers, security, watched, true, RpcRetry.DEFAULT);
    }

    /** A follower that shares {@code watched} with others (it does not close it). */
    public static ChainFollower create(FollowerSettings settings, String bootstrapServers, WatchedAddresses watched) {
        return new ChainFollower(settings, bootstrapServers, watched, false, RpcRetry.DEFAULT);
    }

    public void start() {
        running = true;
        thread.start();
    }

    public long chainId() {
        return settings.chainId();
    }

    /** Whether the follower is still following (false once closed or stopped by a fatal condition). */
    public boolean isRunning() {
        return running;
    }

    /** Why the follower stopped by itself (a reorg deeper than its window, another instance took over), if it did. */
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /** The next block to read after the last committed transaction; -1 until the checkpoint is loaded. */
    public long nextBlock() {
        return nextBlock;
    }

    private void run() {
        try (var rpc = ChainRpc.connect(settings.chainId(), settings.rpcUrls(), retry)) {
            if (!watched.awaitLoaded(WATCH_LIST_PATIENCE)) {
                throw new FatalFollowerException("the watch list (" + String.join(", ", watched.topics())
                        + ") did not load within " + WATCH_LIST_PATIENCE);
            }
            resume();
            log.info(
                    "event=follower_started chainId={} mode={} nextBlock={} window={} confirmations={} usdt={}",
                    settings.chainId(),
                    settings.mode().label(),
                    state.nextBlock(),
                    state.window(),
                    settings.confirmations(),
                    settings.usdt() == null ? "none" : settings.usdt().address());
            while (running) {
                boolean moved;
                try {
                    moved = step(rpc);
                } catch (RpcException e) {
                    if (!running) {
                        break;
                    }
                    log.warn("event=rpc_unavailable chainId={} error={}", settings.chainId(), e.getMessage());
                    moved = false;
                } catch (ProducerFencedException | InvalidProducerEpochException e) {
                    throw new FatalFollowerException("another follower of chain " + settings.chainId()
                            + " took over (same transactional.id): this one stops");
                } catch (KafkaException e) {
                    if (!running) {
                        break;
                    }
                    log.warn(
                            "event=publish_failed chainId={} error={} action=reload_checkpoint",
                            settings.chainId(),
                            e.toString());
                    resume();
                    moved = true;
                }
                if (!moved && running) {
                    // Caught up (or the node is briefly unusable): a plain wait, cut short by close().
                    closing.await(settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
                }
            }
        } catch (FatalFollowerException e) {
            failure = e.getMessage();
            log.error("event=follower_stopped chainId={} reason=\"{}\"", settings.chainId(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            if (running) {
                failure = e.toString();
                log.error("event=follower_failed chainId={} error={}", settings.chainId(), e.toString(), e);
            }
        } finally {
            closeProducer();
            running = false;
        }
    }

    /** A new transactional producer (fencing any earlier one), then the state of the last committed transaction. */
    private void resume() {
        closeProducer();
        var created = new KafkaProducer<>(
                security.with(Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                        "chain-indexer-follower-" + settings.chainId(),
                        ProducerConfig.CLIENT_ID_CONFIG,
                        "chain-indexer-follower-" + settings.chainId(),
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        5)),
                new StringSerializer(),
                new ByteArraySerializer());
        producer = created;
        created.initTransactions();
        state = Checkpoints.load(
                bootstrapServers, security, settings.chainId(), settings.startBlock(), settings.windowSize());
        nextBlock = state.nextBlock();
    }

    /** One look at the chain; true when it moved (published, retracted or shrank the range) and may look again now. */
    private boolean step(ChainRpc rpc) {
        long confirmedTip = rpc.blockNumber() - settings.confirmations();
        long from = state.nextBlock();
        if (from > confirmedTip) {
            return tipReorged(rpc) && retractAboveForkPoint(rpc);
        }
        long to = range.end(from, confirmedTip);
        var headers = rpc.headers(from, to);
        if (headers.isEmpty()) {
            return false;
        }
        var refs = headers.stream().map(BlockHeader::ref).toList();
        switch (state.window().check(refs)) {
            case WindowCheck.Links links -> {}
            case WindowCheck.Fork fork -> {
                return retractAboveForkPoint(rpc);
            }
            case WindowCheck.Torn torn -> {
                log.info(
                        "event=range_torn chainId={} atBlock={} action=read_again", settings.chainId(), torn.atBlock());
                return false;
            }
        }
        to = headers.getLast().number();
        long started = System.nanoTime();
        List<ChainLog> logs;
        try {
            logs = rpc.logs(from, to, selection.addresses(), selection.topic0s());
        } catch (RpcException.RangeRefused e) {
            if (!range.canShrink()) {
                throw e;
            }
            range = range.afterRefusal();
            log.info(
                    "event=range_shrunk chainId={} from={} blocks={} reason=\"{}\"",
                    settings.chainId(),
                    from,
                    range.size(),
                    e.getMessage());
            return true;
        }
        long rpcMillis = (System.nanoTime() - started) / 1_000_000;
        range = range.afterAnswer(rpcMillis, logs.size());
        var byNumber = new HashMap<Long, BlockHeader>();
        headers.forEach(header -> byNumber.put(header.number(), header));
        var records = new TreeMap<Long, List<ChainTransfer>>();
        Predicate<String> watching = watched.of(settings.mode());
        var usdt = settings.usdt();
        Predicate<String> usdtPayTo =
                usdt == null ? address -> false : watched.usdtPayTo(settings.chainId(), usdt.address());
        for (var chainLog : logs) {
            var header = byNumber.get(chainLog.blockNumber());
            if (header == null || !header.hash().equals(chainLog.blockHash())) {
                // The node answered the logs from another version of the chain than the headers: read again.
                log.info(
                        "event=range_torn chainId={} atBlock={} action=read_again",
                        settings.chainId(),
                        chainLog.blockNumber());
                return false;
            }
            selection
                    .select(chainLog, watching, usdtPayTo)
                    .ifPresent(selected -> records.computeIfAbsent(chainLog.blockNumber(), n -> new ArrayList<>())
                            .add(TransferRecords.of(
                                    settings.chainId(), settings.mode(), selected, header.timestampSeconds())));
        }
        publish(from, to, refs, records, started);
        return true;
    }

    /** Publishes a range's records, its blocks' checkpoint parts and the new cursor in one transaction. */
    private void publish(
            long from, long to, List<BlockRef> refs, TreeMap<Long, List<ChainTransfer>> records, long started) {
        var extension = state.window().extend(refs);
        var published = new TreeMap<>(state.published());
        var writes = new ArrayList<ProducerRecord<String, ?>>();
        int count = 0;
        for (var block : records.entrySet()) {
            for (var record : block.getValue()) {
                writes.add(new ProducerRecord<>(Topics.CHAIN_TRANSFERS.name(), TransferRecords.key(record), record));
                count++;
            }
            var hash = refs.get((int) (block.getKey() - from)).hash();
            var stored = new PublishedBlock(
                    block.getKey(),
                    hash,
                    block.getValue(),
                    Checkpoints.partsFor(block.getValue().size()));
            published.put(block.getKey(), stored);
            writes.addAll(Checkpoints.parts(settings.chainId(), stored));
        }
        for (var evicted : extension.evicted()) {
            var gone = published.remove(evicted.number());
            if (gone != null) {
                writes.addAll(Checkpoints.tombstones(settings.chainId(), gone));
            }
        }
        writes.add(Checkpoints.cursor(settings.chainId(), to + 1, extension.window()));
        commit(writes);
        state = new FollowerState(to + 1, extension.window(), published);
        nextBlock = to + 1;
        // A followed chain makes a block every second or two: an empty range is only worth a DEBUG line.
        if (count > 0 || log.isDebugEnabled()) {
            var level = count > 0 ? org.slf4j.event.Level.INFO : org.slf4j.event.Level.DEBUG;
            log.atLevel(level)
                    .log(
                            "event=range_published chainId={} from={} to={} logs={} ms={} nextRange={}",
                            settings.chainId(),
                            from,
                            to,
                            count,
                            (System.nanoTime() - started) / 1_000_000,
                            range.size());
        }
    }

    /** Whether the window's tip is no longer canonical (checked when caught up, so a reorg is seen without new blocks). */
    private boolean tipReorged(ChainRpc rpc) {
        var tip = state.window().tip();
        if (tip.isEmpty()) {
            return false;
        }
        var now = rpc.headers(tip.get().number(), tip.get().number());
        return now.isEmpty() || !now.getFirst().hash().equals(tip.get().hash());
    }

    /** Finds the fork point, retracts what was published above it and rewinds the cursor, in one transaction. */
    private boolean retractAboveForkPoint(ChainRpc rpc) {
        var window = state.window();
        var oldest = window.blocks().getFirst().number();
        var canonical = new HashMap<Long, String>();
        rpc.headers(oldest, window.tip().orElseThrow().number()).forEach(h -> canonical.put(h.number(), h.hash()));
        switch (window.forkPoint(canonical)) {
            case ForkSearch.BeyondWindow beyond -> throw new FatalFollowerException(beyond.message());
            case ForkSearch.Found found -> {
                long forkPoint = found.forkPoint().number();
                var retractions = Retractions.plan(state.recordsByBlock(), forkPoint);
                var writes = new ArrayList<ProducerRecord<String, ?>>();
                for (var record : retractions) {
                    var retraction = TransferRecords.retraction(record);
                    writes.add(new ProducerRecord<>(
                            Topics.CHAIN_TRANSFERS.name(), TransferRecords.key(retraction), retraction));
                    log.warn(
                            "event=transfer_retracted chainId={} key={} blockNumber={} blockHash={}",
                            settings.chainId(),
                            TransferRecords.key(record),
                            record.getBlockNumber(),
                            record.getBlockHash());
                }
                var published = new TreeMap<>(state.published());
                for (var orphan : published.tailMap(forkPoint, false).values()) {
                    writes.addAll(Checkpoints.tombstones(settings.chainId(), orphan));
                }
                published.tailMap(forkPoint, false).clear();
                var rewound = window.rewindTo(forkPoint);
                writes.add(Checkpoints.cursor(settings.chainId(), forkPoint + 1, rewound));
                commit(writes);
                state = new FollowerState(forkPoint + 1, rewound, published);
                nextBlock = forkPoint + 1;
                log.warn(
                        "event=reorg_detected chainId={} forkPoint={} depth={} retracted={}",
                        settings.chainId(),
                        forkPoint,
                        found.depth(),
                        retractions.size());
                return true;
            }
        }
    }

    private void commit(List<ProducerRecord<String, ?>> writes) {
        var target = producer;
        if (target == null) {
            throw new IllegalStateException("no producer");
        }
        target.beginTransaction();
        for (var write : writes) {
            target.send(new ProducerRecord<>(write.topic(), write.key(), bytes(write)));
        }
        // Throws if any send failed; the caller reloads the checkpoint and reads the range again.
        target.commitTransaction();
    }

    private static byte @Nullable [] bytes(ProducerRecord<String, ?> write) {
        return switch (write.value()) {
            case null -> null;
            case ChainTransfer transfer -> TRANSFERS.serialize(write.topic(), transfer);
            case IndexerCheckpoint checkpoint -> CHECKPOINTS.serialize(write.topic(), checkpoint);
            default ->
                throw new IllegalArgumentException(
                        "unexpected record " + write.value().getClass());
        };
    }

    private void closeProducer() {
        var current = producer;
        producer = null;
        if (current != null) {
            current.close(Duration.ofSeconds(5));
        }
    }

    /**
     * Stops the loop after the step in progress (its transaction commits) and waits for it; a step stuck longer than
     * {@link #CLOSE_PATIENCE} is interrupted, and its open transaction is aborted by the next instance.
     */
    @Override
    public void close() {
        running = false;
        closing.countDown();
        try {
            if (!thread.join(CLOSE_PATIENCE) && thread.isAlive()) {
                thread.interrupt();
                thread.join(CLOSE_PATIENCE);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IllegalThreadStateException e) {
            // never started
        }
        if (ownsWatched) {
            watched.close();
        }
    }

    /** A condition the follower cannot resolve by waiting: it stops and says why. */
    private static final class FatalFollowerException extends RuntimeException {

        FatalFollowerException(String message) {
            super(message);
        }
    }
}
