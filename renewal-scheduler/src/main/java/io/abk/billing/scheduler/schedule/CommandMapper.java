package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.DueAction;
import io.abk.billing.scheduler.domain.DueItem;
import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.CheckFunding;
import io.abk.billing.schemas.avro.ExpireIncompleteSubscription;
import io.abk.billing.schemas.avro.ExpirePayment;
import io.abk.billing.schemas.avro.ExpirePaymentLink;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.RenewSubscriptions;
import io.abk.billing.schemas.avro.RenewalItem;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.schemas.mode.ModeMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * A due item to the command its aggregate receives: the item's command id, merchant and mode, {@code requestedAt}
 * = the due time (so a test clock's large advance replays each step at its own time), no idempotency key and no
 * request id (no HTTP request is behind it).
 */
final class CommandMapper {

    /** What a {@code RenewSubscriptions} command's own id starts with, before its first item's command id. */
    static final String BATCH_PREFIX = "renewals:";

    private CommandMapper() {}

    static DueCommand toCommand(DueItem item) {
        return switch (item.action()) {
            case DueAction.Renew renew ->
                subscription(
                        item,
                        RenewSubscription.newBuilder()
                                .setPeriodEnd(renew.periodEnd())
                                .build());
            case DueAction.ChargeDue charge ->
                subscription(
                        item,
                        ChargeDueInvoice.newBuilder()
                                .setInvoiceId(charge.invoiceId())
                                .setAttempt(charge.attempt())
                                .build());
            case DueAction.CheckFunding check ->
                subscription(
                        item,
                        CheckFunding.newBuilder()
                                .setPeriodEnd(check.periodEnd())
                                .build());
            case DueAction.ExpireIncomplete expire ->
                subscription(item, ExpireIncompleteSubscription.newBuilder().build());
            case DueAction.ExpirePayment expire ->
                new DueCommand.ForPayment(envelope(
                        AggregateEnvelope.PAYMENT,
                        item,
                        ExpirePayment.newBuilder().build()));
            case DueAction.ExpireLink expire ->
                new DueCommand.ForPaymentLink(envelope(
                        AggregateEnvelope.PAYMENT_LINK,
                        item,
                        ExpirePaymentLink.newBuilder().build()));
        };
    }

    /**
     * Renewals fired together, as one {@code RenewSubscriptions}: each item carries what its own
     * {@code RenewSubscription} envelope would; the envelope is the first item's, under a command id of its own
     * ({@code renewals:} and the first item's), which billing-streams never records as applied.
     */
    static DueCommand renewals(List<DueItem> renewals) {
        var items = new ArrayList<RenewalItem>(renewals.size());
        for (var item : renewals) {
            if (!(item.action() instanceof DueAction.Renew renew)) {
                throw new IllegalArgumentException("not a renewal: " + item.commandId());
            }
            items.add(RenewalItem.newBuilder()
                    .setCommandId(item.commandId())
                    .setSubscriptionId(item.aggregateId())
                    .setMerchantId(item.merchantId())
                    .setMode(ModeMapper.toAvro(item.mode()))
                    .setRequestedAt(item.dueAt())
                    .setPeriodEnd(renew.periodEnd())
                    .build());
        }
        var first = renewals.getFirst();
        return new DueCommand.ForSubscription(AggregateEnvelope.SUBSCRIPTION.command(
                BATCH_PREFIX + first.commandId(),
                first.aggregateId(),
                first.merchantId(),
                ModeMapper.toAvro(first.mode()),
                first.dueAt(),
                null,
                RenewSubscriptions.newBuilder().setItems(items).build()));
    }

    private static DueCommand subscription(DueItem item, Object payload) {
        return new DueCommand.ForSubscription(envelope(AggregateEnvelope.SUBSCRIPTION, item, payload));
    }

    /** The due item's command to its aggregate: its own command id, asked for at its due time, by no HTTP request. */
    private static <C> C envelope(AggregateEnvelope<C> aggregate, DueItem item, Object payload) {
        return aggregate.command(
                item.commandId(),
                item.aggregateId(),
                item.merchantId(),
                ModeMapper.toAvro(item.mode()),
                item.dueAt(),
                null,
                payload);
    }
}
