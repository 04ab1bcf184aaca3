package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.Resource;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import org.jspecify.annotations.Nullable;

/** The snapshots of a {@code Change} to the facts the schedule derives from; anything else is not schedulable. */
final class SnapshotReader {

    /** The usage type of an item billed by its meter's usage (SubscriptionItemPart.usageType). */
    private static final String METERED = "metered";

    private SnapshotReader() {}

    static @Nullable Resource read(Object snapshot) {
        return switch (snapshot) {
            case SubscriptionSnapshot s ->
                new Resource.Subscription(
                        s.getId(),
                        s.getMerchantId(),
                        ModeMapper.toDomain(s.getMode()),
                        s.getVersion(),
                        s.getStatus(),
                        s.getCurrentPeriodEnd(),
                        s.getCancelAtPeriodEnd(),
                        s.getMandateStatus(),
                        s.getLatestInvoiceId(),
                        s.getCreatedAt(),
                        s.getItems().stream().anyMatch(item -> METERED.equals(item.getUsageType())));
            case InvoiceSnapshot i ->
                new Resource.Invoice(
                        i.getId(),
                        i.getSubscriptionId(),
                        i.getMerchantId(),
                        ModeMapper.toDomain(i.getMode()),
                        i.getVersion(),
                        i.getStatus(),
                        i.getBillingReason(),
                        i.getDueAt(),
                        i.getAttemptCount(),
                        i.getNextAttemptAt());
            case PaymentSnapshot p ->
                new Resource.Payment(
                        p.getId(),
                        p.getMerchantId(),
                        ModeMapper.toDomain(p.getMode()),
                        p.getVersion(),
                        p.getStatus(),
                        p.getExpiresAt());
            case PaymentLinkSnapshot l ->
                new Resource.PaymentLink(
                        l.getId(),
                        l.getMerchantId(),
                        ModeMapper.toDomain(l.getMode()),
                        l.getVersion(),
                        l.getStatus(),
                        l.getExpiresAt());
            default -> null;
        };
    }
}
