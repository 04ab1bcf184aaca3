package io.abk.billing.usdt.domain.intent;

import org.jspecify.annotations.Nullable;

/**
 * The state of one intent: one record per status, so what belongs to one status only (the claim in flight of an
 * open intent, the confirmation of a confirmed one) exists only there and every switch is exhaustive.
 */
public sealed interface IntentState {

    /** No intent was created under this id. */
    record Absent() implements IntentState {}

    /** An intent that exists. */
    sealed interface Existing extends IntentState {
        IntentDetails details();

        default String id() {
            return details().id();
        }

        /** The status as the API names it. */
        default String status() {
            return switch (this) {
                case Open s -> "open";
                case Confirmed s -> "confirmed";
                case Expired s -> "expired";
            };
        }
    }

    /** Waiting for a transaction; {@code claim} is a matching one whose hash is being claimed. */
    record Open(IntentDetails details, @Nullable PendingClaim claim) implements Existing {}

    /** Paid by the transaction of its confirmation. Final. */
    record Confirmed(IntentDetails details, Confirmation confirmation) implements Existing {}

    /** Its expiry passed while it was open. Final: a late payment is confirmed with a new intent. */
    record Expired(IntentDetails details) implements Existing {}
}
