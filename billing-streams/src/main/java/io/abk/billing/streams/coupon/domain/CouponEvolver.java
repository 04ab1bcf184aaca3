package io.abk.billing.streams.coupon.domain;

import io.abk.billing.streams.coupon.domain.CouponEvent.CouponCreated;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponDisabled;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponExpired;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponRedeemed;
import io.abk.billing.streams.coupon.domain.CouponState.Absent;
import io.abk.billing.streams.coupon.domain.CouponState.Existing;
import io.abk.billing.streams.coupon.domain.CouponState.Valid;
import io.abk.billing.streams.shared.domain.Evolution;
import java.util.List;

/**
 * The coupon's {@code evolve}: one event applied to a state, and a command's events in order. An event that cannot
 * apply to the state (a second creation, a redemption of an invalid coupon) can only come from a bug and throws.
 */
public final class CouponEvolver {

    private CouponEvolver() {}

    public static CouponState evolve(CouponState state, CouponEvent event) {
        return switch (event) {
            case CouponCreated created -> {
                if (!(state instanceof Absent)) {
                    throw new IllegalStateException("coupon " + created.coupon().id() + " is created twice");
                }
                yield Existing.of(created.coupon());
            }
            case CouponDisabled disabled -> existing(state, event).mapDetails(d -> d.invalid(disabled.at()));
            case CouponExpired expired -> existing(state, event).mapDetails(d -> d.invalid(null));
            case CouponRedeemed redeemed -> {
                if (!(state instanceof Valid valid)) {
                    throw new IllegalStateException(event + " on " + state);
                }
                yield valid.mapDetails(d -> d.redeemed());
            }
        };
    }

    /** Applies {@code events} in order. */
    public static CouponState evolveAll(CouponState state, List<CouponEvent> events) {
        return Evolution.evolveAll(state, events, CouponEvolver::evolve);
    }

    private static Existing existing(CouponState state, CouponEvent event) {
        if (!(state instanceof Existing existing)) {
            throw new IllegalStateException(event + " on " + state);
        }
        return existing;
    }
}
