package io.abk.billing.streams.promotioncode.domain;

import io.abk.billing.streams.promotioncode.domain.PromotionCodeDecision.Accepted;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDecision.Rejected;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeCreated;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeDeactivated;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeRedeemed;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.RedemptionReleased;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Create;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Deactivate;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Redeem;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Release;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Existing;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The promotion code's rules (docs/architecture.md, "Promotion code") as a pure function: {@link #decide} answers a
 * command with events or a rejection ({@link PromotionCodeEvolver} applies them). A redemption is counted only while
 * the code is active, not expired and below its maximum, and stays open until its coupon refuses it (a release
 * uncounts it once) or it is forgotten among the oldest.
 */
public final class PromotionCodeDecider {

    private PromotionCodeDecider() {}

    public static PromotionCodeDecision decide(PromotionCodeState state, PromotionCodeInstruction command) {
        return switch (command) {
            case Create create -> create(state, create);
            case Deactivate deactivate -> deactivate(state, deactivate);
            case Redeem redeem -> redeem(state, redeem);
            case Release release -> release(state, release);
        };
    }

    private static PromotionCodeDecision create(PromotionCodeState state, Create command) {
        if (state instanceof Existing existing) {
            return new Rejected(
                    PromotionCodeRejection.PROMOTION_CODE_EXISTS,
                    "Promotion code " + existing.details().code() + " exists already: " + existing.id());
        }
        return accept(new PromotionCodeCreated(new PromotionCodeDetails(
                command.promotionCodeId(),
                command.tenant(),
                command.couponId(),
                command.code(),
                true,
                command.maxRedemptions(),
                0,
                command.expiresAt(),
                command.metadata(),
                command.requestedAt(),
                List.of())));
    }

    private static PromotionCodeDecision deactivate(PromotionCodeState state, Deactivate command) {
        var existing = own(state, command);
        if (existing == null) {
            return missing(command);
        }
        return existing.details().active() ? accept(new PromotionCodeDeactivated()) : accept();
    }

    private static PromotionCodeDecision redeem(PromotionCodeState state, Redeem command) {
        var existing = own(state, command);
        if (existing == null) {
            return new Rejected(
                    PromotionCodeRejection.PROMOTION_CODE_NOT_FOUND,
                    "No such promotion code: " + command.promotionCodeId());
        }
        var d = existing.details();
        if (!d.active()) {
            return new Rejected(
                    PromotionCodeRejection.PROMOTION_CODE_INACTIVE, "Promotion code " + d.code() + " is not active");
        }
        if (d.expiredAt(command.requestedAt())) {
            return new Rejected(
                    PromotionCodeRejection.PROMOTION_CODE_EXPIRED,
                    "Promotion code " + d.code() + " expired at " + d.expiresAt());
        }
        if (d.exhausted()) {
            return new Rejected(
                    PromotionCodeRejection.PROMOTION_CODE_EXHAUSTED,
                    "Promotion code " + d.code() + " was redeemed its maximum of " + d.maxRedemptions() + " times");
        }
        return accept(new PromotionCodeRedeemed(command.redemptionId(), command.subscriptionId()));
    }

    private static PromotionCodeDecision release(PromotionCodeState state, Release command) {
        var existing = own(state, command);
        if (existing == null) {
            return missing(command);
        }
        // A redemption released already, or never counted here, uncounts nothing.
        return existing.details().openRedemptions().contains(command.redemptionId())
                ? accept(new RedemptionReleased(command.redemptionId()))
                : accept();
    }

    /** The code {@code command} names, when it exists and is its tenant's; another tenant's reads as missing. */
    private static @Nullable Existing own(PromotionCodeState state, PromotionCodeInstruction command) {
        return state instanceof Existing existing && existing.details().tenant().equals(command.tenant())
                ? existing
                : null;
    }

    private static Rejected missing(PromotionCodeInstruction command) {
        return new Rejected(
                PromotionCodeRejection.RESOURCE_MISSING, "No such promotion code: " + command.promotionCodeId());
    }

    private static PromotionCodeDecision accept(PromotionCodeEvent... events) {
        return new Accepted(List.of(events));
    }
}
