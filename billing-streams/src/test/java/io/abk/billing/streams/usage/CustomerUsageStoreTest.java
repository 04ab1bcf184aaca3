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
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CustomerUsageStoreTest {

    private static final Instant START = Instant.parse("2026-12-01T00:00:00Z");
    private static final Instant END = Instant.parse("2027-01-01T00:00:00Z");

    private KeyValueStore<String, UsageState> store;

    @BeforeEach
    void createStore() {
        // The processor's store as Kafka Streams gives it: Avro bytes underneath, so a read decodes.
        store = Stores.keyValueStoreBuilder(
                        Stores.inMemoryKeyValueStore("usage-state"), Serdes.String(), AvroSerde.of(UsageState.class))
                .withLoggingDisabled()
                .build();
        store.init(new MockProcessorContext<>().getStateStoreContext(), store);
    }

    @Test
    void shouldWriteEachChangeToTheStoreAtOnceAndAnswerTheDecodedCopyAfterwards() {
        var usages = new CustomerUsageStore(store, 2);
        var counted = usage("cus_ada", 5, true);

        usages.put("ada", counted);

        assertThat(UsageStateMapper.toDomain(store.get("ada"))).isEqualTo(counted);
        assertThat(usages.get("ada")).isSameAs(counted);
    }

    @Test
    void shouldDecodeACustomerFromTheStoreAgainOnceMoreRecentOnesPushedItOut() {
        var usages = new CustomerUsageStore(store, 2);
        var ada = usage("cus_ada", 1, false);
        usages.put("ada", ada);
        usages.put("grace", usage("cus_grace", 2, false));
        usages.put("alan", usage("cus_alan", 3, false));

        assertThat(usages.decodedCount()).isEqualTo(2);
        var read = usages.get("ada");
        assertThat(read).isNotSameAs(ada).isEqualTo(ada);
        assertThat(usages.decodedCount()).isEqualTo(2);
    }

    @Test
    void shouldForgetADeletedCustomerInTheStoreAndTheDecodedCopies() {
        var usages = new CustomerUsageStore(store, 2);
        usages.put("ada", usage("cus_ada", 1, false));

        usages.delete("ada");

        assertThat(usages.get("ada")).isNull();
        assertThat(store.get("ada")).isNull();
    }

    @Test
    void shouldFindTheCustomersWithASummaryDueInTheStoreEvenWhenNoneIsDecoded() {
        var usages = new CustomerUsageStore(store, 1);
        usages.put("ada", usage("cus_ada", 1, true));
        usages.put("grace", usage("cus_grace", 2, false));
        usages.put("alan", usage("cus_alan", 3, true));
        var fresh = new CustomerUsageStore(store);

        var due = new ArrayList<String>();
        fresh.forEachSummaryDue(due::add);

        assertThat(due).containsExactlyInAnyOrder("ada", "alan");
        assertThat(fresh.decodedCount()).isZero();
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
