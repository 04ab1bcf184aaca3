package io.abk.billing.streams.paymentlink.domain;

import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.LinkPaymentRecorded;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.LinkPaymentReopened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkCreated;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkDisabled;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkExpired;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkOpened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Absent;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Active;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Disabled;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Existing;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Expired;
import io.abk.billing.streams.shared.domain.Evolution;
import java.util.List;

/**
 * The payment link's {@code evolve}: one event applied to a state, and a command's events in order. Events say what
 * changed, the rules in {@link PaymentLinkDecider} decided it; an event that cannot apply to the state can only come
 * from a bug and throws.
 */
public final class PaymentLinkEvolver {

    private PaymentLinkEvolver() {}

    public static PaymentLinkState evolve(PaymentLinkState state, PaymentLinkEvent event) {
        if (event instanceof PaymentLinkCreated created) {
            if (!(state instanceof Absent)) {
                throw new IllegalStateException("payment link " + created.link().id() + " is created twice");
            }
            return new Active(created.link());
        }
        if (!(state instanceof Existing existing)) {
            throw new IllegalStateException(event + " before the payment link was created");
        }
        return switch (event) {
            case PaymentLinkCreated created -> throw new IllegalStateException("created is applied above");
            case PaymentLinkOpened opened ->
                new Active(active(existing, event).details().opened());
            case PaymentLinkExpired expired ->
                new Expired(active(existing, event).details());
            case PaymentLinkDisabled disabled -> {
                if (existing instanceof Disabled) {
                    throw new IllegalStateException("payment link " + existing.id() + " is disabled twice");
                }
                yield new Disabled(existing.details(), disabled.disabledAt());
            }
            case LinkPaymentRecorded recorded ->
                existing.withDetails(existing.details().paymentPaid());
            case LinkPaymentReopened reopened ->
                existing.withDetails(existing.details().paymentReopened());
        };
    }

    /** Applies {@code events} in order. */
    public static PaymentLinkState evolveAll(PaymentLinkState state, List<PaymentLinkEvent> events) {
        return Evolution.evolveAll(state, events, PaymentLinkEvolver::evolve);
    }

    private static Active active(Existing state, PaymentLinkEvent event) {
        if (!(state instanceof Active active)) {
            throw new IllegalStateException(event + " on payment link " + state.id() + ", which is " + state.status());
        }
        return active;
    }
}
