package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionActivated;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Activate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Complete;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Canceled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import org.jspecify.annotations.Nullable;

/**
 * Activate and complete: the customer sets up the mandate of an incomplete subscription. Only the first of any
 * number of concurrent activations finds the mandate pending, so a subscription is activated once.
 */
final class ActivationRules {

    private ActivationRules() {}

    /**
     * Mandate active, then the first invoice charged: a 0 USDC one (a trial) is paid at once and the subscription
     * is active; otherwise it stays incomplete until settlement answers. A voided first invoice is not charged.
     */
    static SubscriptionDecision activate(Existing state, Activate command, DunningPolicy dunning) {
        var refusal = refusal(state);
        if (refusal != null) {
            return refusal;
        }
        var t = setUp(state, command.onChainSubscriptionId());
        var firstId = t.details().latestInvoiceId();
        var first = firstId == null ? null : t.details().invoice(firstId).orElse(null);
        if (first != null && first.status() == InvoiceStatus.OPEN) {
            Charging.attempt(t, first, null, command.requestedAt(), dunning);
        }
        return t.accept();
    }

    /** Mandate active and nothing charged: the scheduler charges the first invoice, which is due already. */
    static SubscriptionDecision complete(Existing state, Complete command) {
        var refusal = refusal(state);
        return refusal != null
                ? refusal
                : setUp(state, command.onChainSubscriptionId()).accept();
    }

    private static Transition setUp(Existing state, @Nullable String onChainSubscriptionId) {
        var d = state.details();
        var mandate = d.mandate().activated(onChainSubscriptionId, d.plan().mandateAmount());
        return new Transition(state).apply(new SubscriptionActivated(mandate));
    }

    private static @Nullable SubscriptionDecision refusal(Existing state) {
        var id = state.id();
        var mandate = state.details().mandate().status();
        if (state instanceof Canceled) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.ACTIVATE_FAILED, "Subscription " + id + " is canceled; canceled is final");
        }
        if (!(state instanceof Incomplete)) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.ACTIVATE_FAILED,
                    "Subscription " + id + " is " + Statuses.name(state)
                            + "; only an incomplete subscription can be activated");
        }
        if (mandate != MandateStatus.PENDING) {
            return SubscriptionDecision.reject(
                    SubscriptionRejection.ACTIVATE_FAILED,
                    "Subscription " + id + " has a mandate that is " + mandate.apiName()
                            + "; only a pending mandate can be set up");
        }
        return null;
    }
}
