package io.abk.billing.streams.usage;

import io.abk.billing.schemas.avro.UsageState;
import io.abk.billing.streams.usage.domain.CustomerUsage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jspecify.annotations.Nullable;

/**
 * One task's {@code usage-state} store as the usage processor reads and writes it: each customer's usage as the
 * domain's {@link CustomerUsage}, with the most recently used customers kept decoded beside the store. Every event of a
 * busy customer reads the entry the previous one wrote, and decoding it from Avro was a tenth of the usage thread's
 * time; a hit skips that and the mapping. Writes still go to the store at once (they belong to the task's exactly-once
 * transaction), so the decoded copy is only ever what the store holds: the processor is the store's single writer, and
 * a task whose stores Kafka Streams restores (after an aborted transaction) initialises its processor again, which
 * makes a new one of these.
 */
final class CustomerUsageStore {

    /**
     * Customers kept decoded per task: a hot set's worth (a customer's usage is a few hundred bytes), small enough that
     * a service's tasks together hold a few megabytes.
     */
    static final int DECODED_CUSTOMERS = 1_024;

    private final KeyValueStore<String, UsageState> store;
    private final Map<String, CustomerUsage> decoded;

    CustomerUsageStore(KeyValueStore<String, UsageState> store) {
        this(store, DECODED_CUSTOMERS);
    }

    CustomerUsageStore(KeyValueStore<String, UsageState> store, int decodedCustomers) {
        if (decodedCustomers < 1) {
            throw new IllegalArgumentException("decodedCustomers must be positive, was " + decodedCustomers);
        }
        this.store = store;
        this.decoded = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, CustomerUsage> eldest) {
                return size() > decodedCustomers;
            }
        };
    }

    /** The customer's usage, or null when nothing of theirs is tracked. */
    @Nullable
    CustomerUsage get(String customerKey) {
        var usage = decoded.get(customerKey);
        if (usage != null) {
            return usage;
        }
        var stored = store.get(customerKey);
        if (stored == null) {
            return null;
        }
        usage = UsageStateMapper.toDomain(stored);
        decoded.put(customerKey, usage);
        return usage;
    }

    void put(String customerKey, CustomerUsage usage) {
        store.put(customerKey, UsageStateMapper.toAvro(usage));
        decoded.put(customerKey, usage);
    }

    void delete(String customerKey) {
        store.delete(customerKey);
        decoded.remove(customerKey);
    }

    /** Reads the whole store (not the decoded copies) and hands over each customer with a summary due. */
    void forEachSummaryDue(Consumer<String> customerKeys) {
        try (var all = store.all()) {
            while (all.hasNext()) {
                var entry = all.next();
                if (entry.value.getSubscriptions().stream().anyMatch(s -> s.getSummaryDue())) {
                    customerKeys.accept(entry.key);
                }
            }
        }
    }

    /** How many customers are kept decoded (for tests). */
    int decodedCount() {
        return decoded.size();
    }
}
