package io.abk.billing.chain.settlement;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.micrometer.core.instrument.Metrics;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * {@code billing_charges_total{mode, outcome, code}} and {@code billing_refunds_total{...}}: each charge and refund
 * settled (in the sandbox or on chain), counted once when it is first answered ({@code succeeded}, or {@code failed}
 * with its failure code); a repeated request re-emits its answer without counting it again. Recorded in Micrometer's
 * global registry, which the service's process exports on its management port.
 */
final class SettlementMeters {

    private SettlementMeters() {}

    static void settled(ChainRequest request, SubscriptionCommand answer) {
        var mode = request.getMode().name().toLowerCase(Locale.ROOT);
        switch (answer.getPayload()) {
            case SettleCharge charge -> count("billing.charges", mode, charge.getSucceeded(), charge.getFailureCode());
            case SettleRefund refund -> count("billing.refunds", mode, refund.getSucceeded(), refund.getFailureCode());
            default -> {}
        }
    }

    private static void count(String name, String mode, boolean succeeded, @Nullable String code) {
        Metrics.counter(
                        name,
                        "service",
                        "chain-indexer",
                        "mode",
                        mode,
                        "outcome",
                        succeeded ? "succeeded" : "failed",
                        "code",
                        succeeded || code == null ? "none" : code)
                .increment();
    }
}
