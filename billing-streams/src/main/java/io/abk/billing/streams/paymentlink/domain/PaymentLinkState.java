package io.abk.billing.streams.paymentlink.domain;

import io.abk.billing.streams.shared.domain.ExistingState;
import java.time.Instant;

/**
 * The state of one payment link aggregate: one record per status sharing {@link PaymentLinkDetails}, so the instant
 * a link was disabled exists only on a disabled link, and every switch over a state is checked for exhaustiveness.
 */
public sealed interface PaymentLinkState {

    /** No link has been created under this id. */
    record Absent() implements PaymentLinkState {}

    /** A link that exists, in one of its three statuses. */
    sealed interface Existing extends PaymentLinkState, ExistingState<PaymentLinkDetails, Existing> {

        /** The status as the API names it. */
        default String status() {
            return switch (this) {
                case Active s -> "active";
                case Disabled s -> "disabled";
                case Expired s -> "expired";
            };
        }

        /** The same status with other details: one case per status, so a new status cannot forget its own fields. */
        @Override
        default Existing withDetails(PaymentLinkDetails details) {
            return switch (this) {
                case Active s -> new Active(details);
                case Disabled s -> new Disabled(details, s.disabledAt());
                case Expired s -> new Expired(details);
            };
        }
    }

    /** Can be opened (unless its {@code expiresAt} passed and the scheduler has not recorded it yet). */
    record Active(PaymentLinkDetails details) implements Existing {}

    /** Disabled by the merchant at {@code disabledAt}. Final. */
    record Disabled(PaymentLinkDetails details, Instant disabledAt) implements Existing {}

    /** Its {@code expiresAt} passed, or its uses ran out. Can still be disabled. */
    record Expired(PaymentLinkDetails details) implements Existing {}
}
