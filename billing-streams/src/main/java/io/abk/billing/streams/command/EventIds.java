package io.abk.billing.streams.command;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;

/**
 * Ids of public events: the {@code index}-th published event (from 0) of a command derives from the command's id
 * and time, so a reprocessed command mints the same ids and receivers can dedupe.
 */
public final class EventIds {

    private EventIds() {}

    public static String of(String commandId, Instant requestedAt, int index) {
        return Ids.derivedId(IdPrefix.EVENT, requestedAt, commandId + ":" + index);
    }
}
