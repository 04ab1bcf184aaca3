package io.abk.billing.usdt.domain.intent;

import io.abk.billing.usdt.domain.match.MatchPolicy;
import java.time.Duration;

/** The configured rules of intents: how long one stays open, and how transactions are matched. */
public record IntentPolicy(Duration lifetime, MatchPolicy match) {

    public IntentPolicy {
        if (lifetime.isNegative() || lifetime.isZero()) {
            throw new IllegalArgumentException("an intent's lifetime must be positive, was " + lifetime);
        }
    }
}
