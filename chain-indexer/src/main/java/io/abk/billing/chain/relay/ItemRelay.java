package io.abk.billing.chain.relay;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.FeeDecision;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.relay.RelayBatch.Item;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.contracts.ChargeCall;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps of one request in a batch: its preflight, its transaction sent, and its answer once that transaction is
 * mined and deep (or once the transaction the vault names as made before is deep).
 */
final class ItemRelay {

    private static final Logger log = LoggerFactory.getLogger(RelayBatch.class);

    private final ChainSettings chain;
    private final RelayerRpc rpc;
    private final TransferVerifier verifier;
    private final FundingReader funding;
    private final @Nullable TransactionSender sender;
    private final @Nullable ChargeExecutor charges;
    private final @Nullable RefundExecutor refunds;
    private final @Nullable MandateExecutor mandates;
    private final @Nullable AuthorizationExecutor authorizations;
    private final @Nullable CancelExecutor cancels;
    private final @Nullable PermitExecutor permits;
    private final ItemOutcomes outcomes;

    ItemRelay(
            ChainSettings chain,
            RelayerRpc rpc,
            @Nullable TransactionSender sender,
            Executors executors,
            ItemOutcomes outcomes) {
        this.chain = chain;
        this.rpc = rpc;
        this.verifier = new TransferVerifier(rpc, chain);
        this.funding = new FundingReader(chain, rpc);
        this.sender = sender;
        this.charges = executors.charges();
        this.refunds = executors.refunds();
        this.mandates = executors.mandates();
        this.authorizations = executors.authorizations();
        this.cancels = executors.cancels();
        this.permits = executors.permits();
        this.outcomes = outcomes;
    }

    /**
     * What executes each kind of request on this chain; null where the relayer lacks what it needs (a key; a vault
     * for charges, refunds, mandates, signed cancels and permits).
     */
    record Executors(
            @Nullable ChargeExecutor charges,
            @Nullable RefundExecutor refunds,
            @Nullable MandateExecutor mandates,
            @Nullable AuthorizationExecutor authorizations,
            @Nullable CancelExecutor cancels,
            @Nullable PermitExecutor permits) {

        static final Executors NONE = new Executors(null, null, null, null, null, null);
    }

    /** Whether a charge or refund made before waits for its transaction to be deep: only with a key to relay. */
    boolean relays() {
        return sender != null;
    }

    /** {@code together}: the request's poll has other charges, which go out with it in one batch. */
    Step prepare(Item item, ChainHead head, boolean together) {
        return switch (item.kind()) {
            case VERIFY -> new Step.Answered(verifier.verify(item.request(), head));
            case FUNDING -> new Step.Answered(funding.read(item.request(), head));
            case CHARGE -> charges == null ? notConfigured() : charges.prepare(item.request(), head, together);
            case REFUND -> refunds == null ? notConfigured() : refunds.prepare(item.request(), head);
            case MANDATE -> mandates == null ? notConfigured() : mandates.prepare(item.request(), head);
            case AUTHORIZATION ->
                authorizations == null ? notConfigured() : authorizations.prepare(item.request(), head);
            case CANCEL -> cancels == null ? notConfigured() : cancels.prepare(item.request(), head);
            case PERMIT -> permits == null ? notConfigured() : permits.prepare(item.request(), head);
            case NONE -> throw new IllegalArgumentException("not a relayed request");
        };
    }

