package io.abk.billing.streams.usage.domain;

import java.time.Instant;
import java.util.List;

/** A closed period [start, end) and the quantities its close recorded, one per item. */
public record RecordedPeriod(Instant start, Instant end, List<RecordedQuantity> items) {

    public RecordedPeriod {
        items = List.copyOf(items);
    }
}
