package io.abk.billing.streams.coupon.domain;

import io.abk.billing.streams.shared.domain.ExistingState;

/**
 * The state of one coupon aggregate: absent, or a coupon that is {@link Valid} (redeemable) or {@link Invalid}
 * (disabled, fully redeemed or past its redeem-by time: final). The status follows the details' {@code valid}.
 */
public sealed interface CouponState {

    /** No coupon has been created under this id. */
    record Absent() implements CouponState {}

    /** A coupon that exists. */
    sealed interface Existing extends CouponState, ExistingState<CouponDetails, Existing> {

        @Override
        default Existing withDetails(CouponDetails details) {
            return of(details);
        }

        /** The status {@code details} are in. */
        static Existing of(CouponDetails details) {
            return details.valid() ? new Valid(details) : new Invalid(details);
        }
    }

    record Valid(CouponDetails details) implements Existing {}

    record Invalid(CouponDetails details) implements Existing {}
}
