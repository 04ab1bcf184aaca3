package io.abk.billing.usdt.domain.intent;

import io.abk.billing.usdt.domain.match.MatchReport;
import java.time.Instant;

/**
 * A matching transaction whose hash the intent has asked to claim: the answer comes back as the command
 * {@code resultCommandId}, and every confirm of the same hash meanwhile waits for that answer.
 */
public record PendingClaim(String txHash, String resultCommandId, Instant requestedAt, MatchReport match) {

    /** The id of the answer to the claim a confirm starts: one per confirm, so a replayed confirm asks again alike. */
    public static String resultCommandIdOf(String confirmCommandId) {
        return confirmCommandId + ":claim";
    }
}
