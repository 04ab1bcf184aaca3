package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Ids of public events: the {@code index}-th published event (from 0) of a command derives from the command's id
 * and time, so a reprocessed command mints the same ids and receivers can dedupe. {@link #event} builds the whole
 * event the same way for every aggregate, and {@link #published} numbers a command's published events.
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

    /**
     * The public events of the command {@code header} describes: one for each of {@code events} that is a
     * {@code published} one, in order, numbered from 0 ({@link #event}). {@code describe} adds what the event's kind
     * carries to its data, which {@code data} starts with the aggregate's snapshot, and names its type.
     */
    public static <P> List<BillingEvent> published(
            CommandHeader header,
            List<?> events,
            Class<P> published,
            Supplier<EventData.Builder> data,
            BiFunction<P, EventData.Builder, String> describe) {
        var out = new ArrayList<BillingEvent>();
        for (var event : events) {
            if (published.isInstance(event)) {
                var eventData = data.get();
                var type = describe.apply(published.cast(event), eventData);
                out.add(event(header, out.size(), type, eventData.build()));
            }
        }
        return out;
    }
}
