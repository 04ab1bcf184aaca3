package io.abk.billing.streams.promotioncode.domain;

import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeCreated;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeDeactivated;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeRedeemed;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.RedemptionReleased;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Absent;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Active;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Existing;
import io.abk.billing.streams.shared.domain.Evolution;
import java.util.List;

/**
 * The promotion code's {@code evolve}: one event applied to a state, and a command's events in order. An event that
 * cannot apply to the state (a second creation, a redemption of an inactive code, a release of a redemption that is
 * not open) can only come from a bug and throws.
 */
public final class PromotionCodeEvolver {

    private PromotionCodeEvolver() {}

    public static PromotionCodeState evolve(PromotionCodeState state, PromotionCodeEvent event) {
        return switch (event) {
            case PromotionCodeCreated created -> {
                if (!(state instanceof Absent)) {
                    throw new IllegalStateException(
                            "promotion code " + created.promotionCode().id() + " is created twice");
                }
                yield Existing.of(created.promotionCode());
            }
            case PromotionCodeDeactivated deactivated ->
                existing(state, event).mapDetails(PromotionCodeDetails::deactivated);
            case PromotionCodeRedeemed redeemed -> {
                if (!(state instanceof Active active)) {
                    throw new IllegalStateException(event + " on " + state);
                }
                yield active.mapDetails(d -> d.redeemed(redeemed.redemptionId()));
            }
            case RedemptionReleased released ->
                existing(state, event).mapDetails(d -> d.released(released.redemptionId()));
        };
    }

    /** Applies {@code events} in order. */
    public static PromotionCodeState evolveAll(PromotionCodeState state, List<PromotionCodeEvent> events) {
        return Evolution.evolveAll(state, events, PromotionCodeEvolver::evolve);
    }

    private static Existing existing(PromotionCodeState state, PromotionCodeEvent event) {
        if (!(state instanceof Existing existing)) {
            throw new IllegalStateException(event + " on " + state);
        }
        return existing;
    }
}
