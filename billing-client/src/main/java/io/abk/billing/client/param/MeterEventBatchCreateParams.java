package io.abk.billing.client.param;

import java.util.List;

/**
 * The request body {@code MeterEventBatchRequest}: 1 to 1,000 events, sent all or nothing (the first bad one is 400
 * with {@code param} naming it, {@code events[3].value}, and none is sent).
 */
public record MeterEventBatchCreateParams(List<MeterEventCreateParams> events) {

    public MeterEventBatchCreateParams {
        events = List.copyOf(events);
        if (events.isEmpty() || events.size() > 1000) {
            throw new IllegalArgumentException("a batch holds 1 to 1,000 events, not " + events.size());
        }
    }

    /** A batch of these events, in order. */
    public static MeterEventBatchCreateParams of(List<MeterEventCreateParams> events) {
        return new MeterEventBatchCreateParams(events);
    }
}
