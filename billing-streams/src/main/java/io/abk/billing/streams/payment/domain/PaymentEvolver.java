package io.abk.billing.streams.payment.domain;

import io.abk.billing.streams.payment.domain.PaymentEvent.AuthorizationRequested;
import io.abk.billing.streams.payment.domain.PaymentEvent.AuthorizationSettled;
import io.abk.billing.streams.payment.domain.PaymentEvent.LinkConversionReported;
import io.abk.billing.streams.payment.domain.PaymentEvent.PayerIdentified;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentCreated;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentExpired;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentPaid;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentReopened;
import io.abk.billing.streams.payment.domain.PaymentEvent.VerificationClosed;
import io.abk.billing.streams.payment.domain.PaymentEvent.VerificationRequested;
import io.abk.billing.streams.payment.domain.PaymentState.Absent;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Expired;
import io.abk.billing.streams.payment.domain.PaymentState.Open;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.shared.domain.Evolution;
import java.util.List;

/**
 * The payment's {@code evolve}: one event applied to a state, and a command's events in order. Events say what
 * changed (the receipt, the verification), the rules in {@link PaymentDecider} decided it, so nothing here recomputes
 * a rule; an event that cannot apply to the state can only come from a bug and throws.
 */
public final class PaymentEvolver {

    private PaymentEvolver() {}

    public static PaymentState evolve(PaymentState state, PaymentEvent event) {
        if (event instanceof PaymentCreated created) {
            if (!(state instanceof Absent)) {
                throw new IllegalStateException("payment " + created.payment().id() + " is created twice");
            }
            return new Open(created.payment());
        }
        if (!(state instanceof Existing existing)) {
            throw new IllegalStateException(event + " before the payment was created");
        }
        return switch (event) {
            case PaymentCreated created -> throw new IllegalStateException("created is applied above");
            case VerificationRequested requested ->
                existing.mapDetails(d -> d.withVerifications(d.verifications().started(requested.verification())));
            case VerificationClosed closed ->
                existing.mapDetails(d -> d.withVerifications(d.verifications().closed(closed.requestId())));
            case PaymentPaid paid -> {
                if (existing instanceof Paid) {
                    throw new IllegalStateException("payment " + existing.id() + " is paid twice");
                }
                yield new Paid(existing.details(), paid.receipt());
            }
            case PaymentReopened reopened -> {
                if (!(existing instanceof Paid)) {
                    throw new IllegalStateException("payment " + existing.id() + " is " + existing.status()
                            + "; only a paid payment is reopened");
                }
                yield new Open(existing.details());
            }
            case PaymentExpired expired -> {
                if (!(existing instanceof Open)) {
                    throw new IllegalStateException(
                            "payment " + existing.id() + " is " + existing.status() + "; only an open payment expires");
                }
                yield new Expired(existing.details());
            }
            case LinkConversionReported reported -> existing;
            case PayerIdentified identified -> {
                if (existing.details().customerId() != null) {
                    throw new IllegalStateException("payment " + existing.id() + " has customer "
                            + existing.details().customerId() + " already; it learns a payer only without one");
                }
                yield existing.mapDetails(d -> d.withCustomerId(identified.customerId()));
            }
            case AuthorizationRequested requested ->
                existing.mapDetails(d -> d.withAuthorization(requested.authorization()));
            case AuthorizationSettled settled -> existing.mapDetails(d -> d.withAuthorization(settled.authorization()));
        };
    }

    /** Applies {@code events} in order. */
    public static PaymentState evolveAll(PaymentState state, List<PaymentEvent> events) {
        return Evolution.evolveAll(state, events, PaymentEvolver::evolve);
    }
}
