package io.abk.billing.usdt.streams;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The due index of open intents' expiries in store {@code usdt-intent-expiries}: key {@code <expiresAt millis, 19
 * digits>:<intent id>}, so the store's byte order is due-time order and the due ones are one range scan away.
 */
final class IntentExpiries {

    /** Past the digits and ':' of every key: the upper bound of a range of keys due at or before an instant. */
    private static final String AFTER_ANY_ID = ":\uffff";

    private final KeyValueStore<String, String> store;

    IntentExpiries(KeyValueStore<String, String> store) {
        this.store = store;
    }

    void add(String intentId, Instant expiresAt) {
        store.put(key(intentId, expiresAt), intentId);
    }

    void remove(String intentId, Instant expiresAt) {
        store.delete(key(intentId, expiresAt));
    }

    /** The ids of up to {@code limit} intents due at or before {@code now}, soonest first. */
    List<String> due(Instant now, int limit) {
        var ids = new ArrayList<String>();
        try (var range = store.range(key("", Instant.EPOCH), millis(now) + AFTER_ANY_ID)) {
            while (range.hasNext() && ids.size() < limit) {
                ids.add(range.next().value);
            }
        }
        return ids;
    }

    private static String key(String intentId, Instant expiresAt) {
        return millis(expiresAt) + ":" + intentId;
    }

    private static String millis(Instant at) {
        return String.format(Locale.ROOT, "%019d", Math.max(0, at.toEpochMilli()));
    }
}
