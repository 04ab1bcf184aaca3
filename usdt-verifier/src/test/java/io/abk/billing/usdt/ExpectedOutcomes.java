package io.abk.billing.usdt;

import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import org.jspecify.annotations.Nullable;

/**
 * What verify answers for each scenario under each strategy, the same in the sandbox and on a chain: underpaid is
 * half the amount, overpaid one and a half times, so a 1 % tolerance accepts neither.
 */
public final class ExpectedOutcomes {

    private ExpectedOutcomes() {}

    public record Expected(
            String outcome, boolean ok, @Nullable String code) {}

    public static Expected of(SandboxScenario scenario, MatchStrategy strategy) {
        return switch (scenario) {
            case CONFIRMED -> new Expected("confirmed", true, null);
            case UNDERPAID -> new Expected("underpaid", false, "amount_too_low");
            case OVERPAID ->
                strategy == MatchStrategy.MINIMUM_AMOUNT
                        ? new Expected("overpaid", true, null)
                        : new Expected("overpaid", false, "amount_too_high");
            case WRONG_RECIPIENT -> new Expected("wrong_recipient", false, "wrong_recipient");
            case NOT_FOUND -> new Expected("not_found", false, "tx_not_found");
            case REVERTED -> new Expected("reverted", false, "tx_reverted");
            case PENDING_CONFIRMATIONS -> new Expected("pending_confirmations", false, "pending_confirmations");
        };
    }
}
