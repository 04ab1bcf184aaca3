package io.abk.billing.chain.settlement;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.util.List;

/**
 * What the settlement and auto-settlement processors forward, one record per output: the topology sends each kind
 * where it belongs. Never serialised: it lives between a processor and the next nodes of the same task.
 */
public sealed interface SettlementOutput {

    /** A charge's or refund's result, keyed by subscription id, for {@code billing.subscription-commands}. */
    record SubscriptionResult(SubscriptionCommand command) implements SettlementOutput {}

    /** A payment verification's result, keyed by payment id, for {@code billing.payment-commands}. */
    record PaymentResult(PaymentCommand command) implements SettlementOutput {}

    /**
     * The request that claims a transaction hash (the record's key, lower case), for the {@code tx-claims}
     * repartition: a verify naming that hash waits there for its answer; a settled charge or a hash-less sandbox
     * payment only records its claim.
     */
    record TxClaim(ChainRequest claimant) implements SettlementOutput {}

    public static List<SubscriptionCommand> subscriptionCommands(SettlementOutput output) {
        return output instanceof SubscriptionResult result ? List.of(result.command()) : List.of();
    }

    public static List<PaymentCommand> paymentCommands(SettlementOutput output) {
        return output instanceof PaymentResult result ? List.of(result.command()) : List.of();
    }

    public static List<ChainRequest> txClaims(SettlementOutput output) {
        return output instanceof TxClaim claim ? List.of(claim.claimant()) : List.of();
    }
}
