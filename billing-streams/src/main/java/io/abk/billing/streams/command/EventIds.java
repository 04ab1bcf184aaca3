package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;

/**
 * Ids of public events: the {@code index}-th published event (from 0) of a command derives from the command's id
 * and time, so a reprocessed command mints the same ids and receivers can dedupe. {@link #event} builds the whole
 * event the same way for every aggregate.
 */
public final class EventIds {

    private EventIds() {}

    public static String of(String commandId, Instant requestedAt, int index) {
        return Ids.derivedId(IdPrefix.EVENT, requestedAt, commandId + ":" + index);
    }

    /** The {@code index}-th public event of the command {@code header} describes, of {@code type} with {@code data}. */
    public static BillingEvent event(CommandHeader header, int index, String type, EventData data) {
        return BillingEvent.newBuilder()
                .setEventId(of(header.commandId(), header.requestedAt(), index))
                .setType(type)
                .setCreatedAt(header.requestedAt())
                .setMerchantId(header.merchantId())
                .setMode(header.mode())
                .setAggregateId(header.aggregateId())
                .setCommandId(header.commandId())
                .setData(data)
                .build();
    }
}
