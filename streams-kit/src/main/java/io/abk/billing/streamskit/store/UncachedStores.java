package io.abk.billing.streamskit.store;

import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.TimestampedKeyValueStore;

/**
 * The persistent stores of a processor that forwards what it writes itself: keyed by string, backed by a changelog,
 * with caching off. A cache would only delay the changelog's writes, and under exactly-once everything is flushed
 * at each (frequent) commit anyway.
 */
public final class UncachedStores {

    private UncachedStores() {}

    /** A key-value store named {@code name}. */
    public static <V> StoreBuilder<KeyValueStore<String, V>> keyValue(String name, Serde<V> values) {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), values)
                .withCachingDisabled()
                .withLoggingEnabled(Map.of());
    }

    /** A key-value store named {@code name} that keeps each entry's time beside it. */
    public static <V> StoreBuilder<TimestampedKeyValueStore<String, V>> timestampedKeyValue(
            String name, Serde<V> values) {
        return Stores.timestampedKeyValueStoreBuilder(
                        Stores.persistentTimestampedKeyValueStore(name), Serdes.String(), values)
                .withCachingDisabled()
                .withLoggingEnabled(Map.of());
    }
}
