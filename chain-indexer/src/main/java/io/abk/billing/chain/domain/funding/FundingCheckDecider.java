package io.abk.billing.chain.domain.funding;

import io.abk.billing.chain.domain.funding.FundingOutcome.Checked;
import io.abk.billing.chain.domain.funding.FundingOutcome.Unchecked;
import io.abk.billing.chain.domain.relay.TokenUnits;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.domain.settlement.SandboxOutcome;
import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.schemas.mode.Mode;
import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * Decides who answers a funding check, by the rule a renewal's charge of the same mode follows: where the charge
 * would be simulated (test mode without a test chain), the sandbox answers from the subscription's
 * {@code metadata.sandboxRenewalOutcome}; where the mode has a chain, its relayer reads the chain; anywhere else
 * (live mode without a live chain) nothing can be read. A check never fails a renewal by itself: an
 * {@link Unchecked} answer only leaves the reminder without figures.
 */
public final class FundingCheckDecider {

    private FundingCheckDecider() {}

    public static FundingOutcome decide(FundingCheck check, ConfiguredChains chains) {
        if (check.requestId().isBlank()) {
            return new Unchecked("The funding check could not be read: its requestId is blank");
        }
        if (check.mode() == Mode.TEST && !chains.configured(Mode.TEST)) {
            return sandbox(check.sandboxOutcome());
        }
        if (chains.configured(check.mode())) {
            return new FundingOutcome.Relayed();
        }
        return new Unchecked("No " + check.mode().label() + " chain is configured to read the customer's wallet");
    }

    /**
     * The sandbox's figures: {@code insufficient_balance} reads a balance of 0, {@code allowance_revoked} an allowance
     * of 0, and anything else (success, no outcome, a name the sandbox does not know) nothing short.
     */
    static Checked sandbox(@Nullable String outcomeName) {
        var outcome =
                outcomeName == null ? null : SandboxOutcome.parse(outcomeName).orElse(null);
        if (outcome == SandboxOutcome.INSUFFICIENT_BALANCE) {
            return new Checked(0L, null, null, null);
        }
        if (outcome == SandboxOutcome.ALLOWANCE_REVOKED) {
            return new Checked(null, 0L, null, null);
        }
        return new Checked(null, null, null, null);
    }

    /**
     * What the chain said at {@code blockNumber}, in micro-USDC (token base units of a token with {@code decimals},
     * rounded down and capped at {@link Long#MAX_VALUE}: an unlimited allowance reads as that). {@code subscription}:
     * the vault's subscription of the renewal's mandate, or null when the vault has none.
     */
    public static Checked onChain(
            BigInteger balance,
            BigInteger allowance,
            int decimals,
            @Nullable OnChainSubscription subscription,
            long blockNumber) {
        return new Checked(
                TokenUnits.toMicros(balance, decimals),
                TokenUnits.toMicros(allowance, decimals),
                chargesLeft(subscription),
                blockNumber);
    }

    /** A signed mandate's periods not charged yet; null without a subscription or without a limit (0). */
    static @Nullable Long chargesLeft(@Nullable OnChainSubscription subscription) {
        if (subscription == null || subscription.maxCharges() == 0) {
            return null;
        }
        return Math.max(0, subscription.maxCharges() - subscription.chargeCount());
    }
}
