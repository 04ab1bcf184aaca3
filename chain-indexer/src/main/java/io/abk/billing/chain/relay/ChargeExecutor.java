package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.ChargeFacts;
import io.abk.billing.chain.domain.relay.ChargePreflight;
import io.abk.billing.chain.domain.relay.FeePolicy;
import io.abk.billing.chain.domain.relay.Preflight;
import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.VaultCall;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.relay.RelayerRpc.Answer;
import io.abk.billing.chain.relay.RelayerRpc.ChainHead;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.schemas.avro.ChainRequest;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

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

    Step prepare(ChainRequest request, ChainHead head) {
        var amount = amount(request);
        if (amount.isEmpty()) {
            return new Step.Answered(inexact(request));
        }
        var ref = SubscriptionRef.of(request.getSubscriptionId());
        var chargeId = ChargeId.of(request.getInvoiceId());
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
