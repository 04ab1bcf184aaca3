package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.DueItem;
import io.abk.billing.scheduler.store.DueIndexKey;
import io.abk.billing.schemas.avro.TestClock;
import io.abk.billing.schemas.mode.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * One punctuation's work: find the due items of this task in due-time order, live ones by the wall clock and
 * each test merchant's by that merchant's effective now (its frozen instant, else the wall clock), and hand each
 * to {@code fire}, at most {@code budget} in all, so a huge backlog is worked off over several punctuations, each
 * committed on its own.
 */
record DueFiring(KeyValueStore<String, DueItem> index, ReadOnlyKeyValueStore<String, TestClock> clocks) {

    /** Fires what is due at {@code wallNowMs}; returns how many items fired. */
    int fireDue(long wallNowMs, int budget, BiConsumer<String, DueItem> fire) {
        int fired = fireGroup(DueIndexKey.group(Mode.LIVE, ""), wallNowMs, budget, fire);
        var merchant = firstTestMerchant(DueIndexKey.testStart());
        while (merchant != null && fired < budget) {
            fired += fireGroup(
                    DueIndexKey.group(Mode.TEST, merchant), effectiveNow(merchant, wallNowMs), budget - fired, fire);
            merchant = firstTestMerchant(DueIndexKey.afterMerchant(merchant));
        }
        return fired;
    }

    /**
     * How many items are due at {@code wallNowMs}, counting no further than {@code limit}: the walk of {@link #fireDue}
     * with nothing done to the items.
     */
    int countDue(long wallNowMs, int limit) {
        return fireDue(wallNowMs, limit, (key, item) -> {});
    }

    /** The test clock's frozen instant when set, else the wall clock. */
    long effectiveNow(String merchantId, long wallNowMs) {
        var clock = clocks.get(merchantId);
        var frozenAt = clock == null ? null : clock.getFrozenAt();
        return frozenAt == null ? wallNowMs : frozenAt.toEpochMilli();
    }

    private int fireGroup(String group, long nowMs, int budget, BiConsumer<String, DueItem> fire) {
        // Collected first, then fired: firing deletes index keys, which an open iterator should not see change.
        List<KeyValue<String, DueItem>> due = new ArrayList<>();
        try (var range = index.range(DueIndexKey.groupStart(group), DueIndexKey.dueUpTo(group, nowMs))) {
            while (due.size() < budget && range.hasNext()) {
                due.add(range.next());
            }
        }
        due.forEach(entry -> fire.accept(entry.key, entry.value));
        return due.size();
    }

    /** The test merchant with the lowest id at or after {@code from} that has items, or null. */
    private @Nullable String firstTestMerchant(String from) {
        try (var range = index.range(from, DueIndexKey.testEnd())) {
            return range.hasNext() ? DueIndexKey.merchantOf(range.next().key) : null;
        }
    }
}
