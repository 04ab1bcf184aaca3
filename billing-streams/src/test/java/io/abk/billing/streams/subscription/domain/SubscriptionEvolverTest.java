package io.abk.billing.streams.subscription.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.streams.subscription.domain.SubscriptionDecision.Accepted;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.SubscriptionCreated;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Incomplete;
import org.junit.jupiter.api.Test;

/** The subscription's evolve step: folding events, and refusing the ones that can only come from a bug. */
class SubscriptionEvolverTest {

    @Test
    void shouldGiveSameStateWhenEventsAreFoldedOneByOneOrAllAtOnce() {
        var events = ((Accepted) Fixtures.decide(new Absent(), Fixtures.create(Interval.MONTH, 3))).events();

        SubscriptionState stepwise = new Absent();
        for (var event : events) {
            stepwise = SubscriptionEvolver.evolve(stepwise, event);
        }

        assertThat(stepwise).isEqualTo(SubscriptionEvolver.evolveAll(new Absent(), events));
        // The invoice event only adds the invoice: everything else is what subscription.created said.
        var created = ((SubscriptionCreated) events.getFirst()).subscription();
        var invoice = ((InvoiceCreated) events.get(1)).invoice();
        assertThat(stepwise).isEqualTo(new Incomplete(created.withNewInvoice(invoice)));
    }

    @Test
    void shouldRefuseToCreateTwiceWhenEvolvingAnExistingState() {
        var existing = Fixtures.created(Interval.MONTH, 0);
        var events = ((Accepted) Fixtures.decide(new Absent(), Fixtures.create(Interval.MONTH, 0))).events();

        // A second SubscriptionCreated can only come from a bug (decide rejects it), so evolve throws.
        assertThatThrownBy(() -> SubscriptionEvolver.evolve(existing, events.getFirst()))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldRefuseAnInvoiceWhenNoSubscriptionExists() {
        var invoice = ((Incomplete) Fixtures.created(Interval.MONTH, 0))
                .details()
                .invoices()
                .getFirst();

        assertThatThrownBy(() -> SubscriptionEvolver.evolve(new Absent(), new InvoiceCreated(invoice)))
                .isInstanceOf(IllegalStateException.class);
    }
}
