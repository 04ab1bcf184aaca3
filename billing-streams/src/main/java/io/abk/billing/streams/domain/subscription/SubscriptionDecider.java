package io.abk.billing.streams.domain.subscription;

import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.domain.subscription.SubscriptionCommand.Create;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.InvoiceCreated;
import io.abk.billing.streams.domain.subscription.SubscriptionEvent.SubscriptionCreated;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Absent;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Existing;
import io.abk.billing.streams.domain.subscription.SubscriptionState.Incomplete;
import java.time.Duration;
import java.util.List;

/**
 * The subscription aggregate's rules (DESIGN section 7) as two pure functions: {@link #decide} answers a command
 * with events or a rejection, {@link #evolve} applies one event to a state. No I/O and no clock: time comes
 * from the command's {@code requestedAt}. A new command is a new case in {@link #decide}; a new event a new case
 * in {@link #evolve}.
 */
public final class SubscriptionDecider {

    private SubscriptionDecider() {
    }

    public static Decision decide(SubscriptionState state, SubscriptionCommand command) {
        return switch (command) {
            case Create create -> create(state, create);
        };
    }

    public static SubscriptionState evolve(SubscriptionState state, SubscriptionEvent event) {
        return switch (event) {
            case SubscriptionCreated created -> switch (state) {
                case Absent absent -> new Incomplete(created.subscription());
                case Existing existing -> throw new IllegalStateException(
                        "subscription " + existing.id() + " exists and cannot be created again");
            };
            case InvoiceCreated added -> existing(state, event).mapDetails(d -> d.withNewInvoice(added.invoice()));
        };
    }

    /** Applies {@code events} in order. */
    public static SubscriptionState evolveAll(SubscriptionState state, List<SubscriptionEvent> events) {
        var current = state;
        for (var event : events) {
            current = evolve(current, event);
        }
        return current;
    }

    /**
     * (none) -> incomplete: mandate pending, first invoice open and due now. Without a trial the anchor is now and
     * the first period one interval long; with one, the anchor is the trial's end, the first period ends there
     * and its invoice is 0 USDC (paid at activation), so renewals bill the full amount from the trial's end.
     */
    private static Decision create(SubscriptionState state, Create command) {
        return switch (state) {
            case Existing existing -> Decision.reject(RejectionReason.SUBSCRIPTION_EXISTS,
                    "Subscription " + existing.id() + " already exists");
            case Absent absent -> {
                var now = command.requestedAt();
                var trial = command.trialDays() > 0;
                var trialEnd = trial ? now.plus(Duration.ofDays(command.trialDays())) : null;
                var anchor = trialEnd != null ? trialEnd : now;
                var period = BillingPeriods.periodFrom(now, anchor, command.plan().interval());
                var subscription = new SubscriptionDetails(command.subscriptionId(), command.tenant(),
                        command.plan(), command.wallets(), command.merchantRef(), command.metadata(),
                        command.successUrl(), command.cancelUrl(),
                        new BillingCycle(period, anchor, trialEnd, false), Mandate.pending(), List.of(), null, now);
                var firstAmount = trial ? UsdcAmount.ZERO : command.plan().amount();
                var invoice = Invoice.open(command.invoiceId(), firstAmount, BillingReason.SUBSCRIPTION_CREATE,
                        period, now, now);
                yield Decision.accept(new SubscriptionCreated(subscription), new InvoiceCreated(invoice));
            }
        };
    }

    private static Existing existing(SubscriptionState state, SubscriptionEvent event) {
        return switch (state) {
            case Existing existing -> existing;
            case Absent absent -> throw new IllegalStateException(
                    event.getClass().getSimpleName() + " on a subscription that does not exist");
        };
    }
}
