package io.abk.billing.chain.relay;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.FeeDecision;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.domain.verification.VerificationFailure;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.settlement.RelayedRequests.Kind;
import io.abk.billing.schemas.avro.ChainRequest;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes one poll's requests on one chain, pipelined for throughput: every preflight and verification runs
 * concurrently (reads only), then the transactions are signed and sent one after the other with consecutive
 * nonces (sending is fast, and the nonce order must be the send order), then every receipt is awaited
 * concurrently, while the relayer may already start the next batch. On a development chain driven by test clocks ({@link ChainSettings#timeTravel()}), chain time is
 * first moved forward to the latest {@code requestedAt} of the batch, never backwards.
 */
final class RelayBatch implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RelayBatch.class);
    /**
     * Preflights run at most this many at once: each is two round trips of reads, so 16 keep a local node and a
     * provider busy without a poll of 500 requests opening 500 connections and queueing inside the node.
     */
    static final int PREFLIGHT_CONCURRENCY = 16;

    /** One request of the batch and what it is. */
    record Item(ChainRequest request, Kind kind) {}

    private final ChainSettings chain;
    private final RelayerRpc rpc;
    private final TransferVerifier verifier;
    private final @Nullable TransactionSender sender;
    private final @Nullable ChargeExecutor charges;
    private final @Nullable RefundExecutor refunds;
    /** Preflights, receipt waits and batch completions: cheap blocking tasks, so virtual threads. */
    private final ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();

    private final Semaphore preflights = new Semaphore(PREFLIGHT_CONCURRENCY, true);

    RelayBatch(
            ChainSettings chain,
            RelayerRpc rpc,
            @Nullable TransactionSender sender,
            @Nullable ChargeExecutor charges,
            @Nullable RefundExecutor refunds) {
        this.chain = chain;
        this.rpc = rpc;
        this.verifier = new TransferVerifier(rpc, chain);
        this.sender = sender;
        this.charges = charges;
        this.refunds = refunds;
    }

    /**
     * Prepares and sends the batch's transactions now, on the calling thread (nonces are handed out in send order);
     * the outcome of each item, in order, completes once every receipt is in. The caller can meanwhile start the
     * next batch, so one batch's preflights and sends overlap the previous one's wait for blocks.
     */
    CompletableFuture<List<RelayOutcome>> start(List<Item> items) {
        ChainHead head;
        try {
            head = timeTravel(items, rpc.head());
        } catch (RuntimeException unreachable) {
            return CompletableFuture.completedFuture(
                    items.stream().map(item -> failure(item, unreachable)).toList());
        }
        long started = System.nanoTime();
        var outcomes = new ArrayList<@Nullable RelayOutcome>();
        var steps = new ArrayList<Future<Step>>();
        for (var item : items) {
            steps.add(pool.submit(() -> {
                preflights.acquire();
                try {
                    return prepare(item, head);
                } finally {
                    preflights.release();
                }
            }));
        }
        var sent = new ArrayList<@Nullable Future<RelayOutcome>>();
        var priorityFee = (BigInteger) null;
        for (int i = 0; i < items.size(); i++) {
            var item = items.get(i);
            var step = join(steps.get(i), item);
            if (step instanceof Step.Answered answered) {
                outcomes.add(answered.outcome());
                sent.add(null);
                logAnswered(item, answered.outcome());
                continue;
            }
            var send = (Step.Send) step;
            try {
                priorityFee = priorityFee == null ? rpc.suggestedPriorityFee() : priorityFee;
                var transaction = send(item, send, head, priorityFee);
                outcomes.add(null);
                sent.add(transaction == null ? null : pool.submit(() -> mined(item, transaction)));
                if (transaction == null) {
                    outcomes.set(i, refusedOverCap(item, send, head, priorityFee));
                }
            } catch (RuntimeException failed) {
                outcomes.add(failure(item, failed));
                sent.add(null);
            }
        }
        long sentAt = System.nanoTime();
        return CompletableFuture.supplyAsync(
                () -> {
                    for (int i = 0; i < items.size(); i++) {
                        var pending = sent.get(i);
                        if (pending != null) {
                            outcomes.set(i, joinOutcome(pending, items.get(i)));
                        }
                    }
                    log.debug(
                            "event=relay_batch_done chainId={} count={} prepareAndSendMs={} awaitMs={}",
                            chain.chainId(),
                            items.size(),
                            (sentAt - started) / 1_000_000,
                            (System.nanoTime() - sentAt) / 1_000_000);
                    return outcomes.stream()
                            .map(outcome -> (RelayOutcome) java.util.Objects.requireNonNull(outcome))
                            .toList();
                },
                pool);
    }

    /** The outcome of each item, in order, once all are known. */
    List<RelayOutcome> execute(List<Item> items) {
        return start(items).join();
    }

    /** Stops the threads that wait for receipts; batches still waiting complete with whatever they had. */
    @Override
    public void close() {
        pool.close();
    }

    private ChainHead timeTravel(List<Item> items, ChainHead head) {
        if (!chain.timeTravel()) {
            return head;
        }
        long target = items.stream()
                .filter(item -> item.kind() != Kind.VERIFY)
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

    private Step prepare(Item item, ChainHead head) {
        return switch (item.kind()) {
            case VERIFY -> new Step.Answered(verifier.verify(item.request(), head));
            case CHARGE -> charges == null ? notConfigured() : charges.prepare(item.request(), head);
            case REFUND -> refunds == null ? notConfigured() : refunds.prepare(item.request(), head);
            case NONE -> throw new IllegalArgumentException("not a relayed request");
        };
    }

    private Step notConfigured() {
        var missing = sender == null ? "no relayer key" : "no vault address";
        return new Step.Answered(
                RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, missing + " configured for " + chain.name()));
    }

    /** Sends the transaction of {@code send}, or null when its fees would break a cap. */
    private @Nullable SentTransaction send(Item item, Step.Send send, ChainHead head, BigInteger priorityFee) {
        var sender = java.util.Objects.requireNonNull(this.sender);
        if (!(sender.feePolicy().initial(send.gasLimit(), head.baseFeePerGas(), priorityFee)
                instanceof FeeDecision.Fees fees)) {
            return null;
        }
        var transaction = sender.send(send.to(), send.data(), fees);
        log.info(
                "event={}_sent chainId={} requestId={} invoiceId={} nonce={} txHash={} maxFeePerGas={}",
                prefix(item),
                chain.chainId(),
                item.request().getRequestId(),
                item.request().getInvoiceId(),
                transaction.nonce(),
                transaction.latest().txHash(),
                fees.maxFeePerGas());
        return transaction;
    }

    private RelayOutcome refusedOverCap(Item item, Step.Send send, ChainHead head, BigInteger priorityFee) {
        var sender = java.util.Objects.requireNonNull(this.sender);
        var overCap =
                (FeeDecision.OverCap) sender.feePolicy().initial(send.gasLimit(), head.baseFeePerGas(), priorityFee);
        var outcome = RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, "Not sent: " + overCap.reason());
        logAnswered(item, outcome);
        return outcome;
    }

    private RelayOutcome mined(Item item, SentTransaction transaction) {
        var awaited = java.util.Objects.requireNonNull(sender).await(transaction);
        return switch (awaited) {
            case TransactionSender.Awaited.NotMined notMined -> {
                var outcome = RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, notMined.reason());
                logAnswered(item, outcome);
                yield outcome;
            }
            case TransactionSender.Awaited.Mined mined -> {
                var receipt = mined.receipt();
                log.info(
                        "event={}_mined chainId={} requestId={} invoiceId={} txHash={} status={} gasUsed={} ms={}",
                        prefix(item),
                        chain.chainId(),
                        item.request().getRequestId(),
                        item.request().getInvoiceId(),
                        receipt.txHash(),
                        receipt.succeeded() ? 1 : 0,
                        receipt.gasUsed(),
                        (System.nanoTime() - transaction.sentAtNanos()) / 1_000_000);
                var outcome = item.kind() == Kind.CHARGE
                        ? java.util.Objects.requireNonNull(charges).mined(item.request(), receipt)
                        : java.util.Objects.requireNonNull(refunds).mined(item.request(), receipt, rpc.head());
                if (outcome instanceof RelayOutcome.Refused) {
                    logAnswered(item, outcome);
                }
                yield outcome;
            }
        };
    }

    private void logAnswered(Item item, RelayOutcome outcome) {
        var request = item.request();
        switch (outcome) {
            case RelayOutcome.Refused refused ->
                log.info(
                        "event={}_refused chainId={} requestId={} invoiceId={} "
                                + "paymentId={} code={} message=\"{}\"",
                        prefix(item),
                        chain.chainId(),
                        request.getRequestId(),
                        request.getInvoiceId(),
                        request.getPaymentId(),
                        refused.code(),
                        refused.message());
            case RelayOutcome.Moved moved ->
                log.info(
                        "event={}_already_done chainId={} requestId={} invoiceId={} " + "txHash={}",
                        prefix(item),
                        chain.chainId(),
                        request.getRequestId(),
                        request.getInvoiceId(),
                        moved.txHash());
            case RelayOutcome.Verified verified ->
                log.info(
                        "event=transfer_verified chainId={} requestId={} "
                                + "paymentId={} txHash={} amountReceivedMicros={}",
                        chain.chainId(),
                        request.getRequestId(),
                        request.getPaymentId(),
                        verified.txHash(),
                        verified.amountReceivedMicros());
            case RelayOutcome.Bug bug -> {
                // Logged at ERROR where it was caught.
            }
        }
    }

    private Step join(Future<Step> step, Item item) {
        try {
            return step.get();
        } catch (ExecutionException e) {
            return new Step.Answered(failure(item, Objects.requireNonNullElse(e.getCause(), e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Step.Answered(failure(item, e));
        }
    }

    private RelayOutcome joinOutcome(Future<RelayOutcome> outcome, Item item) {
        try {
            return outcome.get();
        } catch (ExecutionException e) {
            return failure(item, Objects.requireNonNullElse(e.getCause(), e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure(item, e);
        }
    }

    /**
     * What an exception thrown for {@code item} means. The chain's own failures are answers, {@code RELAYER_ERROR}
     * for a charge or refund and {@code CHAIN_UNAVAILABLE} for a verify: no RPC URL answered within the retry
     * budget ({@link RpcUnavailableException}), the node answered the call with an error ({@link RpcErrorException}:
     * a refused transaction, a rate limit, a call it cannot serve), or the relayer was interrupted while closing.
     * Anything else (a NullPointerException, an IllegalStateException or ArithmeticException of our code, an answer
     * we fail to decode) is a bug: {@link RelayOutcome.Bug}, dead-lettered by the relayer and never answered.
     */
    private RelayOutcome failure(Item item, Throwable failure) {
        String message;
        switch (failure) {
            case RpcUnavailableException unavailable -> {
                message = String.valueOf(unavailable.getMessage());
                log.warn(
                        "event={}_unavailable chainId={} requestId={} reason=\"{}\"",
                        prefix(item),
                        chain.chainId(),
                        item.request().getRequestId(),
                        message);
            }
            case RpcErrorException refused -> {
                message = chain.name() + " answered " + refused.getMessage();
                log.warn(
                        "event={}_rpc_error chainId={} requestId={} reason=\"{}\"",
                        prefix(item),
                        chain.chainId(),
                        item.request().getRequestId(),
                        refused.getMessage());
            }
            case InterruptedException interrupted ->
                message = "The relayer was stopped before it finished; a retry is safe";
            default -> {
                log.error(
                        "event={}_failed_unexpectedly action=dead_letter chainId={} requestId={} exception={}",
                        prefix(item),
                        chain.chainId(),
                        item.request().getRequestId(),
                        failure.toString(),
                        failure);
                return new RelayOutcome.Bug(failure);
            }
        }
        return item.kind() == Kind.VERIFY
                ? RelayOutcome.Refused.of(VerificationFailure.CHAIN_UNAVAILABLE, message)
                : RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, message);
    }

    private static String prefix(Item item) {
        return switch (item.kind()) {
            case CHARGE -> "charge";
            case REFUND -> "refund";
            case VERIFY, NONE -> "verify";
        };
    }
}
