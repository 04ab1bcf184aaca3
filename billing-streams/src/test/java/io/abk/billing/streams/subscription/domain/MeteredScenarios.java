package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Fixtures.TENANT;

import io.abk.billing.schemas.money.UsagePricing;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Create;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.RecordUsage;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Absent;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Instant;
import java.util.List;

/**
 * A subscription with items, reached through the real decider like {@link Scenarios}'s: two licensed seats of 5 USDC
 * (10 USDC per month in advance), API calls metered at 0.002 USDC each, and storage metered by graduated tiers (the
 * first 100 free, then 0.05 USDC each plus 1 USDC once), at most 50 USDC per period.
 */
final class MeteredScenarios {

    static final String SEATS = "si_seats";
    static final String CALLS = "si_calls";
    static final String STORAGE = "si_storage";
    static final UsdcAmount LICENSED = UsdcAmount.ofMicros(10_000_000);
    static final UsdcAmount MAX = UsdcAmount.ofMicros(50_000_000);

    static final SubscriptionItem SEATS_ITEM = new SubscriptionItem(
            SEATS,
            "price_seats",
            UsageType.LICENSED,
            2,
            UsdcAmount.ofMicros(5_000_000),
            List.of(),
            null,
            null,
            null,
            "Seat");
    static final SubscriptionItem CALLS_ITEM = new SubscriptionItem(
            CALLS,
            "price_calls",
            UsageType.METERED,
            1,
            UsdcAmount.ofMicros(2_000),
            List.of(),
            "mtr_calls",
            "api_call",
            "count",
            null);
    static final SubscriptionItem STORAGE_ITEM = new SubscriptionItem(
            STORAGE,
            "price_storage",
            UsageType.METERED,
            1,
            UsdcAmount.ZERO,
            List.of(new UsagePricing.Tier(100L, 0, 0), new UsagePricing.Tier(null, 50_000, 1_000_000)),
            "mtr_storage",
            "storage_gb",
            "max",
            "Storage");

    private MeteredScenarios() {}

    static Plan plan() {
        return new Plan(LICENSED, Interval.MONTH, null, null, List.of(SEATS_ITEM, CALLS_ITEM, STORAGE_ITEM), MAX);
    }

    /** Usage only: nothing licensed, so nothing billed in advance. */
    static Plan usageOnlyPlan() {
        return new Plan(UsdcAmount.ZERO, Interval.MONTH, null, null, List.of(CALLS_ITEM), MAX);
    }

    static Create create(Plan plan) {
        var plain = Fixtures.create(Interval.MONTH, 0);
        return new Create(
                plain.subscriptionId(),
                plain.tenant(),
                plain.requestedAt(),
                plain.invoiceId(),
                plan,
                0,
                plain.wallets(),
                plain.merchantRef(),
                plain.metadata(),
                plain.successUrl(),
                plain.cancelUrl(),
                null);
    }

    static Existing incomplete(Plan plan) {
        var decision = (SubscriptionDecision.Accepted) Fixtures.decide(new Absent(), create(plan));
        return (Existing) SubscriptionEvolver.evolveAll(new Absent(), decision.events());
    }

    /** Activated, its first invoice (the licensed part) paid, or free at once when nothing is licensed. */
    static Existing active(Plan plan) {
        var activating = Scenarios.apply(incomplete(plan), Scenarios.activate());
        if (activating.details().settlements().inFlight().isEmpty()) {
            return activating;
        }
        return Scenarios.apply(activating, Scenarios.settleCharge(activating, INVOICE_ID, true));
    }

    static Existing active() {
        return active(plan());
    }

    /** Renewed at the end of its first period: waiting for the period's usage. */
    static Existing awaiting(Existing active) {
        return Scenarios.apply(active, Scenarios.renew(active));
    }

    /** The usage processor's answer for the period ending at {@code periodEnd}: {@code calls} calls, {@code gb} GB. */
    static RecordUsage recorded(Existing state, Instant periodEnd, long calls, long gb) {
        var current = state.details().cycle().currentPeriod();
        return new RecordUsage(
                SUBSCRIPTION_ID,
                TENANT,
                current.end().plusSeconds(3_600),
                current.start(),
                periodEnd,
                List.of(new RecordUsage.Quantity(CALLS, calls), new RecordUsage.Quantity(STORAGE, gb)),
                "cmd_recorded");
    }

    /** The answer for the current period. */
    static RecordUsage recorded(Existing state, long calls, long gb) {
        return recorded(state, state.details().cycle().currentPeriod().end(), calls, gb);
    }
}
