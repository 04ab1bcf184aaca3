package io.abk.billing.chain.domain.verification;

import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.domain.settlement.SandboxTxHash;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Failed;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Paid;
import io.abk.billing.chain.domain.verification.VerificationOutcome.PaidIfUnclaimed;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;

/**
 * Decides whether a payment's transaction pays it:
 * <ul>
 *   <li>a mode with a chain configured: {@link VerificationOutcome.Relayed}, the relayer reads the transaction on that
 *       chain; a confirm without a hash there fails {@code PAYMENT_TX_NOT_FOUND} (there is nothing to read);</li>
 *   <li>live mode without a chain: {@code CHAIN_UNAVAILABLE};</li>
 *   <li>test mode without a chain is the sandbox:</li>
 *   <li>sandbox, no hash: paid with the payment's sandbox hash ({@link SandboxTxHash} of the payment id) and
 *       exactly its amount;</li>
 *   <li>sandbox, a magic hash ({@link SandboxVerificationScenario}): its failure;</li>
 *   <li>sandbox, any other hash: paid with exactly the amount, if the hash is not claimed by another payment or
 *       invoice ({@link PaidIfUnclaimed}, settled by {@link TxClaims}).</li>
 * </ul>
 * A request this service cannot make sense of (blank id, non-positive amount) fails {@code CHAIN_UNAVAILABLE} and
 * a hash that is not {@code 0x} and 64 hex digits fails {@code PAYMENT_TX_NOT_FOUND}: every request gets exactly
 * one answer, so no confirm waits forever.
 */
public final class VerificationDecider {

    static final String NO_LIVE_CHAIN = "No live chain is configured to verify transactions";

    private VerificationDecider() {}

    public static VerificationOutcome decide(VerificationRequest request, ConfiguredChains chains) {
        if (request.requestId().isBlank()) {
            return malformed("requestId is blank");
        }
        if (request.amountMicros() <= 0) {
            return malformed("amountMicros must be positive, was " + request.amountMicros());
        }
        var onChain = chains.configured(request.mode());
        if (request.mode() == Mode.LIVE && !onChain) {
            return new Failed(VerificationFailure.CHAIN_UNAVAILABLE, NO_LIVE_CHAIN);
        }
        var given = request.txHash();
        if (given == null || given.isBlank()) {
            return withoutHash(request, chains);
        }
        var txHash = TxHash.canonical(given);
        if (!TxHash.wellFormed(txHash)) {
            return new Failed(
                    VerificationFailure.PAYMENT_TX_NOT_FOUND,
                    "A transaction hash is 0x and 64 hex digits; the one given is not");
        }
        if (onChain) {
            return new VerificationOutcome.Relayed();
        }
        return SandboxVerificationScenario.of(txHash)
                .<VerificationOutcome>map(scenario -> scenario(scenario, txHash, request))
                .orElseGet(() -> new PaidIfUnclaimed(txHash, request.amountMicros()));
    }

    private static VerificationOutcome withoutHash(VerificationRequest request, ConfiguredChains chains) {
        if (chains.configured(request.mode())) {
            return new Failed(
                    VerificationFailure.PAYMENT_TX_NOT_FOUND,
                    "A transaction hash is required to verify a payment on " + chains.name(request.mode()));
        }
        return new Paid(SandboxTxHash.of(request.paymentId()), request.amountMicros());
    }

    private static Failed scenario(SandboxVerificationScenario scenario, String txHash, VerificationRequest request) {
        var transaction = "Transaction " + txHash;
        var message = switch (scenario) {
            case NOT_FOUND -> transaction + " was not found";
            case REVERTED -> transaction + " reverted";
            case NO_TRANSFER -> transaction + " does not transfer USDC";
            case WRONG_RECIPIENT ->
                transaction + " does not pay the merchant's payout address " + request.payoutAddress();
            // The sandbox's short transfer carries half the amount (rounded down to a micro-USDC).
            case SHORT ->
                transaction + " pays less than the payment: expected "
                        + UsdcAmount.ofMicros(request.amountMicros()) + ", received "
                        + UsdcAmount.ofMicros(request.amountMicros() / 2);
        };
        return new Failed(scenario.failure(), message);
    }

    private static Failed malformed(String reason) {
        return new Failed(VerificationFailure.CHAIN_UNAVAILABLE, "Malformed verification request: " + reason);
    }
}
