package io.abk.billing.streams.coupon.domain;

import io.abk.billing.streams.coupon.domain.CouponDecision.Accepted;
import io.abk.billing.streams.coupon.domain.CouponDecision.Failed;
import io.abk.billing.streams.coupon.domain.CouponDecision.Rejected;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponCreated;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponDisabled;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponExpired;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponRedeemed;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Create;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Disable;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Redeem;
import io.abk.billing.streams.coupon.domain.CouponState.Existing;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The coupon's rules (docs/architecture.md, "Coupon") as a pure function: {@link #decide} answers a command with events
 * or a rejection ({@link CouponEvolver} applies them). A redemption is counted only while the coupon is valid, before
 * its redeem-by time and below its maximum; the coupon's one writer makes the count exact.
 */
public final class CouponDecider {

    private CouponDecider() {}

    public static CouponDecision decide(CouponState state, CouponInstruction command) {
        return switch (command) {
            case Create create -> create(state, create);
            case Disable disable -> disable(state, disable);
            case Redeem redeem -> redeem(state, redeem);
        };
    }

    private static CouponDecision create(CouponState state, Create command) {
        if (state instanceof Existing existing) {
            return new Rejected(CouponRejection.COUPON_EXISTS, "Coupon " + existing.id() + " exists already");
        }
        return accept(new CouponCreated(new CouponDetails(
                command.couponId(),
                command.tenant(),
                command.name(),
                command.percentOffBasisPoints(),
                command.amountOffMicros(),
                command.duration(),
                command.durationInMonths(),
                command.maxRedemptions(),
                0,
                command.redeemBy(),
                true,
                command.metadata(),
                command.requestedAt(),
                null)));
    }

    private static CouponDecision disable(CouponState state, Disable command) {
        var existing = own(state, command);
        if (existing == null) {
            return new Rejected(CouponRejection.RESOURCE_MISSING, "No such coupon: " + command.couponId());
        }
        if (existing.details().disabledAt() != null) {
            return accept();
        }
        return accept(new CouponDisabled(command.requestedAt()));
    }

    private static CouponDecision redeem(CouponState state, Redeem command) {
        var existing = own(state, command);
        if (existing == null) {
            return new Rejected(CouponRejection.COUPON_NOT_FOUND, "No such coupon: " + command.couponId());
        }
        var d = existing.details();
        if (d.disabledAt() != null) {
            return new Rejected(
                    CouponRejection.COUPON_INVALID, "Coupon " + d.id() + " was disabled at " + d.disabledAt());
        }
        if (d.expiredAt(command.requestedAt())) {
            var message = "Coupon " + d.id() + " could be redeemed until " + d.redeemBy();
            return existing instanceof CouponState.Valid
                    ? new Failed(
                            List.of(new CouponExpired(command.requestedAt())), CouponRejection.COUPON_EXPIRED, message)
                    : new Rejected(CouponRejection.COUPON_EXPIRED, message);
        }
        if (d.exhausted()) {
            return new Rejected(
                    CouponRejection.COUPON_EXHAUSTED,
                    "Coupon " + d.id() + " was redeemed its maximum of " + d.maxRedemptions() + " times");
        }
        if (!d.valid()) {
            // Neither disabled nor exhausted: a redemption stamped later than this one found it past its redeem-by
            // time.
            return new Rejected(
                    CouponRejection.COUPON_EXPIRED, "Coupon " + d.id() + " could be redeemed until " + d.redeemBy());
        }
        return accept(new CouponRedeemed(command.redemptionId(), command.subscriptionId(), command.promotionCodeId()));
    }

    /** The coupon {@code command} names, when it exists and is its tenant's; another tenant's reads as missing. */
    private static @Nullable Existing own(CouponState state, CouponInstruction command) {
        return state instanceof Existing existing && existing.details().tenant().equals(command.tenant())
                ? existing
                : null;
    }

    private static CouponDecision accept(CouponEvent... events) {
        return new Accepted(List.of(events));
    }
}
