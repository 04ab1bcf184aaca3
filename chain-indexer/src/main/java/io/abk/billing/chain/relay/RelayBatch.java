package io.abk.billing.chain.relay;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.settlement.RelayedRequests.Kind;
import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.chainrpc.RpcUnavailableException;
import io.abk.billing.schemas.avro.ChainRequest;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes one poll's requests on one chain, pipelined for throughput: every preflight and verification runs
 * concurrently (reads only), then the transactions are signed and sent one after the other with consecutive
 * nonces (sending is fast, and the nonce order must be the send order), then every receipt is awaited
 * concurrently, while the relayer may already start the next batch. The charges a poll cleared go last, together in
 * {@code chargeBatch} transactions ({@link ChargeBatchSender}), each charge with its own outcome. A charge or refund
 * is answered only once the transaction that moved the money is as deep as the chain's confirmation depth
 * ({@link Confirmations}), whether this batch sent it or the vault names it as made before. On a development chain driven by test clocks
 * ({@link ChainSettings#timeTravel()}), chain time is first moved forward to the latest {@code requestedAt} of the
 * batch, never backwards. {@link #stop()} abandons every batch in flight at once: none of them completes, so none is
 * answered, and what was sent is left to the chain (the next relayer finds it by the account's nonces).
 */
final class RelayBatch implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RelayBatch.class);
    /**
     * Preflights run at most this many at once: each is two round trips of reads, so 16 keep a local node and a
     * provider busy without a poll of 500 requests opening 500 connections and queueing inside the node.
     */
    static final int PREFLIGHT_CONCURRENCY = 16;
    /** Interrupted waits end at once; an RPC call in progress fails within a second or two. */
    static final Duration CLOSE_PATIENCE = Duration.ofSeconds(2);

    /** One request of the batch and what it is. */
    record Item(ChainRequest request, Kind kind) {}

    private final ChainSettings chain;
    private final RelayerRpc rpc;
    private final ItemOutcomes outcomes;
    private final ItemRelay relay;
    private final ChargeBatchSender chargeBatches;
    private final @Nullable NonceRecovery recovery;
    /** Whether the recovery has run; the relayer's thread alone starts batches. */
    private boolean recovered;
    /** Preflights, receipt waits and batch completions: cheap blocking tasks, so virtual threads. */
    private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();

    private final Semaphore preflights = new Semaphore(PREFLIGHT_CONCURRENCY, true);
    /** The batches not complete yet, which a stop abandons. */
    private final Set<CompletableFuture<List<RelayOutcome>>> open = ConcurrentHashMap.newKeySet();

    private volatile boolean stopped;

    RelayBatch(
            ChainSettings chain,
            RelayerRpc rpc,
            @Nullable TransactionSender sender,
            ItemRelay.Executors executors,
            @Nullable NonceRecovery recovery) {
        this.chain = chain;
        this.recovery = recovery;
        this.rpc = rpc;
        this.outcomes = new ItemOutcomes(chain);
        this.relay = new ItemRelay(chain, rpc, sender, executors, outcomes);
        this.chargeBatches = new ChargeBatchSender(relay, outcomes, pool, () -> stopped);
    }

    /**
     * Prepares and sends the batch's transactions now, on the calling thread (nonces are handed out in send order);
     * the outcome of each item, in order, completes once every receipt is in and deep. The caller can meanwhile start
     * the next batch, so one batch's preflights and sends overlap the previous one's wait for blocks. A batch the
     * relayer stops before it completes fails with a {@link CancellationException} instead.
     */
    CompletableFuture<List<RelayOutcome>> start(List<Item> items) {
        var batch = new CompletableFuture<List<RelayOutcome>>();
        open.add(batch);
        batch.whenComplete((done, failed) -> open.remove(batch));
        try {
            if (!stopped) {
                relay(items, batch);
            }
        } catch (RejectedExecutionException stoppedMeanwhile) {
            // The pool was shut down by a stop: the batch is abandoned below.
        }
        if (stopped) {
            batch.completeExceptionally(abandoned());
        }
        return batch;
    }

    /** The outcome of each item, in order, once all are known. */
    List<RelayOutcome> execute(List<Item> items) {
        return start(items).join();
    }

    /**
     * Abandons every batch in flight and interrupts what they wait for, without waiting: an outcome the interruption
     * produced ("stopped") must never pass for the chain's answer, so the batches fail before their threads are
     * interrupted. Sends that were not made are left to the next relayer, which reads their requests again.
     */
    void stop() {
        stopped = true;
        for (var batch : List.copyOf(open)) {
            batch.completeExceptionally(abandoned());
        }
        pool.shutdownNow();
    }

    /** Stops, then waits a moment for the interrupted threads to end. */
    @Override
    public void close() {
        stop();
        try {
            if (!pool.awaitTermination(CLOSE_PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn(
                        "event=relay_batch_threads_running chainId={} patienceMs={}",
                        chain.chainId(),
                        CLOSE_PATIENCE.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static CancellationException abandoned() {
        return new CancellationException("the relayer stopped before the batch was answered");
    }

    private void relay(List<Item> items, CompletableFuture<List<RelayOutcome>> batch) {
        try {
            // Anything else a recovery throws (its cancels not mined) goes past: the relayer stops and says why.
            if (!recovered(items) || stopped) {
                return;
            }
        } catch (RpcUnavailableException | RpcErrorException unreachable) {
            batch.complete(failures(items, unreachable));
            return;
        }
        ChainHead head;
        try {
            head = timeTravel(items, rpc.head());
        } catch (RuntimeException unreachable) {
            batch.complete(failures(items, unreachable));
            return;
        }
        long started = System.nanoTime();
        var together = relay.batchesCharges()
                && items.stream().filter(item -> item.kind() == Kind.CHARGE).count() > 1;
        var steps = new ArrayList<Future<Step>>();
        for (var item : items) {
            steps.add(pool.submit(() -> {
                preflights.acquire();
                try {
                    return relay.prepare(item, head, together);
                } finally {
                    preflights.release();
                }
            }));
        }
        var pending = new ArrayList<Future<RelayOutcome>>(Collections.nCopies(items.size(), null));
        var charges = new ArrayList<ChargeBatchSender.Cleared>();
        var priorityFee = (BigInteger) null;
        for (int i = 0; i < items.size() && !stopped; i++) {
            var item = items.get(i);
            switch (join(steps.get(i), item)) {
                case Step.Answered answered -> pending.set(i, answered(item, answered.outcome()));
                case Step.Charge charge -> charges.add(new ChargeBatchSender.Cleared(i, item, charge.call()));
                case Step.Send send -> {
                    try {
                        priorityFee = priorityFee == null ? rpc.suggestedPriorityFee() : priorityFee;
                        var transaction = relay.send(item, send, head, priorityFee);
                        pending.set(
                                i,
                                transaction == null
                                        ? CompletableFuture.completedFuture(
                                                relay.refusedOverCap(item, send, head, priorityFee))
                                        : pool.submit(() -> relay.mined(item, transaction)));
                    } catch (RuntimeException failed) {
                        if (stopped) {
                            return;
                        }
                        pending.set(i, CompletableFuture.completedFuture(outcomes.failure(item, failed)));
                    }
                }
            }
        }
        if (!charges.isEmpty() && !stopped) {
            try {
                priorityFee = priorityFee == null ? rpc.suggestedPriorityFee() : priorityFee;
            } catch (RuntimeException failed) {
                for (var charge : charges) {
                    pending.set(
                            charge.index(), CompletableFuture.completedFuture(outcomes.failure(charge.item(), failed)));
                }
                charges.clear();
            }
            if (!charges.isEmpty()) {
                chargeBatches.send(charges, head, Objects.requireNonNull(priorityFee), pending);
            }
        }
        if (stopped) {
            return;
        }
        long sentAt = System.nanoTime();
        pool.execute(() -> {
            var all = new ArrayList<RelayOutcome>();
            for (int i = 0; i < items.size(); i++) {
                all.add(joinOutcome(pending.get(i), items.get(i)));
            }
            log.debug(
                    "event=relay_batch_done chainId={} count={} prepareAndSendMs={} awaitMs={}",
                    chain.chainId(),
                    items.size(),
                    (sentAt - started) / 1_000_000,
                    (System.nanoTime() - sentAt) / 1_000_000);
            // After a stop the batch failed already, and what the interrupted waits answered is no answer.
            batch.complete(all);
        });
    }

    private List<RelayOutcome> failures(List<Item> items, RuntimeException failed) {
        return items.stream().map(item -> outcomes.failure(item, failed)).toList();
    }

    /**
     * Before its first charge or refund, the relayer settles what a previous relayer of its key left in flight
     * ({@link NonceRecovery}); a stop ends the wait. Verifications and funding checks, which only read, need nothing
     * of it. False when it stopped.
     */
    private boolean recovered(List<Item> items) {
        if (recovery == null
                || recovered
                || items.stream().allMatch(item -> !item.kind().sends())) {
            return true;
        }
        recovered = recovery.settle(() -> stopped);
        return recovered;
    }

    /** An answer of the preflight; a charge or refund made before is answered once its transaction is deep. */
    private Future<RelayOutcome> answered(Item item, RelayOutcome outcome) {
        outcomes.logAnswered(item, outcome);
        if (outcome instanceof RelayOutcome.Moved moved && relay.relays()) {
            return pool.submit(() -> relay.deepOriginal(item, moved));
        }
        return CompletableFuture.completedFuture(outcome);
    }

    private ChainHead timeTravel(List<Item> items, ChainHead head) {
        if (!chain.timeTravel()) {
            return head;
        }
        long target = items.stream()
                .filter(item -> item.kind().sends())
                .mapToLong(item -> item.request().getRequestedAt().getEpochSecond())
                .max()
                .orElse(0);
        if (target <= head.timestamp()) {
            return head;
        }
        rpc.setNextBlockTimestamp(target);
        rpc.mine();
        log.info("event=chain_time_moved chainId={} from={} to={}", chain.chainId(), head.timestamp(), target);
        return rpc.head();
    }

    private Step join(Future<Step> step, Item item) {
        try {
            return step.get();
        } catch (ExecutionException e) {
            return new Step.Answered(outcomes.failure(item, Objects.requireNonNullElse(e.getCause(), e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Step.Answered(outcomes.failure(item, e));
        }
    }

    private RelayOutcome joinOutcome(Future<RelayOutcome> outcome, Item item) {
        try {
            return outcome.get();
        } catch (ExecutionException e) {
            return outcomes.failure(item, Objects.requireNonNullElse(e.getCause(), e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return outcomes.failure(item, e);
        }
    }
}
