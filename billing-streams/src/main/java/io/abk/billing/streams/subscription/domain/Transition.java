package io.abk.billing.streams.subscription.domain;

import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.List;

/**
 * The events one decision has made so far and the state they lead to, so a rule can build on what an earlier
 * step of the same command did (activate sets up the mandate, then the charge sees it active). Lives inside one
 * {@code decide} call and never escapes it, so the decider stays a pure function.
 */
final class Transition {

    private Existing state;
    private final List<SubscriptionEvent> events = new ArrayList<>();

    Transition(Existing start) {
        this.state = start;
    }

    /** The transition of a create: {@code created} recorded, the new subscription incomplete. */
    static Transition created(SubscriptionEvent.SubscriptionCreated created) {
        var t = new Transition(new SubscriptionState.Incomplete(created.subscription()));
        t.events.add(created);
        return t;
    }

    Existing state() {
        return state;
    }

    SubscriptionDetails details() {
        return state.details();
    }

    /** Records {@code event} and moves the state on by it. */
    Transition apply(SubscriptionEvent event) {
        events.add(event);
        state = SubscriptionEvolver.evolveExisting(state, event);
        return this;
    }

    SubscriptionDecision accept() {
        return new SubscriptionDecision.Accepted(events);
    }

    /** A refusal the caller sees, keeping the bookkeeping events recorded so far. */
    SubscriptionDecision fail(SubscriptionRejection reason, String message) {
        return new SubscriptionDecision.Failed(events, reason, message);
    }
}
