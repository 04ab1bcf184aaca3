package io.abk.billing.streams.coupon;

import io.abk.billing.schemas.avro.CreateCoupon;
import io.abk.billing.schemas.avro.DisableCoupon;
import io.abk.billing.schemas.avro.RedeemCoupon;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.coupon.domain.CouponInstruction;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Create;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Disable;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Redeem;

/**
 * A command envelope from {@code billing.coupon-commands} to a {@link CouponInstruction}. A payload this code does not
 * know throws (dead-letter topic).
 */
final class CouponInstructionMapper {

    private CouponInstructionMapper() {}

    /** The instruction {@code payload} asks for, of the command whose header is {@code header}. */
    static CouponInstruction toInstruction(CommandHeader header, Object payload) {
        var id = header.aggregateId();
        var tenant = header.tenant();
        var at = header.requestedAt();
        return switch (payload) {
            case CreateCoupon create ->
                new Create(
                        id,
                        tenant,
                        at,
                        create.getName(),
                        create.getPercentOffBasisPoints(),
                        create.getAmountOffMicros(),
                        create.getDuration(),
                        create.getDurationInMonths(),
                        create.getMaxRedemptions(),
                        create.getRedeemBy(),
                        create.getMetadata());
            case DisableCoupon disable -> new Disable(id, tenant, at);
            case RedeemCoupon redeem ->
                new Redeem(
                        id,
                        tenant,
                        at,
                        redeem.getRedemptionId(),
                        redeem.getSubscriptionId(),
                        redeem.getPromotionCodeId());
            default -> throw header.unknownPayload(payload);
        };
    }
}
