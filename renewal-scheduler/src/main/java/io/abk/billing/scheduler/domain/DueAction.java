package io.abk.billing.scheduler.domain;

import java.time.Instant;

/** The command a due item sends when it fires, as the aggregate will receive it. */
public sealed interface DueAction {

    default DueKind kind() {
        return switch (this) {
            case Renew renew -> DueKind.RENEWAL;
            case ChargeDue charge -> DueKind.CHARGE_DUE;
            case ExpireIncomplete expire -> DueKind.INCOMPLETE_EXPIRY;
            case ExpirePayment expire -> DueKind.PAYMENT_EXPIRY;
            case ExpireLink expire -> DueKind.LINK_EXPIRY;
            case CheckFunding check -> DueKind.FUNDING_CHECK;
        };
    }

    /** Renew (or cancel at period end) the subscription whose current period ends at {@code periodEnd}. */
    record Renew(Instant periodEnd) implements DueAction {}

    /** Charge attempt number {@code attempt} (1-based) of an open invoice. */
    record ChargeDue(String invoiceId, int attempt) implements DueAction {}

    record ExpireIncomplete() implements DueAction {}

    record ExpirePayment() implements DueAction {}

    record ExpireLink() implements DueAction {}

    /** The lead time before the renewal at {@code periodEnd}: ask the chain whether the customer can pay it. */
    record CheckFunding(Instant periodEnd) implements DueAction {}
}
