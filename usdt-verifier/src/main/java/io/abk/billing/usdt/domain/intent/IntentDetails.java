package io.abk.billing.usdt.domain.intent;

import io.abk.billing.usdt.domain.match.IntentTerms;
import java.time.Instant;

/** What every intent has, whatever its status: its id, the caller's reference, its terms and its lifetime. */
public record IntentDetails(String id, String merchantRef, IntentTerms terms, Instant createdAt, Instant expiresAt) {}
