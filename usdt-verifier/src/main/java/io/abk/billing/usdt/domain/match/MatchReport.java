package io.abk.billing.usdt.domain.match;

import io.abk.billing.usdt.domain.money.UsdtAmount;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * How one transaction compares with an intent: the {@code outcome} it shows, whether it pays the intent under the
 * strategy ({@code ok}) and, when not, why ({@code code}); the amounts, its depth and its sender.
 *
 * @param received what it moved to the pay-to address, exactly (null when nothing was read: not found, pending,
 *                 reverted)
 * @param fromAddress the sender of the first transfer counted
 */
public record MatchReport(
        String txHash,
        MatchOutcome outcome,
        boolean ok,
        @Nullable MatchCode code,
        UsdtAmount expected,
        @Nullable BigDecimal received,
        long confirmations,
        int requiredConfirmations,
        @Nullable String fromAddress,
        long blockNumber) {

    public MatchReport {
        if (ok != (code == null)) {
            throw new IllegalArgumentException(
                    "a report has a code exactly when it is not ok: ok=" + ok + " code=" + code);
        }
    }
}
