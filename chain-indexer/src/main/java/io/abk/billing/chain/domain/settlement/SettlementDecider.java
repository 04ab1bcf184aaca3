package io.abk.billing.chain.domain.settlement;

import io.abk.billing.chain.domain.settlement.SettlementOutcome.Failed;
import io.abk.billing.chain.domain.settlement.SettlementOutcome.Succeeded;
import io.abk.billing.chain.domain.settlement.SettlementRequest.Charge;
import io.abk.billing.chain.domain.settlement.SettlementRequest.Refund;
import io.abk.billing.chain.domain.settlement.SettlementRequest.Signed;
import io.abk.billing.schemas.mode.Mode;
import org.jspecify.annotations.Nullable;

/**
 * Decides how a request is settled:
 * <ul>
 *   <li>a charge with an explicit {@code sandboxMode} is simulated with that outcome, in test mode only;</li>
 *   <li>else a test-mode charge with no test chain configured is simulated with the subscription's default
 *       outcome ({@code success} when it has none), and such a refund is simulated as a success;</li>
 *   <li>a signed mandate or transfer authorization ({@link Signed}) needs a chain whatever its mode: without one it
 *       fails with {@code RELAYER_ERROR} "No chain for signatures";</li>
 *   <li>else the request needs a chain: none configured for its mode fails with {@code RELAYER_ERROR}
 *       "No &lt;mode&gt; chain is configured for settlement"; a configured one is {@link SettlementOutcome.Relayed}: the
 *       relayer executes it on that chain and answers on {@code chain.results}.</li>
 * </ul>
 * A request this service cannot make sense of (blank id, non-positive amount, an outcome name it does not know) is
 * answered with {@code RELAYER_ERROR} too, so every request gets exactly one answer and nothing waits forever. An
 * unknown {@code metadata.sandboxRenewalOutcome} fails rather than falling back to success, so a merchant's typo
 * shows up on the invoice instead of silently paying it.
 */
public final class SettlementDecider {

    /** A signature is only worth what a chain makes of it: the sandbox cannot submit one. */
    static final String NO_CHAIN_FOR_SIGNATURES = "No chain for signatures";

    static final String LIVE_SANDBOX = "sandboxMode is for test mode only; a live charge is never simulated";

    private SettlementDecider() {}

    public static SettlementOutcome decide(SettlementRequest request, ConfiguredChains chains) {
        if (request.requestId().isBlank()) {
            return malformed("requestId is blank");
        }
        if (request.amountMicros() <= 0) {
            return malformed("amountMicros must be positive, was " + request.amountMicros());
        }
        var sandbox = request.mode() == Mode.TEST && !chains.configured(Mode.TEST);
        return switch (request) {
            case Charge charge when present(charge.sandboxMode()) -> explicit(charge);
            case Charge charge
            when sandbox ->
                simulate(charge.requestId(), charge.sandboxDefaultOutcome(), "metadata.sandboxRenewalOutcome");
            case Refund refund when sandbox -> new Succeeded(SandboxTxHash.of(refund.requestId()));
            case Charge charge -> onChain(charge.mode(), chains);
            case Refund refund -> onChain(refund.mode(), chains);
            case Signed signed
            when !chains.configured(signed.mode()) ->
                new Failed(
                        FailureCode.RELAYER_ERROR,
                        NO_CHAIN_FOR_SIGNATURES + ": no " + signed.mode().label() + " chain is configured");
            case Signed signed -> new SettlementOutcome.Relayed();
        };
    }

    /**
     * A live charge is never simulated, whatever it asks: the gateway already refuses {@code sandboxMode} with a
     * live key, and a simulated success here would mark a live invoice paid with no money moved.
     */
    private static SettlementOutcome explicit(Charge charge) {
        if (charge.mode() == Mode.LIVE) {
            return new Failed(FailureCode.RELAYER_ERROR, LIVE_SANDBOX);
        }
        return simulate(charge.requestId(), charge.sandboxMode(), "sandboxMode");
    }

    private static SettlementOutcome simulate(String requestId, @Nullable String outcomeName, String source) {
        if (outcomeName == null || outcomeName.isBlank()) {
            return new Succeeded(SandboxTxHash.of(requestId));
        }
        return SandboxOutcome.parse(outcomeName)
                .map(outcome -> simulated(requestId, outcome))
                .orElseGet(() -> new Failed(
                        FailureCode.RELAYER_ERROR,
                        "Unknown " + source + " '" + outcomeName + "'; expected " + SandboxOutcome.names()));
    }

    private static SettlementOutcome simulated(String requestId, SandboxOutcome outcome) {
        return switch (outcome) {
            case SUCCESS -> new Succeeded(SandboxTxHash.of(requestId));
            case INSUFFICIENT_BALANCE ->
                new Failed(FailureCode.INSUFFICIENT_BALANCE, "The customer's wallet does not hold enough USDC");
            case ALLOWANCE_REVOKED ->
                new Failed(FailureCode.ALLOWANCE_REVOKED, "The customer revoked the vault's USDC allowance");
        };
    }

    /** Settling on a chain is the relayer's job; without a chain for the mode nothing can settle. */
    private static SettlementOutcome onChain(Mode mode, ConfiguredChains chains) {
        if (chains.configured(mode)) {
            return new SettlementOutcome.Relayed();
        }
        return new Failed(FailureCode.RELAYER_ERROR, "No " + mode.label() + " chain is configured for settlement");
    }

    private static SettlementOutcome malformed(String reason) {
        return new Failed(FailureCode.RELAYER_ERROR, "Malformed settlement request: " + reason);
    }

    private static boolean present(@Nullable String value) {
        return value != null && !value.isBlank();
    }
}
