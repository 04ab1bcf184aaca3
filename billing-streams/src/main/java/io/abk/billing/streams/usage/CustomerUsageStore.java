package io.abk.billing.streams.usage;

import io.abk.billing.schemas.avro.UsageState;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.streams.usage.domain.CustomerUsage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.internals.WrappedStateStore;
import org.jspecify.annotations.Nullable;

/**
 * The usage processor's {@code usage-state} store: each customer's usage as the domain's {@link CustomerUsage}, held
 * decoded in memory and written back to the logged RocksDB store beneath once per commit.
 *
 * <p>Every event of a busy customer rewrites that customer's usage. Encoding it to Avro and writing it per event was a
 * fifth of the usage thread's time, and decoding it back per event a tenth; here an event changes only the decoded
 * copy and marks the customer changed. Kafka Streams asks every cached store to flush its cache before it commits a
 * task (under exactly-once, before it commits the transaction that also holds the input offsets): {@link #flushCache()}
 * then writes each changed customer once, so the changelog gets that write inside the same transaction, and a crash
 * before the commit loses the changes together with the offsets that would have skipped their events. A task whose
 * transaction aborts is closed dirty and its stores wiped and restored, which closes and re-initialises this store
 * and drops what it held in memory.
 *
 * <p>Bounds: at most {@link #CHANGED_CUSTOMERS} changed customers are held before they are all written (a commit
 * interval of many distinct customers does not grow the heap without end), and the {@link #DECODED_CUSTOMERS} most
 * recently used unchanged ones are kept decoded besides. A delete is written at once (it is rare: a customer's last
 * tracked subscription stopped).
 *
 * <p>The class extends Kafka Streams' {@code WrappedStateStore} (public, in its internals package) because that is
 * how the task's commit reaches a store's cache; the store beneath is the one {@link Stores#keyValueStoreBuilder}
 * builds, uncached, since this store is its cache.
 */
public final class CustomerUsageStore extends WrappedStateStore<KeyValueStore<String, UsageState>, String, UsageState> {

    /**
     * Unchanged customers kept decoded per task: a hot set's worth (a customer's usage is a few hundred bytes), small
     * enough that a service's tasks together hold a few megabytes.
     */
    static final int DECODED_CUSTOMERS = 1_024;

    /** Changed customers held per task before all are written ahead of the commit (a few megabytes at most). */
    static final int CHANGED_CUSTOMERS = 10_000;

    private final int changedCustomers;
    private final Map<String, CustomerUsage> decoded;
    /** Customers changed since the last write-back, in the order they were first changed. */
    private final Map<String, CustomerUsage> changed = new LinkedHashMap<>();

    CustomerUsageStore(KeyValueStore<String, UsageState> store, int decodedCustomers, int changedCustomers) {
        super(store);
        if (decodedCustomers < 1 || changedCustomers < 1) {
            throw new IllegalArgumentException("decodedCustomers and changedCustomers must be positive, were "
                    + decodedCustomers + " and " + changedCustomers);
        }
        this.changedCustomers = changedCustomers;
        this.decoded = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, CustomerUsage> eldest) {
                return size() > decodedCustomers;
            }
        };
    }

    /**
     * The builder of the store named {@code name}: RocksDB with a changelog (the topic's {@code logConfig}), under
     * this store.
     */
    static StoreBuilder<CustomerUsageStore> builder(String name, Map<String, String> logConfig) {
        return new Builder(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(name), Serdes.String(), AvroSerde.of(UsageState.class))
                .withCachingDisabled()
                .withLoggingEnabled(logConfig));
    }

    /** The customer's usage, or null when nothing of theirs is tracked. */
    public @Nullable CustomerUsage get(String customerKey) {
        var usage = changed.get(customerKey);
        if (usage != null) {
            return usage;
        }
        usage = decoded.get(customerKey);
        if (usage != null) {
            return usage;
        }
        var stored = wrapped().get(customerKey);
        if (stored == null) {
            return null;
        }
        usage = UsageStateMapper.toDomain(stored);
        decoded.put(customerKey, usage);
        return usage;
    }

    /** Holds the customer's new usage until the next write-back (the task's next commit at the latest). */
    void put(String customerKey, CustomerUsage usage) {
        decoded.remove(customerKey);
        changed.put(customerKey, usage);
        if (changed.size() > changedCustomers) {
            writeChanged();
        }
    }

    /** Deletes the customer's usage from the store at once. */
    void delete(String customerKey) {
        changed.remove(customerKey);
        decoded.remove(customerKey);
        wrapped().delete(customerKey);
    }

    /** Hands over each customer with a summary due, read from the whole store once the changed ones are written. */
    void forEachSummaryDue(Consumer<String> customerKeys) {
        writeChanged();
        try (var all = wrapped().all()) {
            while (all.hasNext()) {
                var entry = all.next();
                if (entry.value.getSubscriptions().stream().anyMatch(s -> s.getSummaryDue())) {
                    customerKeys.accept(entry.key);
                }
            }
        }
    }

    /** Writes the changed customers, then lets the stores beneath flush theirs: called before every commit. */
    @Override
    public void flushCache() {
        writeChanged();
        super.flushCache();
    }

    @Override
    public void flush() {
        writeChanged();
        super.flush();
    }

    @Override
    public void init(StateStoreContext stateStoreContext, StateStore root) {
        forgetAll();
        super.init(stateStoreContext, root);
    }

    @Override
    public void close() {
        // A clean close was preceded by a commit, which wrote everything; a dirty one wipes the store anyway.
        forgetAll();
        super.close();
    }

    /** How many customers are kept decoded and unchanged (for tests). */
    int decodedCount() {
        return decoded.size();
    }

    /** How many changed customers wait for the next write-back (for tests). */
    int changedCount() {
        return changed.size();
    }

    private void writeChanged() {
        if (changed.isEmpty()) {
            return;
        }
        var store = wrapped();
        for (var entry : changed.entrySet()) {
            store.put(entry.getKey(), UsageStateMapper.toAvro(entry.getValue()));
        }
        // Written, they are like any decoded customer: the most recently changed stay decoded.
        decoded.putAll(changed);
        changed.clear();
    }

    private void forgetAll() {
        changed.clear();
        decoded.clear();
    }

    /** Builds the store beneath with Kafka Streams' builder and wraps it. */
    private record Builder(StoreBuilder<KeyValueStore<String, UsageState>> beneath)
            implements StoreBuilder<CustomerUsageStore> {

        @Override
        public StoreBuilder<CustomerUsageStore> withCachingEnabled() {
            throw new UnsupportedOperationException("the customer usage store is its own cache");
        }

        @Override
        public StoreBuilder<CustomerUsageStore> withCachingDisabled() {
            return this;
        }

        @Override
        public StoreBuilder<CustomerUsageStore> withLoggingEnabled(Map<String, String> config) {
            beneath.withLoggingEnabled(config);
            return this;
        }

        @Override
        public StoreBuilder<CustomerUsageStore> withLoggingDisabled() {
            throw new UnsupportedOperationException("the customer usage store is always logged");
        }

        @Override
        public CustomerUsageStore build() {
            return new CustomerUsageStore(beneath.build(), DECODED_CUSTOMERS, CHANGED_CUSTOMERS);
        }

        @Override
        public Map<String, String> logConfig() {
            return beneath.logConfig();
        }

        @Override
        public boolean loggingEnabled() {
            return beneath.loggingEnabled();
        }

        @Override
        public String name() {
            return beneath.name();
        }
    }
}
