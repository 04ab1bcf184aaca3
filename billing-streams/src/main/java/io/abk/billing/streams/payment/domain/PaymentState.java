package io.abk.billing.streams.payment.domain;

import io.abk.billing.streams.shared.domain.ExistingState;

/**
 * The state of one payment aggregate: one record per status sharing {@link PaymentDetails}, so what belongs to one
 * status only (the {@link Receipt} of a paid payment) exists only there, and every switch over a state is checked
 * for exhaustiveness. {@link Absent} stands apart so "this id is free" and "this id is taken" are one pattern each.
 */
public sealed interface PaymentState {

    /** No payment has been created under this id. */
    record Absent() implements PaymentState {}

    /** A payment that exists, in one of its four statuses. */
    sealed interface Existing extends PaymentState, ExistingState<PaymentDetails, Existing> {

        /** The status as the API names it. */
        default String status() {
            return switch (this) {
                case Open s -> "open";
                case Paid s -> "paid";
                case Canceled s -> "canceled";
                case Expired s -> "expired";
            };
        }

        /** The same status with other details: one case per status, so a new status cannot forget its own fields. */
        @Override
        default Existing withDetails(PaymentDetails details) {
            return switch (this) {
                case Open s -> new Open(details);
                case Paid s -> new Paid(details, s.receipt());
                case Canceled s -> new Canceled(details);
                case Expired s -> new Expired(details);
            };
        }
    }

    /** Waiting for the customer's transfer. */
    record Open(PaymentDetails details) implements Existing {}

    /** Paid, as the receipt says. Final. */
    record Paid(PaymentDetails details, Receipt receipt) implements Existing {}

    /** Canceled. No route cancels a payment yet; the status exists in the API and its rules are kept. */
    record Canceled(PaymentDetails details) implements Existing {}

    /** Its expiry passed without a transfer; a transfer that still arrives pays it, flagged {@code paidLate}. */
    record Expired(PaymentDetails details) implements Existing {}
}
