package io.abk.billing.streams.promotioncode.domain;

import io.abk.billing.streams.shared.domain.ExistingState;

/**
 * The state of one promotion code aggregate: absent, or a code that is {@link Active} (redeemable while not expired
 * and below its maximum) or {@link Inactive} (deactivated: final). The status follows the details' {@code active}.
 */
public sealed interface PromotionCodeState {

    /** No code has been created under this id. */
    record Absent() implements PromotionCodeState {}

    /** A code that exists. */
    sealed interface Existing extends PromotionCodeState, ExistingState<PromotionCodeDetails, Existing> {

        @Override
        default Existing withDetails(PromotionCodeDetails details) {
            return of(details);
        }

        /** The status {@code details} are in. */
        static Existing of(PromotionCodeDetails details) {
            return details.active() ? new Active(details) : new Inactive(details);
        }
    }

    record Active(PromotionCodeDetails details) implements Existing {}

    record Inactive(PromotionCodeDetails details) implements Existing {}
}
