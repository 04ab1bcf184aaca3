package io.abk.billing.streams.usage;

import io.abk.billing.schemas.ids.MeterEvents;
import java.time.Duration;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The meter event identifiers a task has seen in the deduplication window, keyed by
 * {@link MeterEvents#identifierKey}, in a segmented window store: a segment older than the window is dropped whole,
 * so forgetting costs nothing per identifier, unlike a sweep of a key-value store that would have to read every
 * entry to find the old ones. An identifier is stored at the time its record arrived (the Kafka record's timestamp,
 * which a retry does not share with its first send); one seen within the window before or after that time is a repeat,
 * so two producers whose clocks disagree by less than the window still see each other's sends.
 */
final class IdentifierWindow {

    private final WindowStore<String, Long> store;
    private final long windowMs;

    IdentifierWindow(WindowStore<String, Long> store, Duration window) {
        this.store = store;
        this.windowMs = window.toMillis();
    }

    boolean seen(String identifierKey, long arrivedAtMs) {
        long from = Math.max(0, arrivedAtMs - windowMs);
        long to = arrivedAtMs > Long.MAX_VALUE - windowMs ? Long.MAX_VALUE : arrivedAtMs + windowMs;
        try (var sends = store.fetch(identifierKey, from, to)) {
            return sends.hasNext();
        }
    }

    /** Remembers {@code identifierKey} as arrived at {@code arrivedAtMs}, with the wall-clock time it was processed. */
    void remember(String identifierKey, long arrivedAtMs, long processedAtMs) {
        store.put(identifierKey, processedAtMs, arrivedAtMs);
    }
}
