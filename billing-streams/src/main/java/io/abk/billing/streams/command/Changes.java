package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.Rejection;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The {@link Change} of one command: its outcome, and for an accepted command what it changed and emitted. */
public final class Changes {

    private Changes() {}

    /**
     * Accepted: the {@code snapshots} of every resource after the command, the ids of the events it emitted, and the
     * command whose outcome answers it too ({@code followUpCommandId}: a settlement's result, a minted payment).
     */
    public static Change accepted(
            CommandHeader header,
            String aggregateType,
            List<?> snapshots,
            List<String> eventIds,
            @Nullable String followUpCommandId) {
        return builder(header, aggregateType, Outcome.ACCEPTED)
                .setSnapshots(List.copyOf(snapshots))
                .setEventIds(eventIds)
                .setFollowUpCommandId(followUpCommandId)
                .build();
    }

    /** Rejected with the API's error {@code code} and a sentence naming the rule; nothing changed. */
    public static Change rejected(CommandHeader header, String aggregateType, String code, String message) {
        return builder(header, aggregateType, Outcome.REJECTED)
                .setRejection(new Rejection(code, message))
                .build();
    }

    private static Change.Builder builder(CommandHeader header, String aggregateType, Outcome outcome) {
        return Change.newBuilder()
                .setCommandId(header.commandId())
                .setAggregateType(aggregateType)
                .setAggregateId(header.aggregateId())
                .setMerchantId(header.merchantId())
                .setMode(header.mode())
                .setRequestedAt(header.requestedAt())
                .setOutcome(outcome)
                .setRejection(null)
                .setSnapshots(List.of())
                .setEventIds(List.of())
                .setFollowUpCommandId(null);
    }
}
