package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.ChargeFacts;
import io.abk.billing.chain.domain.relay.ChargePreflight;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.Preflight;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.VaultCall;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.domain.settlement.TransactionGas;
import io.abk.billing.chain.relay.RelayerRpc.Answer;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.contracts.ChargeCall;
import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.contracts.VaultEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A charge through the vault: reference from the subscription id, charge id from the invoice id (so every attempt
 * of one invoice shares it and the vault pays an invoice at most once), the preflight ({@link ChargePreflight}) on
 * what the chain says, a simulation from the relayer's account, then the transaction. An invoice the vault has
 * charged already, by an earlier attempt or by a relayer that crashed between sending and recording, is answered
 * with the original transaction.
 */
final class ChargeExecutor extends VaultExecutor {

    ChargeExecutor(VaultReader vault, String relayer, int decimals) {
        super(vault, relayer, decimals, VaultCall.CHARGE, VaultError.ChargeIdUsed.class);
    }

    /**
     * The preflight of a charge. One that goes {@code together} with others of its poll in a {@code chargeBatch} is a
     * {@link Step.Charge}: whether its charge id was used is read with the batch's others ({@link #made}), and the vault
     * checks the rest as it would for a lone charge, answering a refused one with its reason ({@code ChargeFailed}) at
     * the cost of that charge's small share of the transaction. Reading that state first would cost four more reads a
     * charge on renewal day and spare a little gas on the few that fail. A charge that goes alone is checked against
     * the chain's state first ({@link ChargePreflight}), then simulated and estimated ({@link Step.Send}), as it pays
     * a whole transaction for nothing if it reverts.
     */
    Step prepare(ChainRequest request, ChainHead head, boolean together) {
        var amount = amount(request);
        if (amount.isEmpty()) {
            return new Step.Answered(inexact(request));
        }
        var ref = SubscriptionRef.of(request.getSubscriptionId());
        var chargeId = ChargeId.of(request.getInvoiceId());
        if (together) {
            return new Step.Charge(new ChargeCall(ref, amount.get(), chargeId));
        }
        var data = SubscriptionVaultAbi.charge(ref, amount.get(), chargeId);
        // Two round trips instead of seven: what needs nothing but the request (the charge's record, the
        // subscription, the charge simulated and its gas estimated) at once, then what depends on the subscription.
        // The simulation and estimate are used only when the preflight clears the charge.
        var first = vault.read(List.of(
                vault.chargeOfRead(chargeId),
                vault.subscriptionRead(ref),
                vault.simulateRead(relayer, data),
                vault.estimateRead(relayer, data)));
        var record = VaultReader.chargeRecord(first.get(0));
        var subscription =
                record.exists() ? null : VaultReader.subscription(first.get(1)).orElse(null);
        var live = subscription != null && !subscription.canceled();
        var second = subscription != null && live
                ? vault.read(List.of(
                        vault.periodStartRead(ref, subscription.chargeCount()),
                        vault.balanceRead(subscription.token(), subscription.customer()),
                        vault.allowanceRead(subscription.token(), subscription.customer())))
                : List.<Answer>of();
        var facts = new ChargeFacts(
                amount.get(),
                decimals,
                record,
                subscription,
                live ? VaultReader.timestamp(second.get(0)) : null,
                Instant.ofEpochSecond(head.timestamp()),
                live ? VaultReader.uint(second.get(1)) : BigInteger.ZERO,
                live ? VaultReader.uint(second.get(2)) : BigInteger.ZERO);
        return switch (ChargePreflight.decide(facts)) {
            case Preflight.AlreadyDone done -> new Step.Answered(original(chargeId));
            case Preflight.Refuse refuse -> refused(refuse.code(), refuse.message());
            case Preflight.Clear clear -> simulated(first.get(2), first.get(3), data, chargeId);
        };
    }

    /**
     * Whether each of {@code calls} was charged before (a repeated request, or a relayer that stopped before answering),
     * in one round trip: such a charge is answered with its transaction ({@link #original(ChargeCall)}) and not sent
     * again only to be refused.
     */
    List<Boolean> made(List<ChargeCall> calls) {
        return vault
                .read(calls.stream()
                        .map(call -> vault.chargeOfRead(call.chargeId()))
                        .toList())
                .stream()
                .map(answer -> VaultReader.chargeRecord(answer).exists())
                .toList();
    }

    /** The answer to a charge made before: the transaction that made it. */
    RelayOutcome original(ChargeCall call) {
        return original(call.chargeId());
    }

