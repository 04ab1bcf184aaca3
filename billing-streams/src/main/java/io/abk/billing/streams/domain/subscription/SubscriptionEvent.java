package io.abk.billing.streams.domain.subscription;

/**
 * What happened to a subscription aggregate, in the order it happened. {@link SubscriptionDecider#evolve} folds
 * them into the state; the processor publishes each one as a public event.
 */
public sealed interface SubscriptionEvent {

    /** A subscription came to be, incomplete, with these details and no invoice yet. */
    record SubscriptionCreated(SubscriptionDetails subscription) implements SubscriptionEvent {
        public SubscriptionCreated {
            if (!subscription.invoices().isEmpty()) {
                throw new IllegalArgumentException("a subscription is created before its invoices");
            }
        }
    }

    /** A new invoice was added to the subscription and became its latest. */
    record InvoiceCreated(Invoice invoice) implements SubscriptionEvent {
    }
}
