package io.abk.billing.streams.payment.domain;

import java.time.Duration;
import java.time.Instant;

/**
 * How long an open payment waits for its transfer before it expires (docs/architecture.md, "One-time payment"). Data,
 * not code, so it is configuration ({@code BILLING_PAYMENT_EXPIRY}) and tests can pin it.
 */
public record PaymentPolicy(Duration expiry) {

    /** 24 hours: a customer who opened the checkout today can still pay tomorrow morning. */
    public static final PaymentPolicy DEFAULT = new PaymentPolicy(Duration.ofHours(24));

    public PaymentPolicy {
        if (!expiry.isPositive()) {
            throw new IllegalArgumentException("the payment expiry must be positive, was " + expiry);
        }
        if (expiry.getNano() % 1_000_000 != 0) {
            // Times travel as milliseconds (Avro timestamp-millis): a finer expiry would not survive the store.
            throw new IllegalArgumentException("the payment expiry must be whole milliseconds, was " + expiry);
        }
    }

    /** When a payment created at {@code createdAt} expires. */
    public Instant expiresAt(Instant createdAt) {
        return createdAt.plus(expiry);
    }
}
