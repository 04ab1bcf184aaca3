package io.abk.billing.scheduler.domain;

import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The facts of a resource's latest snapshot that decide what is due for it, nothing more (a subscription's
 * {@code metered}: it has a metered item, so its renewal waits the usage grace). {@code version} is the
 * owning aggregate's sequence at that snapshot: only a newer one replaces what is known.
 */
public sealed interface Resource {

    String id();

    String merchantId();

    Mode mode();

    long version();

    /** The id of the aggregate whose command topic and partition the resource belongs to. */
    String aggregateId();

    record Subscription(
            String id,
            String merchantId,
            Mode mode,
            long version,
            String status,
            Instant currentPeriodEnd,
            boolean cancelAtPeriodEnd,
            String mandateStatus,
            @Nullable String latestInvoiceId,
            Instant createdAt,
            boolean metered)
            implements Resource {

        /** A subscription without a metered item (as every subscription stored before items existed). */
        public Subscription(
                String id,
                String merchantId,
                Mode mode,
                long version,
                String status,
                Instant currentPeriodEnd,
                boolean cancelAtPeriodEnd,
                String mandateStatus,
                @Nullable String latestInvoiceId,
                Instant createdAt) {
            this(
                    id,
                    merchantId,
                    mode,
                    version,
                    status,
                    currentPeriodEnd,
                    cancelAtPeriodEnd,
                    mandateStatus,
                    latestInvoiceId,
                    createdAt,
                    false);
        }

        @Override
        public String aggregateId() {
            return id;
        }
    }

    record Invoice(
            String id,
            String subscriptionId,
            String merchantId,
            Mode mode,
            long version,
            String status,
            String billingReason,
            Instant dueAt,
            int attemptCount,
            @Nullable Instant nextAttemptAt)
            implements Resource {

        /** Invoices live in their subscription's aggregate. */
        @Override
        public String aggregateId() {
            return subscriptionId;
        }
    }

    record Payment(String id, String merchantId, Mode mode, long version, String status, Instant expiresAt)
            implements Resource {

        @Override
        public String aggregateId() {
            return id;
        }
    }

    record PaymentLink(
            String id,
            String merchantId,
            Mode mode,
            long version,
            String status,
            @Nullable Instant expiresAt) implements Resource {

        @Override
        public String aggregateId() {
            return id;
        }
    }
}