    /**
     * The gas limit of a {@code chargeBatch} of {@code calls}: its estimate with the relayer's margin. A batch the
     * vault refuses as a whole (the relayer is not the vault's) throws the node's error, with the revert data.
     */
    BigInteger batchGasLimit(List<ChargeCall> calls) {
        return FeePolicy.gasLimit(vault.estimate(relayer, SubscriptionVaultAbi.chargeBatch(calls)));
    }

    /** The answer to every charge of a batch the vault refuses as a whole with {@code error}. */
    RelayOutcome refusedBatch(VaultError error) {
        return refusal(error);
    }

    /**
     * The outcome of each charge of a mined {@code chargeBatch} of {@code requests}, in their order, each with its
     * share of the transaction's gas ({@link TransactionGas#share}). The vault answers each charge with one event, in
     * order: {@code Charged} (moved in this transaction) or {@code ChargeFailed} (refused for the reason a lone charge
     * would give; a used charge id is answered with the transaction that used it). A batch that reverted as a whole
     * (out of gas) charged nothing: each charge is then answered as a lone one that reverted.
     */
    List<RelayOutcome> minedBatch(List<ChainRequest> requests, MinedReceipt receipt) {
        int count = requests.size();
        var gas = receipt.gas();
        var outcomes = new ArrayList<RelayOutcome>(count);
        if (!receipt.succeeded()) {
            for (int i = 0; i < count; i++) {
                outcomes.add(withGas(mined(requests.get(i), receipt), gas.share(i, count)));
            }
            return outcomes;
        }
        var answers = receipt.logs().stream()
                .filter(log -> log.address().equalsIgnoreCase(vault.vault()))
                .map(log -> SubscriptionVaultAbi.decodeEvent(log.topics(), log.data()))
                .flatMap(Optional::stream)
                .filter(event -> event instanceof VaultEvent.Charged || event instanceof VaultEvent.ChargeFailed)
                .toList();
        if (answers.size() != count) {
            throw new IllegalStateException("chargeBatch transaction " + receipt.txHash() + " answered "
                    + answers.size() + " of its " + count + " charges");
        }
        for (int i = 0; i < count; i++) {
            var chargeId = ChargeId.of(requests.get(i).getInvoiceId());
            var share = gas.share(i, count);
            outcomes.add(
                    switch (answers.get(i)) {
                        case VaultEvent.Charged charged
                        when charged.chargeId().equalsIgnoreCase(chargeId) ->
                            new RelayOutcome.Moved(receipt.txHash(), share);
                        case VaultEvent.ChargeFailed failed
                        when failed.chargeId().equalsIgnoreCase(chargeId) ->
                            withGas(refused(failed.reason(), () -> original(chargeId)), share);
                        default ->
                            throw new IllegalStateException("chargeBatch transaction " + receipt.txHash()
                                    + " answered charge " + i + " for another charge id than " + chargeId);
                    });
        }
        return outcomes;
    }

    /** A refusal carries what the relayer paid for it; an original transaction keeps its own gas. */
    private static RelayOutcome withGas(RelayOutcome outcome, TransactionGas paid) {
        return outcome instanceof RelayOutcome.Refused refused ? refused.withGas(paid) : outcome;
    }

    /** A mined charge: moved, or (status 0) the reason the vault gives when it is run again. */
    RelayOutcome mined(ChainRequest request, MinedReceipt receipt) {
        var chargeId = ChargeId.of(request.getInvoiceId());
        return mined(receipt, () -> data(request, chargeId), () -> original(chargeId));
    }

    private String data(ChainRequest request, String chargeId) {
        var amount = amount(request).orElseThrow();
        return SubscriptionVaultAbi.charge(SubscriptionRef.of(request.getSubscriptionId()), amount, chargeId);
    }

    private Step simulated(Answer simulation, Answer estimate, String data, String chargeId) {
        var error = VaultReader.simulation(simulation);
        if (error.isPresent()) {
            return new Step.Answered(refused(error.get(), () -> original(chargeId)));
        }
        return new Step.Send(vault.vault(), data, FeePolicy.gasLimit(VaultReader.gas(estimate)));
    }

    /** The transaction that used {@code chargeId}: the vault's record names its block, whose logs name it. */
    private RelayOutcome original(String chargeId) {
        var record = vault.chargeOf(chargeId);
        return vault.chargeTransaction(chargeId, record.blockNumber())
                .<RelayOutcome>map(RelayOutcome.Moved::new)
                .orElseGet(() -> refusal(new VaultError.ChargeIdUsed(chargeId)));
    }

    private static Step refused(FailureCode code, String message) {
        return new Step.Answered(RelayOutcome.Refused.of(code, message));
    }
}
