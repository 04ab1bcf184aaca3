package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.DueAction;
import io.abk.billing.scheduler.domain.DueItem;
import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.CheckFunding;
import io.abk.billing.schemas.avro.CheckFundings;
import io.abk.billing.schemas.avro.ExpireIncompleteSubscription;
import io.abk.billing.schemas.avro.ExpirePayment;
import io.abk.billing.schemas.avro.ExpirePaymentLink;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.RenewSubscriptions;
import io.abk.billing.schemas.avro.RenewalItem;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.schemas.mode.ModeMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A due item to the command its aggregate receives: the item's command id, merchant and mode, {@code requestedAt}
 * = the due time (so a test clock's large advance replays each step at its own time), no idempotency key and no
 * request id (no HTTP request is behind it).
 */
final class CommandMapper {

    /** What a {@code RenewSubscriptions} command's own id starts with, before its first item's command id. */
    static final String RENEWALS_PREFIX = "renewals:";

    static final String FUNDING_CHECKS_PREFIX = "funding-checks:";

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
     * Renewals, or funding checks, fired together, as one {@code RenewSubscriptions} or {@code CheckFundings}: each
     * item carries what its own {@code RenewSubscription} or {@code CheckFunding} envelope would; the envelope is the
     * first item's, under a command id of its own ({@code renewals:} or {@code funding-checks:} and the first
     * item's), which billing-streams never records as applied.
     */
    static DueCommand batch(List<DueItem> batch) {
        var first = batch.getFirst();
        var items = new ArrayList<RenewalItem>(batch.size());
        for (var item : batch) {
            items.add(RenewalItem.newBuilder()
                    .setCommandId(item.commandId())
                    .setSubscriptionId(item.aggregateId())
                    .setMerchantId(item.merchantId())
                    .setMode(ModeMapper.toAvro(item.mode()))
                    .setRequestedAt(item.dueAt())
                    .setPeriodEnd(periodEnd(item, first))
                    .build());
        }
        Object payload = first.action() instanceof DueAction.Renew
                ? RenewSubscriptions.newBuilder().setItems(items).build()
                : CheckFundings.newBuilder().setItems(items).build();
        var prefix = first.action() instanceof DueAction.Renew ? RENEWALS_PREFIX : FUNDING_CHECKS_PREFIX;
        return new DueCommand.ForSubscription(AggregateEnvelope.SUBSCRIPTION.command(
                prefix + first.commandId(),
                first.aggregateId(),
                first.merchantId(),
                ModeMapper.toAvro(first.mode()),
                first.dueAt(),
                null,
                payload));
    }

    /** The period end of a batch's item, which must be of the first item's kind. */
    private static Instant periodEnd(DueItem item, DueItem first) {
        return switch (item.action()) {
            case DueAction.Renew renew when first.action() instanceof DueAction.Renew -> renew.periodEnd();
            case DueAction.CheckFunding check
            when first.action() instanceof DueAction.CheckFunding -> check.periodEnd();
            default ->
                throw new IllegalArgumentException(
                        "not a batch item like " + first.commandId() + ": " + item.commandId());
        };
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
