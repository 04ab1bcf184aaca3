package io.abk.billing.usdt.domain.intent;

import io.abk.billing.usdt.domain.match.IntentTerms;
import io.abk.billing.usdt.domain.match.TxEvidence;
import java.time.Instant;

/** What an intent can be asked to do. Each command carries its id and {@code requestedAt}, the decider's clock. */
public sealed interface IntentCommand {

    String intentId();

    String commandId();

    Instant requestedAt();

    /** Create an open intent with these terms. */
    record Create(String intentId, String commandId, Instant requestedAt, String merchantRef, IntentTerms terms)
            implements IntentCommand {}

    /** Confirm the intent with a transaction: what the chain showed, or the sandbox's scenario. */
    record Confirm(String intentId, String commandId, Instant requestedAt, TxEvidence evidence)
            implements IntentCommand {}

    /** The answer to the intent's claim of {@code txHash}: granted when no other intent held it. */
    record AnswerClaim(String intentId, String commandId, Instant requestedAt, String txHash, boolean granted)
            implements IntentCommand {}

    /** The intent's expiry is due. */
    record Expire(String intentId, String commandId, Instant requestedAt) implements IntentCommand {}

    /** Sandbox: publish a test payment.confirmed for a made-up intent with these terms, changing nothing. */
    record TriggerTestEvent(
            String intentId,
            String commandId,
            Instant requestedAt,
            String merchantRef,
            IntentTerms terms,
            String txHash)
            implements IntentCommand {}
}
