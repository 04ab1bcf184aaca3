package io.abk.billing.gateway.testkit;

import io.abk.billing.schemas.avro.ApplyDiscount;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.DiscountSnapshot;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.money.Discounts;
import java.time.Instant;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * A subscription's discount as the stand-in keeps it: from a create's or an ApplyDiscount's discount fields, and an
 * open first invoice priced with it by {@link Discounts} (the shared rule). NOT the real subscription aggregate's
 * invoicing (billing-streams has it): no discount lines, only the sums.
 */
final class StubDiscounts {

    private StubDiscounts() {}

    static @Nullable DiscountSnapshot of(CreateSubscription create, Instant now) {
        return create.getCouponId() == null
                ? null
                : snapshot(
                        create.getCouponId(),
                        create.getCouponName(),
                        create.getPromotionCodeId(),
                        create.getPercentOffBasisPoints(),
                        create.getAmountOffMicros(),
                        create.getDiscountDuration(),
                        create.getDiscountDurationInMonths(),
                        now);
    }

    static @Nullable DiscountSnapshot of(ApplyDiscount apply, Instant now) {
        return apply.getCouponId() == null
                ? null
                : snapshot(
                        apply.getCouponId(),
                        apply.getCouponName(),
                        apply.getPromotionCodeId(),
                        apply.getPercentOffBasisPoints(),
                        apply.getAmountOffMicros(),
                        apply.getDiscountDuration(),
                        apply.getDiscountDurationInMonths(),
                        now);
    }

    /**
     * The invoice of {@code subtotalMicros} priced with {@code discount}; none: the whole subtotal, its subtotal left
     * as it was (an invoice made without a discount shows none, as before coupons).
     */
    static InvoiceSnapshot.Builder priced(
            InvoiceSnapshot.Builder invoice, long subtotalMicros, @Nullable DiscountSnapshot discount) {
        if (discount == null) {
            return invoice.setAmountMicros(subtotalMicros).setDiscountMicros(0);
        }
        long off = Discounts.amountOffMicros(
                subtotalMicros, discount.getPercentOffBasisPoints(), discount.getAmountOffMicros());
        return invoice.setSubtotalMicros(subtotalMicros).setDiscountMicros(off).setAmountMicros(subtotalMicros - off);
    }

    private static DiscountSnapshot snapshot(
            String couponId,
            @Nullable String couponName,
            @Nullable String promotionCodeId,
            @Nullable Integer percentOff,
            @Nullable Long amountOff,
            @Nullable String duration,
            @Nullable Integer months,
            Instant now) {
        return DiscountSnapshot.newBuilder()
                .setCouponId(couponId)
                .setCouponName(couponName)
                .setPromotionCodeId(promotionCodeId)
                .setPercentOffBasisPoints(percentOff)
                .setAmountOffMicros(amountOff)
                .setDuration(duration == null ? "once" : duration)
                .setDurationInMonths(months)
                .setStart(now)
                .setEnd(
                        months == null
                                ? null
                                : now.atOffset(ZoneOffset.UTC)
                                        .plusMonths(months)
                                        .toInstant())
                .build();
    }
}
