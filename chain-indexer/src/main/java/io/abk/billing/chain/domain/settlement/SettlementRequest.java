package io.abk.billing.chain.domain.settlement;

import io.abk.billing.schemas.mode.Mode;
import org.jspecify.annotations.Nullable;

/**
 * What settlement is asked to do, as the decision sees it. {@code requestId} is the source's idempotency id
 * (a charge's {@code invoiceId:attempt}, a refund's {@code invoiceId:refund:n}, a signed mandate's
 * {@code subscriptionId:mandate:n}, a transfer authorization's {@code paymentId:authorization:n}); amounts are micro-USDC.
 */
public sealed interface SettlementRequest {

    String requestId();

    Mode mode();

    long amountMicros();

    /**
     * Pull {@code amountMicros} from the customer's wallet through the mandate.
     *
     * @param sandboxMode an explicit outcome for this one manual charge (test mode only), or null
     * @param sandboxDefaultOutcome the subscription's {@code metadata.sandboxRenewalOutcome}, or null
     */
    record Charge(
            String requestId,
            Mode mode,
            long amountMicros,
            @Nullable String sandboxMode,
            @Nullable String sandboxDefaultOutcome)
            implements SettlementRequest {}

    /** Send {@code amountMicros} back to the customer's wallet. */
    record Refund(String requestId, Mode mode, long amountMicros) implements SettlementRequest {}

    /**
     * Submit what the customer signed: a signed mandate (the subscription's terms, {@code amountMicros} per period) or
     * a transfer authorization (of {@code amountMicros}). Only a chain can: the sandbox has no signatures to check.
     */
    record Signed(String requestId, Mode mode, long amountMicros) implements SettlementRequest {}
}
