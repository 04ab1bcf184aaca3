package io.abk.billing.usdt.domain.intent;

import io.abk.billing.usdt.domain.match.MatchReport;
import java.time.Instant;

/** How an intent was confirmed: the transaction's report, when, and the id of the payment.confirmed it published. */
public record Confirmation(String eventId, Instant confirmedAt, MatchReport match) {}
