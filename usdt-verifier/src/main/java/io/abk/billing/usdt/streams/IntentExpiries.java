package io.abk.billing.usdt.streams;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The due index of the intents in store {@code usdt-intent-expiries}: key {@code <due millis, 19 digits>:<intent
 * id>}, so the store's byte order is due-time order and the due ones are one range scan away. What is due for an
 * intent is its next step: an open intent's expiry, then an expired one's forgetting ({@link #FORGET_AFTER}).
 */
final class IntentExpiries {

    /** Past the digits and ':' of every key: the upper bound of a range of keys due at or before an instant. */
    private static final String AFTER_ANY_ID = ":\uffff";

    /**
     * How long an expired intent is kept after its expiry before it is deleted. Until then a confirm of it answers
     * 409 {@code intent_expired}, afterwards 404. Commands stay on usdt.intent-commands for 7 days, so a command
     * retried or replayed from there still meets the intent; the eighth day is margin, as for billing-streams'
     * processed commands.
     */
    static final Duration FORGET_AFTER = Duration.ofDays(8);

    private final KeyValueStore<String, String> store;

    IntentExpiries(KeyValueStore<String, String> store) {
        this.store = store;
    }

    void add(String intentId, Instant dueAt) {
        store.put(key(intentId, dueAt), intentId);
    }

    void remove(String intentId, Instant dueAt) {
        store.delete(key(intentId, dueAt));
    }

    /** The expired intent is forgotten {@link #FORGET_AFTER} after its expiry. */
    static Instant forgetAt(Instant expiresAt) {
        return expiresAt.plus(FORGET_AFTER);
    }

    /** Up to {@code limit} entries due at or before {@code now}, soonest first. */
    List<Due> due(Instant now, int limit) {
        var due = new ArrayList<Due>();
        try (var range = store.range(key("", Instant.EPOCH), millis(now) + AFTER_ANY_ID)) {
            while (range.hasNext() && due.size() < limit) {
                var entry = range.next();
                due.add(new Due(
                        entry.value,
                        Instant.ofEpochMilli(Long.parseLong(entry.key.substring(0, entry.key.indexOf(':'))))));
            }
        }
        return due;
    }

    /** An intent with something due at {@code at}. */
    record Due(String intentId, Instant at) {}

    private static String key(String intentId, Instant expiresAt) {
        return millis(expiresAt) + ":" + intentId;
    }

    private static String millis(Instant at) {
        return String.format(Locale.ROOT, "%019d", Math.max(0, at.toEpochMilli()));
    }
}
