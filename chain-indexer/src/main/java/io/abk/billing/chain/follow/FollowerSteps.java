package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.AdaptiveRange;
import io.abk.billing.chain.domain.follow.BlockRef;
import io.abk.billing.chain.domain.follow.ChainLog;
import io.abk.billing.chain.domain.follow.ForkSearch;
import io.abk.billing.chain.domain.follow.LogSelection;
import io.abk.billing.chain.domain.follow.Retractions;
import io.abk.billing.chain.domain.follow.WindowCheck;
import io.abk.billing.chain.follow.FollowerState.PublishedBlock;
import io.abk.billing.chainrpc.RpcException;
import io.abk.billing.chainrpc.RpcRangeRefusedException;
import io.abk.billing.schemas.avro.ChainTransfer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a follower does at each look at the chain, on the follower's thread: read the head, then the next range of
 * confirmed blocks (headers in a batch, then {@code eth_getLogs}); check the headers against the window; and publish
 * the range's selected logs to {@code chain.transfers} with the new cursor in one Kafka transaction, or, on a reorg,
 * retract what was published above the fork point and rewind the cursor in one.
 */
final class FollowerSteps {

    private static final Logger log = LoggerFactory.getLogger(FollowerSteps.class);

    private final FollowerSettings settings;
    private final WatchedAddresses watched;
    private final LogSelection selection;
    private final FollowerProducer producer;
    private final Checkpoints checkpoints;
    /** {@code chain.transfers} as the follower's deployment names it. */
    private final String transfers;

    private FollowerState state;
    private AdaptiveRange range;
    /** Read by other threads for the lag; written here only. */
    private volatile long nextBlock;

    private volatile long head = -1;

    FollowerSteps(
            FollowerSettings settings,
            WatchedAddresses watched,
            FollowerProducer producer,
            Checkpoints checkpoints,
            FollowerState state) {
        this.settings = settings;
        this.watched = watched;
        this.producer = producer;
        this.checkpoints = checkpoints;
        this.transfers = checkpoints.transfersTopic();
        this.state = state;
        this.nextBlock = state.nextBlock();
        this.selection =
                new LogSelection(settings.tokens(), settings.usdt(), settings.vaultAddress(), TransferRecords.TOPICS);
        this.range = AdaptiveRange.start(1, settings.maxRange(), settings.initialRange());
    }

    /** The next block to read after the last committed transaction. */
    long nextBlock() {
        return nextBlock;
    }

    /** The chain's head as last read; -1 before the first read. */
    long head() {
        return head;
    }

    FollowerState state() {
        return state;
    }

    /**
     * One look at the chain; true when it moved (published, retracted or shrank the range) and may look again now.
     *
     * @throws RpcException when no RPC URL answered
     * @throws org.apache.kafka.common.KafkaException when the transaction failed
     * @throws FollowerStopped on a reorg deeper than the window
     */
    boolean step(FollowerRpc rpc) {
        long read = rpc.blockNumber();
        head = read;
        long confirmedTip = read - settings.confirmations();
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
        } catch (RpcRangeRefusedException e) {
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
        }
        // The whole answer at once: a transfer is judged with the other logs of its transaction (the vault's).
        for (var selected : selection.selectAll(logs, watching, usdtPayTo)) {
            long number = selected.log().blockNumber();
            var header = Objects.requireNonNull(byNumber.get(number));
            records.computeIfAbsent(number, n -> new ArrayList<>())
                    .add(TransferRecords.of(settings.chainId(), settings.mode(), selected, header.timestampSeconds()));
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
                writes.add(new ProducerRecord<>(transfers, TransferRecords.key(record), record));
                count++;
            }
            var hash = refs.get((int) (block.getKey() - from)).hash();
            var stored = new PublishedBlock(
                    block.getKey(),
                    hash,
                    block.getValue(),
                    Checkpoints.partsFor(block.getValue().size()));
            published.put(block.getKey(), stored);
            writes.addAll(checkpoints.parts(settings.chainId(), stored));
        }
        for (var evicted : extension.evicted()) {
            var gone = published.remove(evicted.number());
            if (gone != null) {
                writes.addAll(checkpoints.tombstones(settings.chainId(), gone));
            }
        }
        writes.add(checkpoints.cursor(settings.chainId(), to + 1, extension.window()));
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
    private boolean tipReorged(FollowerRpc rpc) {
        var tip = state.window().tip();
        if (tip.isEmpty()) {
            return false;
        }
        var now = rpc.headers(tip.get().number(), tip.get().number());
        return now.isEmpty() || !now.getFirst().hash().equals(tip.get().hash());
    }

    /** Finds the fork point, retracts what was published above it and rewinds the cursor, in one transaction. */
    private boolean retractAboveForkPoint(FollowerRpc rpc) {
        var window = state.window();
        var oldest = window.blocks().getFirst().number();
        var canonical = new HashMap<Long, String>();
        rpc.headers(oldest, window.tip().orElseThrow().number()).forEach(h -> canonical.put(h.number(), h.hash()));
        switch (window.forkPoint(canonical)) {
            case ForkSearch.BeyondWindow beyond -> throw new FollowerStopped(new FollowerStop(beyond.message(), true));
            case ForkSearch.Found found -> {
                long forkPoint = found.forkPoint().number();
                var retractions = Retractions.plan(state.recordsByBlock(), forkPoint);
                var writes = new ArrayList<ProducerRecord<String, ?>>();
                for (var record : retractions) {
                    var retraction = TransferRecords.retraction(record);
                    writes.add(new ProducerRecord<>(transfers, TransferRecords.key(retraction), retraction));
                    log.warn(
                            "event=transfer_retracted chainId={} key={} blockNumber={} blockHash={}",
                            settings.chainId(),
                            TransferRecords.key(record),
                            record.getBlockNumber(),
                            record.getBlockHash());
                }
                var published = new TreeMap<>(state.published());
                for (var orphan : published.tailMap(forkPoint, false).values()) {
                    writes.addAll(checkpoints.tombstones(settings.chainId(), orphan));
                }
                published.tailMap(forkPoint, false).clear();
                var rewound = window.rewindTo(forkPoint);
                writes.add(checkpoints.cursor(settings.chainId(), forkPoint + 1, rewound));
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
        // Throws if any send failed: nothing of the step is visible, and the follower stops.
        producer.commit(writes);
    }
}
