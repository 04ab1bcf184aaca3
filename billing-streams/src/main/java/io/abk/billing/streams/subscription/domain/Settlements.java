package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * The aggregate's settlement bookkeeping: what is in flight (so a second charge of an invoice is refused while
 * one runs, and refunds in flight count against what is left to refund) and how many refunds were ever asked
 * for (it numbers refund ids, so it never goes down).
 */
public record Settlements(List<Settlement> inFlight, int refundCount) {

    public static final Settlements NONE = new Settlements(List.of(), 0);

    public Settlements {
        inFlight = List.copyOf(inFlight);
        if (refundCount < 0) {
            throw new IllegalArgumentException("refundCount cannot be negative: " + refundCount);
        }
        var requestIds = new HashSet<String>();
        var charged = new HashSet<String>();
        for (var settlement : inFlight) {
            if (!requestIds.add(settlement.requestId())) {
                throw new IllegalArgumentException("settlement " + settlement.requestId() + " is in flight twice");
            }
            if (settlement.kind() == SettlementKind.CHARGE && !charged.add(settlement.invoiceId())) {
                throw new IllegalArgumentException("invoice " + settlement.invoiceId() + " has two charges in flight");
            }
        }
    }

    public Optional<Settlement> find(String requestId) {
        return inFlight.stream().filter(s -> s.requestId().equals(requestId)).findFirst();
    }

    public boolean chargeInFlight(String invoiceId) {
        return inFlight.stream()
                .anyMatch(
                        s -> s.kind() == SettlementKind.CHARGE && s.invoiceId().equals(invoiceId));
    }

    /** The sum of the refunds of {@code invoiceId} that are in flight. */
    public UsdcAmount refundsInFlight(String invoiceId) {
        return inFlight.stream()
                .filter(s -> s.kind() == SettlementKind.REFUND && s.invoiceId().equals(invoiceId))
                .map(Settlement::amount)
                .reduce(UsdcAmount.ZERO, UsdcAmount::plus);
    }

    /** With {@code settlement} in flight; a refund also takes the next refund number. */
    public Settlements started(Settlement settlement) {
        var all = new ArrayList<>(inFlight);
        all.add(settlement);
        return new Settlements(all, settlement.kind() == SettlementKind.REFUND ? refundCount + 1 : refundCount);
    }

    /** Without the settlement {@code requestId}, answered. */
    public Settlements closed(String requestId) {
        if (find(requestId).isEmpty()) {
            throw new IllegalStateException("settlement " + requestId + " is not in flight");
        }
        return new Settlements(
                inFlight.stream().filter(s -> !s.requestId().equals(requestId)).toList(), refundCount);
    }
}
