package io.abk.billing.streams.promotioncode;

import io.abk.billing.schemas.avro.PromotionCodeAggregate;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.mode.ModeMapper;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDetails;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Existing;
import io.abk.billing.streams.shared.domain.Tenant;
import java.util.List;

/**
 * A promotion code's state to and from Avro: its {@link PromotionCodeSnapshot} (what the API renders, at a version)
 * and the store value ({@link PromotionCodeAggregate}: the snapshot with the sequence of accepted commands, its
 * version, and the private open redemptions a release may uncount).
 */
final class PromotionCodeSnapshotMapper {

    private PromotionCodeSnapshotMapper() {}

    static Stored<Existing> read(PromotionCodeAggregate aggregate) {
        return new Stored<>(
                aggregate.getSequence(), state(aggregate.getPromotionCode(), aggregate.getOpenRedemptions()));
    }

    static PromotionCodeAggregate write(Stored<Existing> stored) {
        return new PromotionCodeAggregate(
                stored.sequence(),
                snapshot(stored.state(), stored.sequence()),
                stored.state().details().openRedemptions());
    }

    static PromotionCodeSnapshot snapshot(Existing state, long version) {
        var d = state.details();
        return PromotionCodeSnapshot.newBuilder()
                .setId(d.id())
                .setMerchantId(d.tenant().merchantId())
                .setMode(ModeMapper.toAvro(d.tenant().mode()))
                .setVersion(version)
                .setCouponId(d.couponId())
                .setCode(d.code())
                .setActive(d.active())
                .setMaxRedemptions(d.maxRedemptions())
                .setTimesRedeemed(d.timesRedeemed())
                .setExpiresAt(d.expiresAt())
                .setMetadata(d.metadata())
                .setCreatedAt(d.createdAt())
                .build();
    }

    static Existing state(PromotionCodeSnapshot s, List<String> openRedemptions) {
        return Existing.of(new PromotionCodeDetails(
                s.getId(),
                new Tenant(s.getMerchantId(), ModeMapper.toDomain(s.getMode())),
                s.getCouponId(),
                s.getCode(),
                s.getActive(),
                s.getMaxRedemptions(),
                s.getTimesRedeemed(),
                s.getExpiresAt(),
                s.getMetadata(),
                s.getCreatedAt(),
                openRedemptions));
    }
}
