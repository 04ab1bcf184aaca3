package io.abk.billing.scheduler.domain;

import java.time.Instant;

/** The command a due item sends when it fires, as the aggregate will receive it. */
public sealed interface DueAction {

    DueKind kind();

    /** Renew (or cancel at period end) the subscription whose current period ends at {@code periodEnd}. */
    record Renew(Instant periodEnd) implements DueAction {
        @Override
        public DueKind kind() {
            return DueKind.RENEWAL;
        }
    }

    /** Charge attempt number {@code attempt} (1-based) of an open invoice. */
    record ChargeDue(String invoiceId, int attempt) implements DueAction {
        @Override
        public DueKind kind() {
            return DueKind.CHARGE_DUE;
        }
    }

    record ExpireIncomplete() implements DueAction {
        @Override
        public DueKind kind() {
            return DueKind.INCOMPLETE_EXPIRY;
        }
    }

    record ExpirePayment() implements DueAction {
        @Override
        public DueKind kind() {
            return DueKind.PAYMENT_EXPIRY;
        }
    }

    record ExpireLink() implements DueAction {
        @Override
        public DueKind kind() {
            return DueKind.LINK_EXPIRY;
        }
    }
}
