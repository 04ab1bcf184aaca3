package io.abk.billing.streams.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.IntStream;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProcessedCommandsTest {

    private static final long NOW = 1_800_000_000_000L;
    private static final long EXPIRED = NOW - ProcessedCommands.RETENTION.toMillis() - 1;
    private static final long FRESH = NOW - Duration.ofDays(1).toMillis();

    private KeyValueStore<String, Long> store;

    @BeforeEach
    void createStore() {
        store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore("processed"), Serdes.String(), Serdes.Long())
                .withLoggingDisabled()
                .build();
        var context = new MockProcessorContext<>();
        store.init(context.getStateStoreContext(), store);
    }

    @Test
    void shouldDeleteOnlyExpiredIdsWhenSweepingInSlicesSmallerThanTheStore() {
        var processed = new ProcessedCommands(store, 3);
        // Ten ids, every other one older than the retention.
        IntStream.range(0, 10).forEach(i -> processed.markProcessed("cmd_" + i, i % 2 == 0 ? EXPIRED : FRESH));

        // A slice sees at most 3 keys (plus one overlap), so the first sweep cannot reach them all...
        assertThat(processed.sweep(NOW)).isLessThan(5);
        // ...but the following slices pick up where it stopped, wrapping around at the end.
        int deleted = processed.sweep(NOW) + processed.sweep(NOW) + processed.sweep(NOW) + processed.sweep(NOW);

        IntStream.range(0, 10)
                .forEach(i -> assertThat(processed.contains("cmd_" + i)).isEqualTo(i % 2 == 1));
        assertThat(store.approximateNumEntries()).isEqualTo(5);
        assertThat(deleted).isPositive();
    }

    @Test
    void shouldKeepAnIdWhenItIsExactlyAsOldAsTheRetention() {
        var processed = new ProcessedCommands(store);
        processed.markProcessed("cmd_edge", NOW - ProcessedCommands.RETENTION.toMillis());

        assertThat(processed.sweep(NOW)).isZero();
        assertThat(processed.contains("cmd_edge")).isTrue();
    }
}
