package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.relay.RelayBatch.Item;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.contracts.ChargeCall;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;

/**
 * Sends the charges a poll's preflights cleared together, in {@code chargeBatch} transactions ({@link ChargeBatches}),
 * and sets each charge's pending outcome: the one its batch's receipt gives it, the transaction that made it before, or
 * the failure that kept its batch from going out. A part of {@link RelayBatch}, on its pool and under its stop.
 */
final class ChargeBatchSender {

    /** A charge its preflight cleared, at {@code index} of the poll's batch, waiting to go out with others. */
    record Cleared(int index, Item item, ChargeCall call) {}

    private final ItemRelay relay;
    private final ItemOutcomes outcomes;
    private final ExecutorService pool;
    private final BooleanSupplier stopped;

    ChargeBatchSender(ItemRelay relay, ItemOutcomes outcomes, ExecutorService pool, BooleanSupplier stopped) {
        this.relay = relay;
        this.outcomes = outcomes;
        this.pool = pool;
        this.stopped = stopped;
    }

    /**
     * Sends {@code charges} (in the poll's order) and sets each one's outcome in {@code pending}, at its index. Each
     * batch's estimate is a read: all of them at once, then the sends in order as they come in (nonces are handed out
     * in send order). Returns early, setting nothing more, once the relayer stops.
     */
    void send(List<Cleared> charges, ChainHead head, BigInteger priorityFee, List<Future<RelayOutcome>> pending) {
        var groups = ChargeBatches.group(fresh(charges, pending));
        var gases = groups.stream()
                .map(group -> CompletableFuture.supplyAsync(() -> relay.batchGas(calls(group)), pool))
                .toList();
        for (int g = 0; g < groups.size(); g++) {
            if (stopped.getAsBoolean()) {
                return;
            }
            send(groups.get(g), gases.get(g), head, priorityFee, pending);
        }
    }

    /**
     * The charges not made before, in order: whether each was is read a batch's worth at a time, all at once; one made
     * before is answered with the transaction that made it and sent no more.
     */
    private List<Cleared> fresh(List<Cleared> charges, List<Future<RelayOutcome>> pending) {
        var groups = ChargeBatches.group(charges);
        var made = groups.stream()
                .map(group -> CompletableFuture.supplyAsync(() -> relay.made(calls(group)), pool))
                .toList();
        var fresh = new ArrayList<Cleared>();
        for (int g = 0; g < groups.size(); g++) {
            List<Boolean> before;
            try {
                before = made.get(g).join();
            } catch (CompletionException unreadable) {
                // Unknown: the vault answers a charge made before with ChargeIdUsed and the transaction that made it.
                fresh.addAll(groups.get(g));
                continue;
            }
            for (int i = 0; i < groups.get(g).size(); i++) {
                var charge = groups.get(g).get(i);
                if (before.get(i)) {
                    pending.set(charge.index(), pool.submit(() -> relay.madeBefore(charge.item(), charge.call())));
                } else {
                    fresh.add(charge);
                }
            }
        }
        return fresh;
    }

    /**
     * Sends {@code group} (charges of this poll, in its order) as one {@code chargeBatch}, whose receipt answers each,
     * or as two halves when its estimate is above {@link ChargeBatches#MAX_GAS}. Sets each one's pending outcome.
     */
    private void send(
            List<Cleared> group,
            CompletableFuture<ItemRelay.BatchGas> estimate,
            ChainHead head,
            BigInteger priorityFee,
            List<Future<RelayOutcome>> pending) {
        var items = group.stream().map(Cleared::item).toList();
        CompletableFuture<List<RelayOutcome>> answers;
        try {
            switch (estimate.join()) {
                case ItemRelay.BatchGas.Refused refused ->
                    answers = CompletableFuture.completedFuture(relay.answeredAlike(items, refused.outcome()));
                case ItemRelay.BatchGas.Limit limit
                when limit.gasLimit().compareTo(ChargeBatches.MAX_GAS) > 0 && group.size() > 1 -> {
                    for (var half : List.of(
                            group.subList(0, group.size() / 2), group.subList(group.size() / 2, group.size()))) {
                        send(
                                half,
                                CompletableFuture.completedFuture(relay.batchGas(calls(half))),
                                head,
                                priorityFee,
                                pending);
                    }
                    return;
                }
                case ItemRelay.BatchGas.Limit limit -> {
                    var transaction = relay.sendCharges(items, calls(group), limit.gasLimit(), head, priorityFee);
                    answers = transaction == null
                            ? CompletableFuture.completedFuture(relay.answeredAlike(
                                    items, relay.batchOverCap(items.size(), limit.gasLimit(), head, priorityFee)))
                            : CompletableFuture.supplyAsync(() -> relay.minedCharges(items, transaction), pool);
                }
            }
        } catch (CompletionException failedEstimate) {
            if (stopped.getAsBoolean()) {
                return;
            }
            var cause = Objects.requireNonNullElse(failedEstimate.getCause(), failedEstimate);
            answers = CompletableFuture.completedFuture(
                    items.stream().map(item -> outcomes.failure(item, cause)).toList());
        } catch (RuntimeException failed) {
            if (stopped.getAsBoolean()) {
                return;
            }
            answers = CompletableFuture.completedFuture(
                    items.stream().map(item -> outcomes.failure(item, failed)).toList());
        }
        for (int j = 0; j < group.size(); j++) {
            int position = j;
            pending.set(group.get(j).index(), answers.thenApply(all -> all.get(position)));
        }
    }

    private static List<ChargeCall> calls(List<Cleared> group) {
        return group.stream().map(Cleared::call).toList();
    }
}
