package io.abk.billing.streams.subscription.domain;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.Create;
import java.time.Instant;
import java.util.Map;

/** Commands and states for the decider tests, with one pinned instant. */
final class Fixtures {

    static final Instant NOW = Instant.parse("2026-01-31T10:15:30Z");
    static final String SUBSCRIPTION_ID = "sub_01jjjjjjjjjjjjjjjjjjjjjjjj";
    static final String INVOICE_ID = "inv_01jjjjjjjjjjjjjjjjjjjjjjjj";
    static final Tenant TENANT = new Tenant("mer_01jjjjjjjjjjjjjjjjjjjjjjjj", Mode.TEST);
    static final Wallets WALLETS =
            new Wallets("0x00000000000000000000000000000000000000aA", "0x00000000000000000000000000000000000000bB");
    static final UsdcAmount AMOUNT = UsdcAmount.ofMicros(9_990_000);

    private Fixtures() {}

    /** The decider with the default dunning schedule (1 d, 2 d, 4 d; four attempts). */
    static SubscriptionDecision decide(SubscriptionState state, SubscriptionInstruction command) {
        return SubscriptionDecider.decide(state, command, DunningPolicy.DEFAULT);
    }

    static Create create(Interval interval, int trialDays) {
        return create(interval, trialDays, NOW);
    }

    static Create create(Interval interval, int trialDays, Instant at) {
        return new Create(
                SUBSCRIPTION_ID,
                TENANT,
                at,
                INVOICE_ID,
                new Plan(AMOUNT, interval, "price_1", "plan_1"),
                trialDays,
                WALLETS,
                "order-42",
                Map.of("customer", "c-7"),
                "https://shop.example/ok",
                "https://shop.example/cancel",
                null);
    }

    static SubscriptionState created(Interval interval, int trialDays) {
        var decision =
                (SubscriptionDecision.Accepted) decide(new SubscriptionState.Absent(), create(interval, trialDays));
        return SubscriptionEvolver.evolveAll(new SubscriptionState.Absent(), decision.events());
    }
}
