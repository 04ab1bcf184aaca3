package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.domain.relay.TokenUnits;
import io.abk.billing.chain.domain.relay.VaultCall;
import io.abk.billing.chain.domain.relay.VaultRefusals;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.chain.relay.RelayerRpc.MinedReceipt;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.schemas.avro.ChainRequest;
import java.math.BigInteger;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a charge and a refund through the vault share: the vault, the relayer's address and the token's decimals;
 * the request's amount in token units; a vault error as the request's refusal; and the reason a mined transaction
 * reverted, found by running it again. Each call has its own id (a charge id, a refund id) that the vault uses once:
 * an error saying that id is used is answered with the transaction that used it.
 */
abstract class VaultExecutor {

    final VaultReader vault;
    final String relayer;
    final int decimals;
    private final VaultCall call;
    private final Class<? extends VaultError> idUsed;

    VaultExecutor(VaultReader vault, String relayer, int decimals, VaultCall call, Class<? extends VaultError> idUsed) {
        this.vault = vault;
        this.relayer = relayer;
        this.decimals = decimals;
        this.call = call;
        this.idUsed = idUsed;
    }

    /** The request's amount in the token's units; empty when the token cannot carry it exactly. */
    final Optional<BigInteger> amount(ChainRequest request) {
        return TokenUnits.fromMicros(request.getAmountMicros(), decimals);
    }

    /** The refusal of a request whose amount the token cannot carry exactly ({@link #amount} is empty). */
    final RelayOutcome.Refused inexact(ChainRequest request) {
        return RelayOutcome.Refused.of(
                FailureCode.RELAYER_ERROR,
                "The token cannot carry " + request.getAmountMicros() + " micro-USDC exactly (" + decimals
                        + " decimals)");
    }

    /** The answer to a call the vault refuses with {@code error}: the original transaction when the id is used. */
    final RelayOutcome refused(VaultError error, Supplier<RelayOutcome> original) {
        return idUsed.isInstance(error) ? original.get() : refusal(error);
    }

    final RelayOutcome refusal(VaultError error) {
        var refuse = VaultRefusals.of(error, call, decimals);
        return RelayOutcome.Refused.of(refuse.code(), refuse.message());
    }

    /**
     * A mined transaction of {@code data}: moved, or (status 0) the reason the vault gives when it is run again, or
     * a reason that has passed when it would now go through; moved and refused both carry the receipt's gas.
     */
    final RelayOutcome mined(MinedReceipt receipt, Supplier<String> data, Supplier<RelayOutcome> original) {
        if (receipt.succeeded()) {
            return new RelayOutcome.Moved(receipt.txHash(), receipt.gas());
        }
        var outcome = vault.simulate(relayer, data.get())
                .map(error -> refused(error, original))
                .orElseGet(() -> RelayOutcome.Refused.of(
                        FailureCode.RELAYER_ERROR,
                        "Transaction " + receipt.txHash()
                                + " reverted on chain for a reason that has passed; a retry may succeed"));
        // The relayer paid for the reverted transaction: a refusal says how much. An original transaction found
        // instead is answered with its own gas, read from its receipt once it is deep.
        return outcome instanceof RelayOutcome.Refused refused ? refused.withGas(receipt.gas()) : outcome;
    }
}
