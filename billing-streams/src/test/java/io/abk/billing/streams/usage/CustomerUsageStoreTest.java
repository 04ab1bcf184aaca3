package io.abk.billing.streams.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.UsageState;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.usage.domain.CountedItem;
import io.abk.billing.streams.usage.domain.CustomerUsage;
import io.abk.billing.streams.usage.domain.MeteredItem;
import io.abk.billing.streams.usage.domain.TrackedSubscription;
import io.abk.billing.streams.usage.domain.UsageAggregation;
import io.abk.billing.streams.usage.domain.UsageCount;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CustomerUsageStoreTest {

    private static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
    private static final Instant END = Instant.parse("2027-01-01T00:00:00Z");

    private KeyValueStore<String, UsageState> store;
    private StateStoreContext storeContext;

    @BeforeEach
    void createStore() {
        // The store beneath as Kafka Streams builds it: Avro bytes, so a read decodes.
        store = Stores.keyValueStoreBuilder(
                        Stores.inMemoryKeyValueStore("usage-state"), Serdes.String(), AvroSerde.of(UsageState.class))
                .withLoggingDisabled()
                .build();
        storeContext = new MockProcessorContext<>().getStateStoreContext();
    }

    @Test
    void shouldHoldAChangeInMemoryUntilTheCommitFlushesItThenAnswerTheSameCopy() {
        var usages = open(2, 10);
        var counted = usage("cus_ada", 5, true);

        usages.put("ada", counted);

        assertThat(store.get("ada")).as("nothing written before the commit").isNull();
        assertThat(usages.get("ada")).isSameAs(counted);
        assertThat(usages.changedCount()).isOne();

        usages.flushCache();

        assertThat(UsageStateMapper.toDomain(store.get("ada"))).isEqualTo(counted);
        assertThat(usages.get("ada")).isSameAs(counted);
        assertThat(usages.changedCount()).isZero();
    }

    @Test
    void shouldWriteEachChangedCustomerOnceWithItsLastChange() {
        var usages = open(2, 10);
        for (long quantity = 1; quantity <= 50; quantity++) {
            usages.put("ada", usage("cus_ada", quantity, true));
        }

        usages.flushCache();

        assertThat(UsageStateMapper.toDomain(store.get("ada"))).isEqualTo(usage("cus_ada", 50, true));
    }

    @Test
    void shouldWriteAllChangedCustomersOnceMoreThanItsBoundAreHeld() {
        var usages = open(2, 2);
        usages.put("ada", usage("cus_ada", 1, false));
        usages.put("grace", usage("cus_grace", 2, false));
        assertThat(store.approximateNumEntries()).isZero();

        usages.put("alan", usage("cus_alan", 3, false));

        assertThat(store.approximateNumEntries()).isEqualTo(3);
        assertThat(usages.changedCount()).isZero();
    }

    @Test
    void shouldDecodeACustomerFromTheStoreAgainOnceMoreRecentOnesPushedItOut() {
        var usages = open(2, 10);
        var ada = usage("cus_ada", 1, false);
        usages.put("ada", ada);
        usages.put("grace", usage("cus_grace", 2, false));
        usages.put("alan", usage("cus_alan", 3, false));
        usages.flushCache();

        assertThat(usages.decodedCount()).isEqualTo(2);
        var read = usages.get("ada");
        assertThat(read).isNotSameAs(ada).isEqualTo(ada);
        assertThat(usages.decodedCount()).isEqualTo(2);
    }

    @Test
    void shouldDeleteACustomerAtOnceWithTheChangeItHeld() {
        var usages = open(2, 10);
        usages.put("ada", usage("cus_ada", 1, false));
        usages.flushCache();
        usages.put("ada", usage("cus_ada", 2, false));

        usages.delete("ada");
        usages.flushCache();

        assertThat(usages.get("ada")).isNull();
        assertThat(store.get("ada")).isNull();
    }

    @Test
    void shouldDropWhatItHeldWhenClosedWithoutACommitAndReadTheStoreAfterItsNextInit() {
        var usages = open(2, 10);
        usages.put("ada", usage("cus_ada", 1, false));
        usages.flushCache();
        usages.put("ada", usage("cus_ada", 2, false));

        // A dirty close (an aborted transaction): Kafka Streams closes the store without committing, then opens it
        // again and restores the last committed write from the changelog.
        usages.close();
        usages.init(storeContext, usages);
        store.put("ada", UsageStateMapper.toAvro(usage("cus_ada", 1, false)));

        assertThat(usages.changedCount()).isZero();
        assertThat(usages.decodedCount()).isZero();
        assertThat(usages.get("ada")).isEqualTo(usage("cus_ada", 1, false));
    }

    @Test
    void shouldFindTheCustomersWithASummaryDueInTheStoreAndAmongTheChanged() {
        var usages = open(1, 10);
        usages.put("ada", usage("cus_ada", 1, true));
        usages.put("grace", usage("cus_grace", 2, false));
        usages.flushCache();
        usages.put("alan", usage("cus_alan", 3, true));

        var due = new ArrayList<String>();
        usages.forEachSummaryDue(due::add);

        assertThat(due).containsExactlyInAnyOrder("ada", "alan");
    }

    private CustomerUsageStore open(int decodedCustomers, int changedCustomers) {
        var usages = new CustomerUsageStore(store, decodedCustomers, changedCustomers);
        usages.init(storeContext, usages);
        return usages;
    }

    private static CustomerUsage usage(String customerId, long quantity, boolean summaryDue) {
        var item = new CountedItem(
                new MeteredItem("si_1", "mtr_1", "api_call", UsageAggregation.SUM),
                new UsageCount(quantity, 1),
                UsageCount.ZERO);
        return new CustomerUsage(
                new Tenant("mer_1", Mode.TEST),
                customerId,
                List.of(new TrackedSubscription("sub_" + customerId, START, END, List.of(item), summaryDue, null)));
    }
}