    private Step notConfigured() {
        var missing = sender == null ? "no relayer key" : "no vault address";
        return new Step.Answered(
                RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, missing + " configured for " + chain.name()));
    }

    /** Sends the transaction of {@code send}, or null when its fees would break a cap. */
    @Nullable
    SentTransaction send(Item item, Step.Send send, ChainHead head, BigInteger priorityFee) {
        var sender = Objects.requireNonNull(this.sender);
        if (!(sender.feePolicy().initial(send.gasLimit(), head.baseFeePerGas(), priorityFee)
                instanceof FeeDecision.Fees fees)) {
            return null;
        }
        var transaction = sender.send(send.to(), send.data(), fees);
        log.info(
                "event={}_sent chainId={} requestId={} invoiceId={} nonce={} txHash={} maxFeePerGas={}",
                ItemOutcomes.prefix(item),
                chain.chainId(),
                item.request().getRequestId(),
                item.request().getInvoiceId(),
                transaction.nonce(),
                transaction.latest().txHash(),
                fees.maxFeePerGas());
        return transaction;
    }

    /** Whether cleared charges can go together in one transaction: with a key and a vault. */
    boolean batchesCharges() {
        return sender != null && charges != null;
    }

    /** Whether each of {@code calls} was charged before, read in one round trip. */
    List<Boolean> made(List<ChargeCall> calls) {
        return Objects.requireNonNull(charges).made(calls);
    }

    /** The answer to a charge of a batch made before: the transaction that made it, once deep. */
    RelayOutcome madeBefore(Item item, ChargeCall call) {
        var outcome = Objects.requireNonNull(charges).original(call);
        outcomes.logAnswered(item, outcome);
        return outcome instanceof RelayOutcome.Moved moved ? deepOriginal(item, moved) : outcome;
    }

    /** The gas a batch of charges needs, or the vault's refusal of the batch as a whole. */
    sealed interface BatchGas {

        record Limit(BigInteger gasLimit) implements BatchGas {}

        record Refused(RelayOutcome outcome) implements BatchGas {}
    }

    /**
     * The gas limit of a {@code chargeBatch} of {@code calls}, estimated; a batch that reverts as a whole (the relayer
     * is not the vault's) is refused with the vault's reason. A node that cannot estimate throws.
     */
    BatchGas batchGas(List<ChargeCall> calls) {
        var charges = Objects.requireNonNull(this.charges);
        try {
            return new BatchGas.Limit(charges.batchGasLimit(calls));
        } catch (RpcErrorException refused) {
            if (refused.revertData().length() <= 2) {
                throw refused;
            }
            return new BatchGas.Refused(charges.refusedBatch(SubscriptionVaultAbi.decodeError(refused.revertData())));
        }
    }

    /**
     * Sends one {@code chargeBatch} transaction for {@code items}, charges whose preflights cleared them ({@code calls},
     * in the same order), or null when its fees would break a cap: the per-transaction cost cap holds for each charge
     * ({@link FeePolicy#forCalls}).
     */
    @Nullable
    SentTransaction sendCharges(
            List<Item> items, List<ChargeCall> calls, BigInteger gasLimit, ChainHead head, BigInteger priorityFee) {
        var sender = Objects.requireNonNull(this.sender);
        if (!(sender.feePolicy().forCalls(items.size()).initial(gasLimit, head.baseFeePerGas(), priorityFee)
                instanceof FeeDecision.Fees fees)) {
            return null;
        }
        var vault = Objects.requireNonNull(chain.vaultAddress());
        var transaction = sender.send(vault, SubscriptionVaultAbi.chargeBatch(calls), fees, items.size());
        log.info(
                "event=charge_batch_sent chainId={} charges={} firstRequestId={} nonce={} txHash={} gasLimit={} "
                        + "maxFeePerGas={}",
                chain.chainId(),
                items.size(),
                items.getFirst().request().getRequestId(),
                transaction.nonce(),
                transaction.latest().txHash(),
                gasLimit,
                fees.maxFeePerGas());
        return transaction;
    }

    /** Every charge of a batch answered the same way without a transaction (its fees over a cap, the vault's no). */
    List<RelayOutcome> answeredAlike(List<Item> items, RelayOutcome outcome) {
        items.forEach(item -> outcomes.logAnswered(item, outcome));
        return items.stream().<RelayOutcome>map(item -> outcome).toList();
    }

    /** The refusal of a batch whose fees would break a cap. */
    RelayOutcome batchOverCap(int charges, BigInteger gasLimit, ChainHead head, BigInteger priorityFee) {
        var overCap = (FeeDecision.OverCap) Objects.requireNonNull(sender)
                .feePolicy()
                .forCalls(charges)
                .initial(gasLimit, head.baseFeePerGas(), priorityFee);
        return RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, "Not sent: " + overCap.reason());
    }

    /**
     * The outcome of each charge of a {@code chargeBatch} once it is mined and deep, in order: moved in it, refused
     * with the vault's reason, or answered with the transaction that used the charge id before, once that is deep.
     */
    List<RelayOutcome> minedCharges(List<Item> items, SentTransaction transaction) {
        var awaited = Objects.requireNonNull(sender).await(transaction);
        if (awaited instanceof TransactionSender.Awaited.NotMined notMined) {
            return answeredAlike(items, RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, notMined.reason()));
        }
        var receipt = ((TransactionSender.Awaited.Mined) awaited).receipt();
        var answers = Objects.requireNonNull(charges)
                .minedBatch(items.stream().map(Item::request).toList(), receipt);
        log.info(
                "event=charge_batch_mined chainId={} charges={} refused={} txHash={} status={} gasUsed={} ms={}",
                chain.chainId(),
                items.size(),
                answers.stream()
                        .filter(answer -> answer instanceof RelayOutcome.Refused)
                        .count(),
                receipt.txHash(),
                receipt.succeeded() ? 1 : 0,
                receipt.gasUsed(),
                (System.nanoTime() - transaction.sentAtNanos()) / 1_000_000);
        var all = new ArrayList<RelayOutcome>(items.size());
        for (int i = 0; i < items.size(); i++) {
            var item = items.get(i);
            var outcome = answers.get(i);
            if (outcome instanceof RelayOutcome.Moved moved && !moved.txHash().equals(receipt.txHash())) {
                outcome = deepOriginal(item, moved);
            } else if (outcome instanceof RelayOutcome.Refused) {
                outcomes.logAnswered(item, outcome);
            }
            all.add(outcome);
        }
        return all;
    }

    RelayOutcome refusedOverCap(Item item, Step.Send send, ChainHead head, BigInteger priorityFee) {
        var sender = Objects.requireNonNull(this.sender);
        var overCap =
                (FeeDecision.OverCap) sender.feePolicy().initial(send.gasLimit(), head.baseFeePerGas(), priorityFee);
        var outcome = RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, "Not sent: " + overCap.reason());
        outcomes.logAnswered(item, outcome);
        return outcome;
    }

    RelayOutcome mined(Item item, SentTransaction transaction) {
        var awaited = Objects.requireNonNull(sender).await(transaction);
        return switch (awaited) {
            case TransactionSender.Awaited.NotMined notMined -> {
                var outcome = RelayOutcome.Refused.of(FailureCode.RELAYER_ERROR, notMined.reason());
                outcomes.logAnswered(item, outcome);
                yield outcome;
            }
            case TransactionSender.Awaited.Mined mined -> {
                var receipt = mined.receipt();
                log.info(
                        "event={}_mined chainId={} requestId={} invoiceId={} txHash={} status={} gasUsed={} ms={}",
                        ItemOutcomes.prefix(item),
                        chain.chainId(),
                        item.request().getRequestId(),
                        item.request().getInvoiceId(),
                        receipt.txHash(),
                        receipt.succeeded() ? 1 : 0,
                        receipt.gasUsed(),
                        (System.nanoTime() - transaction.sentAtNanos()) / 1_000_000);
                var outcome = switch (item.kind()) {
                    case CHARGE -> Objects.requireNonNull(charges).mined(item.request(), receipt);
                    case REFUND -> Objects.requireNonNull(refunds).mined(item.request(), receipt, rpc.head());
                    case MANDATE -> Objects.requireNonNull(mandates).mined(item.request(), receipt, rpc.head());
                    case AUTHORIZATION ->
                        Objects.requireNonNull(authorizations).mined(item.request(), receipt, rpc.head());
                    case CANCEL -> Objects.requireNonNull(cancels).mined(item.request(), receipt, rpc.head());
                    case PERMIT -> Objects.requireNonNull(permits).mined(item.request(), receipt);
                    case VERIFY, FUNDING, NONE ->
                        throw new IllegalStateException("nothing is sent for a " + item.kind());
                };
                if (outcome instanceof RelayOutcome.Moved moved
                        && !moved.txHash().equals(receipt.txHash())) {
                    // Reverted because the vault had made it already: answered with that transaction, once deep.
                    yield deepOriginal(item, moved);
                }
                if (outcome instanceof RelayOutcome.Refused) {
                    outcomes.logAnswered(item, outcome);
                }
                yield outcome;
            }
        };
    }

    RelayOutcome deepOriginal(Item item, RelayOutcome.Moved moved) {
        var outcome = Objects.requireNonNull(sender).confirmations().original(moved);
        if (outcome instanceof RelayOutcome.Refused) {
            outcomes.logAnswered(item, outcome);
        }
        return outcome;
    }
}
