package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.render.ApiJson;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

/**
 * One polled batch of changes turned into the rows of one PostgreSQL transaction: the newest snapshot of each
 * resource in the batch (older versions of the same id are dropped here, and the upsert drops versions older
 * than the stored one), one outcome per command, the next offset of each partition, and the NOTIFY payloads.
 */
public record ProjectionBatch(
        List<SnapshotRow> subscriptions,
        List<SnapshotRow> invoices,
        List<SnapshotRow> payments,
        List<SnapshotRow> paymentLinks,
        List<CustomerRow> customers,
        List<SnapshotRow> coupons,
        List<SnapshotRow> promotionCodes,
        List<CommandOutcome> outcomes,
        Map<TopicPartition, Long> nextOffsets,
        List<String> notifyPayloads,
        int changeCount) {

    /** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well under with room for the encoding. */
    static final int MAX_NOTIFY_PAYLOAD_BYTES = 7900;

    /**
     * A resource's row in the read model. {@code parentId} is what the resource belongs to: an invoice's
     * subscription, a payment's link (null for a payment made without one), a promotion code's coupon.
     * {@code expiresAt} only for payments and links.
     */
    public record SnapshotRow(
            String id,
            @Nullable String parentId,
            String merchantId,
            String mode,
            String status,
            long version,
            Instant createdAt,
            @Nullable Instant expiresAt,
            String body) {}

    /**
     * A customer's row: its id, owner and version as every resource's, and the wallet (lower case) and email the
     * lists filter by.
     */
    public record CustomerRow(
            String id,
            String merchantId,
            String mode,
            String wallet,
            @Nullable String email,
            long version,
            Instant createdAt,
            String body) {}

    /**
     * @param changes the decoded changes in partition order
     * @param nextOffsets the offset after the last record polled per partition (including records not decoded)
     */
    public static ProjectionBatch of(List<Change> changes, Map<TopicPartition, Long> nextOffsets) {
        var subscriptions = new LinkedHashMap<String, SnapshotRow>();
        var invoices = new LinkedHashMap<String, SnapshotRow>();
        var payments = new LinkedHashMap<String, SnapshotRow>();
        var paymentLinks = new LinkedHashMap<String, SnapshotRow>();
        var customers = new LinkedHashMap<String, CustomerRow>();
        var coupons = new LinkedHashMap<String, SnapshotRow>();
        var promotionCodes = new LinkedHashMap<String, SnapshotRow>();
        var outcomes = new LinkedHashMap<String, CommandOutcome>();
        for (var change : changes) {
            var rendered = new ArrayList<String>();
            for (var snapshot : change.getSnapshots()) {
                switch (snapshot) {
                    case SubscriptionSnapshot s -> {
                        var row = new SnapshotRow(
                                s.getId(),
                                null,
                                s.getMerchantId(),
                                ApiJson.mode(s.getMode()),
                                s.getStatus(),
                                s.getVersion(),
                                s.getCreatedAt(),
                                null,
                                SnapshotJson.subscription(s));
                        keepNewest(subscriptions, row);
                        rendered.add(row.body());
                    }
                    case InvoiceSnapshot i -> {
                        var row = new SnapshotRow(
                                i.getId(),
                                i.getSubscriptionId(),
                                i.getMerchantId(),
                                ApiJson.mode(i.getMode()),
                                i.getStatus(),
                                i.getVersion(),
                                i.getCreatedAt(),
                                null,
                                SnapshotJson.invoice(i));
                        keepNewest(invoices, row);
                        rendered.add(row.body());
                    }
                    case PaymentSnapshot p -> {
                        var row = new SnapshotRow(
                                p.getId(),
                                p.getPaymentLinkId(),
                                p.getMerchantId(),
                                ApiJson.mode(p.getMode()),
                                p.getStatus(),
                                p.getVersion(),
                                p.getCreatedAt(),
                                p.getExpiresAt(),
                                SnapshotJson.payment(p));
                        keepNewest(payments, row);
                        rendered.add(row.body());
                    }
                    case PaymentLinkSnapshot l -> {
                        var row = new SnapshotRow(
                                l.getId(),
                                null,
                                l.getMerchantId(),
                                ApiJson.mode(l.getMode()),
                                l.getStatus(),
                                l.getVersion(),
                                l.getCreatedAt(),
                                l.getExpiresAt(),
                                SnapshotJson.paymentLink(l));
                        keepNewest(paymentLinks, row);
                        rendered.add(row.body());
                    }
                    case CustomerSnapshot c -> {
                        var row = new CustomerRow(
                                c.getId(),
                                c.getMerchantId(),
                                ApiJson.mode(c.getMode()),
                                // Lower case on the wire already; the filters' index compares it exactly.
                                c.getWallet().toLowerCase(Locale.ROOT),
                                c.getEmail(),
                                c.getVersion(),
                                c.getCreatedAt(),
                                SnapshotJson.customer(c));
                        customers.merge(
                                row.id(),
                                row,
                                (old, candidate) -> candidate.version() > old.version() ? candidate : old);
                        rendered.add(row.body());
                    }
                    case CouponSnapshot c -> {
                        var row = new SnapshotRow(
                                c.getId(),
                                null,
                                c.getMerchantId(),
                                ApiJson.mode(c.getMode()),
                                c.getValid() ? "valid" : "invalid",
                                c.getVersion(),
                                c.getCreatedAt(),
                                null,
                                SnapshotJson.coupon(c));
                        keepNewest(coupons, row);
                        rendered.add(row.body());
                    }
                    case PromotionCodeSnapshot p -> {
                        var row = new SnapshotRow(
                                p.getId(),
                                p.getCouponId(),
                                p.getMerchantId(),
                                ApiJson.mode(p.getMode()),
                                p.getActive() ? "active" : "inactive",
                                p.getVersion(),
                                p.getCreatedAt(),
                                null,
                                SnapshotJson.promotionCode(p));
                        keepNewest(promotionCodes, row);
                        rendered.add(row.body());
                    }
                    default ->
                        throw new IllegalArgumentException("unknown snapshot type "
                                + snapshot.getClass().getName() + " in change of command " + change.getCommandId());
                }
            }
            var rejection = change.getRejection();
            outcomes.putIfAbsent(
                    change.getCommandId(),
                    new CommandOutcome(
                            change.getCommandId(),
                            change.getMerchantId(),
                            ApiJson.mode(change.getMode()),
                            change.getAggregateType(),
                            change.getAggregateId(),
                            change.getOutcome() == Outcome.ACCEPTED,
                            rejection == null ? null : rejection.getCode(),
                            rejection == null ? null : rejection.getMessage(),
                            "[" + String.join(",", rendered) + "]",
                            change.getFollowUpCommandId()));
        }
        return new ProjectionBatch(
                List.copyOf(subscriptions.values()),
                List.copyOf(invoices.values()),
                List.copyOf(payments.values()),
                List.copyOf(paymentLinks.values()),
                List.copyOf(customers.values()),
                List.copyOf(coupons.values()),
                List.copyOf(promotionCodes.values()),
                List.copyOf(outcomes.values()),
                Map.copyOf(nextOffsets),
                notifyPayloads(outcomes.keySet()),
                changes.size());
    }

    private static void keepNewest(Map<String, SnapshotRow> rows, SnapshotRow row) {
        rows.merge(row.id(), row, (old, candidate) -> candidate.version() > old.version() ? candidate : old);
    }

    /** Command ids joined by commas, split so no payload reaches PostgreSQL's limit. */
    static List<String> notifyPayloads(Iterable<String> commandIds) {
        var payloads = new ArrayList<String>();
        var current = new StringBuilder();
        int bytes = 0;
        for (var id : commandIds) {
            int idBytes = id.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > 0 && bytes + 1 + idBytes > MAX_NOTIFY_PAYLOAD_BYTES) {
                payloads.add(current.toString());
                current.setLength(0);
                bytes = 0;
            }
            if (bytes > 0) {
                current.append(',');
                bytes++;
            }
            current.append(id);
            bytes += idBytes;
        }
        if (bytes > 0) {
            payloads.add(current.toString());
        }
        return List.copyOf(payloads);
    }
}
