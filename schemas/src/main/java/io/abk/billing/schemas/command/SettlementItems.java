package io.abk.billing.schemas.command;

import io.abk.billing.schemas.avro.SettlementItem;
import io.abk.billing.schemas.avro.SubscriptionCommand;

/**
 * One answer of a {@code SettleRequests} and the command it stands for, both ways: chain-indexer packs its answers
 * with {@link #of}, billing-streams unpacks each with {@link #command}, and the two agree field for field (an answer
 * carries no idempotency key or request id: no HTTP request causes it).
 */
public final class SettlementItems {

    private SettlementItems() {}

    /** The item that stands for {@code answer}, a {@code SettleCharge} or {@code SettleFundingCheck} envelope. */
    public static SettlementItem of(SubscriptionCommand answer) {
        return new SettlementItem(
                answer.getCommandId(),
                answer.getSubscriptionId(),
                answer.getMerchantId(),
                answer.getMode(),
                answer.getRequestedAt(),
                answer.getPayload());
    }

    /** The command {@code item} stands for, as it would have been sent alone. */
    public static SubscriptionCommand command(SettlementItem item) {
        return AggregateEnvelope.SUBSCRIPTION.command(
                item.getCommandId(),
                item.getSubscriptionId(),
                item.getMerchantId(),
                item.getMode(),
                item.getRequestedAt(),
                null,
                item.getAnswer());
    }
}
