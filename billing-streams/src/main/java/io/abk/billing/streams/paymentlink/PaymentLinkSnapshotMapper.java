package io.abk.billing.streams.paymentlink;

import io.abk.billing.schemas.avro.PaymentLinkAggregate;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkDetails;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Active;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Disabled;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Existing;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Expired;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkTerms;
import io.abk.billing.streams.shared.domain.Tenant;

/**
 * A payment link's state to and from Avro: its {@link PaymentLinkSnapshot} (what the API renders, at a version) and the
 * store value ({@link PaymentLinkAggregate}: the snapshot is the whole stored state, with the sequence of accepted
 * commands, its version). Reading refuses what the domain cannot represent (a disabled link without
 * {@code disabledAt}, or another one with it).
 */
final class PaymentLinkSnapshotMapper {

    private PaymentLinkSnapshotMapper() {}

    static Stored<Existing> read(PaymentLinkAggregate aggregate) {
        return new Stored<>(aggregate.getSequence(), state(aggregate.getPaymentLink()));
    }

    static PaymentLinkAggregate write(Stored<Existing> stored) {
        return new PaymentLinkAggregate(stored.sequence(), snapshot(stored.state(), stored.sequence()));
    }

    static PaymentLinkSnapshot snapshot(Existing state, long version) {
        var d = state.details();
        var t = d.terms();
        return PaymentLinkSnapshot.newBuilder()
                .setId(d.id())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setVersion(version)
                .setStatus(state.status())
                .setAmountMicros(t.amount().micros())
                .setDescription(t.description())
                .setMerchantRefPrefix(t.merchantRefPrefix())
                .setPayoutAddress(t.payoutAddress())
                .setPriceId(t.priceId())
                .setUseCount(d.useCount())
                .setMaxUses(d.maxUses())
                .setPaidCount(d.paidCount())
                .setExpiresAt(d.expiresAt())
                .setUrl(t.url())
                .setSuccessUrl(t.successUrl())
                .setCancelUrl(t.cancelUrl())
                .setCollectEmail(t.collectEmail())
                .setCollectName(t.collectName())
                .setMetadata(t.metadata())
                .setDisabledAt(state instanceof Disabled disabled ? disabled.disabledAt() : null)
                .setCreatedAt(d.createdAt())
                .build();
    }

    static Existing state(PaymentLinkSnapshot s) {
        var terms = new PaymentLinkTerms(
                UsdcAmount.ofMicros(s.getAmountMicros()),
                s.getDescription(),
                s.getMerchantRefPrefix(),
                s.getPayoutAddress(),
                s.getPriceId(),
                s.getUrl(),
                s.getSuccessUrl(),
                s.getCancelUrl(),
                s.getCollectEmail(),
                s.getCollectName(),
                s.getMetadata());
        var details = new PaymentLinkDetails(
                s.getId(),
                new Tenant(s.getMerchantId(), ModeMapper.toDomain(s.getMode())),
                terms,
                s.getMaxUses(),
                s.getExpiresAt(),
                s.getUseCount(),
                s.getPaidCount(),
                s.getCreatedAt());
        var disabledAt = s.getDisabledAt();
        if ((disabledAt != null) != "disabled".equals(s.getStatus())) {
            throw new IllegalArgumentException(
                    "payment link " + s.getId() + " with status " + s.getStatus() + " has disabledAt=" + disabledAt);
        }
        return switch (s.getStatus()) {
            case "active" -> new Active(details);
            case "disabled" -> new Disabled(details, disabledAt);
            case "expired" -> new Expired(details);
            default ->
                throw new IllegalArgumentException(
                        "payment link " + s.getId() + " has an unknown status " + s.getStatus());
        };
    }
}
