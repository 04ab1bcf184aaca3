package io.abk.billing.streams.coupon;

import io.abk.billing.schemas.avro.CouponAggregate;
import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.coupon.domain.CouponDetails;
import io.abk.billing.streams.coupon.domain.CouponState.Existing;
import io.abk.billing.streams.shared.domain.Tenant;

/**
 * A coupon's state to and from Avro: its {@link CouponSnapshot} (what the API renders, at a version) and the store
 * value ({@link CouponAggregate}: the snapshot is the whole stored state, with the sequence of accepted commands, its
 * version). Reading refuses what the domain cannot represent (two discounts, more redemptions than the maximum).
 */
final class CouponSnapshotMapper {

    private CouponSnapshotMapper() {}

    static Stored<Existing> read(CouponAggregate aggregate) {
        return new Stored<>(aggregate.getSequence(), state(aggregate.getCoupon()));
    }

    static CouponAggregate write(Stored<Existing> stored) {
        return new CouponAggregate(stored.sequence(), snapshot(stored.state(), stored.sequence()));
    }

    static CouponSnapshot snapshot(Existing state, long version) {
        var d = state.details();
        return CouponSnapshot.newBuilder()
                .setId(d.id())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setVersion(version)
                .setName(d.name())
                .setPercentOffBasisPoints(d.percentOffBasisPoints())
                .setAmountOffMicros(d.amountOffMicros())
                .setDuration(d.duration())
                .setDurationInMonths(d.durationInMonths())
                .setMaxRedemptions(d.maxRedemptions())
                .setTimesRedeemed(d.timesRedeemed())
                .setRedeemBy(d.redeemBy())
                .setValid(d.valid())
                .setMetadata(d.metadata())
                .setCreatedAt(d.createdAt())
                .setDisabledAt(d.disabledAt())
                .build();
    }

    static Existing state(CouponSnapshot s) {
        return Existing.of(new CouponDetails(
                s.getId(),
                new Tenant(s.getMerchantId(), ModeMapper.toDomain(s.getMode())),
                s.getName(),
                s.getPercentOffBasisPoints(),
                s.getAmountOffMicros(),
                s.getDuration(),
                s.getDurationInMonths(),
                s.getMaxRedemptions(),
                s.getTimesRedeemed(),
                s.getRedeemBy(),
                s.getValid(),
                s.getMetadata(),
                s.getCreatedAt(),
                s.getDisabledAt()));
    }
}
