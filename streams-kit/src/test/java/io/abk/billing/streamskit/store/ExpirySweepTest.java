package io.abk.billing.streamskit.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.stream.IntStream;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ExpirySweepTest {

    private static final Duration RETENTION = Duration.ofDays(8);
    private static final long NOW = 1_800_000_000_000L;
    private static final long EXPIRED = NOW - RETENTION.toMillis() - 1;
    private static final long FRESH = NOW - Duration.ofDays(1).toMillis();

    private TimestampedKeyValueStore<String, String> store;

    @BeforeEach
    void createStore() {
        store = Stores.timestampedKeyValueStoreBuilder(
                        Stores.inMemoryKeyValueStore("answers"), Serdes.String(), Serdes.String())
                .withLoggingDisabled()
                .build();
        store.init(new MockProcessorContext<>().getStateStoreContext(), store);
    }

    @Test
    void shouldDeleteOnlyExpiredEntriesWhenSweepingInSlicesSmallerThanTheStore() {
        var sweep = sweep(3);
        // Ten entries, every other one older than the retention.
        IntStream.range(0, 10)
                .forEach(i -> store.put("id_" + i, ValueAndTimestamp.make("v", i % 2 == 0 ? EXPIRED : FRESH)));

        // A slice sees at most 3 keys (plus one overlap), so the first sweep cannot reach them all...
        assertThat(sweep.sweep(NOW)).isLessThan(5);
        // ...but the following slices pick up where it stopped, wrapping around at the end.
        int deleted = sweep.sweep(NOW) + sweep.sweep(NOW) + sweep.sweep(NOW) + sweep.sweep(NOW);

        IntStream.range(0, 10)
                .forEach(i -> assertThat(store.get("id_" + i) != null).isEqualTo(i % 2 == 1));
        assertThat(store.approximateNumEntries()).isEqualTo(5);
        assertThat(deleted).isPositive();
    }

    @Test
    void shouldKeepAnEntryWhenItIsExactlyAsOldAsTheRetention() {
        store.put("id_edge", ValueAndTimestamp.make("v", NOW - RETENTION.toMillis()));

        assertThat(sweep(10).sweep(NOW)).isZero();
        assertThat(store.get("id_edge")).isNotNull();
    }

    @Test
    void shouldHandOverEachDeletedEntryWhenTheOwnerAsks() {
        store.put("id_old", ValueAndTimestamp.make("old", EXPIRED));
        store.put("id_new", ValueAndTimestamp.make("new", FRESH));
        var deleted = new ArrayList<String>();

        int count = sweep(10).sweep(NOW, (key, value) -> deleted.add(key + "=" + value.value()));

        assertThat(deleted).containsExactly("id_old=old");
        assertThat(count).isEqualTo(1);
        assertThat(store.get("id_old")).isNull();
    }

    @Test
    void shouldRefuseAnEmptySliceWhenCreated() {
        // A batch of 0 would never advance the cursor and never delete anything.
        assertThatThrownBy(() -> sweep(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private ExpirySweep<String, ValueAndTimestamp<String>> sweep(int batch) {
        return new ExpirySweep<>(store, ValueAndTimestamp::timestamp, RETENTION, batch);
    }
}
