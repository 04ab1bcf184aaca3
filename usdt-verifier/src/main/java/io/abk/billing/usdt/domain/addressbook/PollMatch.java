package io.abk.billing.usdt.domain.addressbook;

import io.abk.billing.usdt.domain.match.TxEvidence;

/** A transaction a poll found for an open intent: a confirm of {@code intentId} with id {@code commandId}. */
public record PollMatch(String intentId, String commandId, TxEvidence evidence) {

    /** One confirm per intent and poll: a replayed poll sends the same confirm ids. */
    static String commandIdOf(String pollCommandId, String intentId) {
        return pollCommandId + ":" + intentId;
    }
}
