package io.abk.billing.usdt.domain.addressbook;

import io.abk.billing.usdt.domain.match.IntentTerms;
import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import java.time.Instant;

/** An open intent as its address's book keeps it: enough to match a transfer against it. */
public record OpenIntent(
        String intentId, UsdtAmount amount, MatchStrategy strategy, Instant createdAt, Instant expiresAt) {

    IntentTerms terms(String payToAddress) {
        return new IntentTerms(amount, payToAddress, strategy);
    }
}
