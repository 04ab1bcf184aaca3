package io.abk.billing.usdt.domain.match;

import io.abk.billing.usdt.domain.match.TxEvidence.Observed;
import io.abk.billing.usdt.domain.match.TxEvidence.Simulated;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * Decides how a transaction compares with an intent's terms, in this order: it must exist
 * ({@code tx_not_found}), be mined ({@code pending_confirmations}), have succeeded ({@code tx_reverted}), move the
 * token to the pay-to address ({@code wrong_recipient}; several transfers to it in one transaction add up), an
 * amount the strategy accepts ({@code amount_too_low}, {@code amount_too_high}), and be as deep as the configured
 * confirmation depth ({@code pending_confirmations}: worth confirming again shortly). The amount is compared
 * exactly: base units over the token's decimals against the intent's micro-USDT, as decimals, never as doubles.
 */
public final class TransferMatcher {

    private TransferMatcher() {}

    public static MatchReport match(IntentTerms terms, TxEvidence evidence, MatchPolicy policy) {
        return switch (evidence) {
            case Observed observed -> match(terms, observed.observation(), policy);
            case Simulated simulated ->
                match(terms, simulated.scenario().observe(simulated.txHash(), terms, policy), policy);
        };
    }

    public static MatchReport match(IntentTerms terms, TxObservation tx, MatchPolicy policy) {
        var report = new Reporter(tx, terms, policy);
        return switch (tx.status()) {
            case NOT_FOUND -> report.refused(MatchOutcome.NOT_FOUND, MatchCode.TX_NOT_FOUND, null, null);
            case PENDING ->
                report.refused(MatchOutcome.PENDING_CONFIRMATIONS, MatchCode.PENDING_CONFIRMATIONS, null, null);
            case REVERTED -> report.refused(MatchOutcome.REVERTED, MatchCode.TX_REVERTED, null, null);
            case MINED -> mined(terms, tx, policy, report);
        };
    }

    private static MatchReport mined(IntentTerms terms, TxObservation tx, MatchPolicy policy, Reporter report) {
        var toPayee = tx.transfers().stream()
                .filter(transfer -> transfer.toAddress().equalsIgnoreCase(terms.payToAddress()))
                .toList();
        if (toPayee.isEmpty()) {
            return report.refused(
                    MatchOutcome.WRONG_RECIPIENT,
                    MatchCode.WRONG_RECIPIENT,
                    BigDecimal.ZERO,
                    tx.transfers().isEmpty() ? null : tx.transfers().getFirst().fromAddress());
        }
        var baseUnits =
                toPayee.stream().map(ObservedTransfer::amountBaseUnits).reduce(BigInteger.ZERO, BigInteger::add);
        var received = plain(new BigDecimal(baseUnits, tx.decimals()));
        var from = toPayee.getFirst().fromAddress();
        var expected = terms.amount().toDecimal();
        int comparison = received.compareTo(expected);
        var outcome = comparison == 0
                ? MatchOutcome.CONFIRMED
                : comparison < 0 ? MatchOutcome.UNDERPAID : MatchOutcome.OVERPAID;
        if (!terms.strategy().accepts(expected, received, policy.tolerancePercent())) {
            return report.refused(
                    outcome, comparison < 0 ? MatchCode.AMOUNT_TOO_LOW : MatchCode.AMOUNT_TOO_HIGH, received, from);
        }
        if (tx.confirmations() < policy.requiredConfirmations()) {
            return report.refused(MatchOutcome.PENDING_CONFIRMATIONS, MatchCode.PENDING_CONFIRMATIONS, received, from);
        }
        return report.accepted(outcome, received, from);
    }

    /** Without trailing zeros or exponent: {@code 10}, {@code 9.99}. */
    private static BigDecimal plain(BigDecimal value) {
        var stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    /** Builds the reports of one transaction against one intent. */
    private record Reporter(TxObservation tx, IntentTerms terms, MatchPolicy policy) {

        MatchReport refused(
                MatchOutcome outcome, MatchCode code, @Nullable BigDecimal received, @Nullable String from) {
            return report(outcome, code, received, from);
        }

        MatchReport accepted(MatchOutcome outcome, BigDecimal received, String from) {
            return report(outcome, null, received, from);
        }

        /** Accepted when there is no {@code code}. */
        private MatchReport report(
                MatchOutcome outcome, @Nullable MatchCode code, @Nullable BigDecimal received, @Nullable String from) {
            return new MatchReport(
                    tx.txHash(),
                    outcome,
                    code == null,
                    code,
                    terms.amount(),
                    received,
                    tx.confirmations(),
                    policy.requiredConfirmations(),
                    from,
                    tx.blockNumber());
        }
    }
}
