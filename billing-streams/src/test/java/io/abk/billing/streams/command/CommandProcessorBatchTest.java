package io.abk.billing.streams.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.RenewSubscriptions;
import io.abk.billing.schemas.avro.RenewalItem;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.command.AggregateEnvelope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.errors.TaskMigratedException;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A batch command through {@link CommandProcessor} with an adapter of its own (an aggregate that is a string and counts
 * the renewals it took): each item applies as a command of its own, and an item that throws neither stops the items
 * after it nor lets the batch pass as handled.
 */
class CommandProcessorBatchTest {

    private static final Instant AT = Instant.parse("2027-02-28T09:30:00Z");
    /** The period end an item throws on, as a bug in a decider would. */
    private static final Instant POISON = Instant.parse("1999-12-31T00:00:00Z");
    /** The period end an item meets a fenced producer on, as a store write or a forward would. */
    private static final Instant FENCED = Instant.parse("1998-12-31T00:00:00Z");
    /** The sink of what an applied item sends besides its change. */
    private static final String NOTICES = "notices";

    private final MockProcessorContext<String, SpecificRecord> context = new MockProcessorContext<>();
    private KeyValueStore<String, String> aggregates;
    private CommandProcessor<SubscriptionCommand, String> processor;

    /** Renews by appending "+" to the stored string; the batch is unpacked as the subscription adapter does. */
    private static final class CountingAdapter implements AggregateAdapter<SubscriptionCommand, String> {

        @Override
        public String idOf(String stored) {
            return stored.substring(0, stored.indexOf('+') < 0 ? stored.length() : stored.indexOf('+'));
        }

        @Override
        public @Nullable List<SubscriptionCommand> batchItems(SubscriptionCommand command) {
            if (!(command.getPayload() instanceof RenewSubscriptions renewals)) {
                return null;
            }
            var items = new ArrayList<SubscriptionCommand>();
            for (var item : renewals.getItems()) {
                items.add(envelope(item.getCommandId(), item.getSubscriptionId(), item.getPeriodEnd()));
            }
            return items;
        }

        @Override
        public Applied<String> apply(CommandHeader header, SubscriptionCommand command, @Nullable String stored) {
            var renew = (RenewSubscription) command.getPayload();
            if (renew.getPeriodEnd().equals(POISON)) {
                throw new IllegalStateException("a bug while deciding " + header.commandId());
            }
            if (renew.getPeriodEnd().equals(FENCED)) {
                throw new TaskMigratedException("the producer was fenced");
            }
            if (stored == null) {
                return Applied.rejected(Changes.rejected(header, "subscription", "not_found", "no such subscription"));
            }
            var notice = new Forward(
                    NOTICES,
                    header.aggregateId(),
                    new RenewalItem(header.commandId(), header.aggregateId(), "mer_1", Mode.TEST, AT, AT));
            return new Applied<>(
                    stored + "+",
                    Changes.rejected(header, "subscription", "renewed", "a stand-in change"),
                    List.of(notice));
        }

        /** The notices of a batch's items as one record, as the subscription adapter sends numbers requests. */
        @Override
        public List<Forward> combine(List<Forward> forwards) {
            if (forwards.size() < 2) {
                return forwards;
            }
            var items = forwards.stream().map(f -> (RenewalItem) f.value()).toList();
            return List.of(new Forward(NOTICES, forwards.getFirst().key(), new RenewSubscriptions(items)));
        }
    }

    @BeforeEach
    void init() {
        var nodes = new CommandNodes("subscription");
        aggregates = store(nodes.aggregateStore(), Serdes.String());
        KeyValueStore<String, Long> processed = store(nodes.processedCommandStore(), Serdes.Long());
        processor = new CommandProcessor<>(nodes, new CountingAdapter());
        context.setCurrentSystemTimeMs(AT.toEpochMilli());
        processor.init(context);
        aggregates.put("sub_a", "sub_a");
        aggregates.put("sub_b", "sub_b");
        aggregates.put("sub_c", "sub_c");
        assertThat(processed.approximateNumEntries()).isZero();
    }

    private <V> KeyValueStore<String, V> store(String name, org.apache.kafka.common.serialization.Serde<V> values) {
        KeyValueStore<String, V> store = Stores.keyValueStoreBuilder(
                        Stores.inMemoryKeyValueStore(name), Serdes.String(), values)
                .withLoggingDisabled()
                .build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        return store;
    }

    private static SubscriptionCommand envelope(String commandId, String subscriptionId, Instant periodEnd) {
        return AggregateEnvelope.SUBSCRIPTION.command(
                commandId, subscriptionId, "mer_1", Mode.TEST, AT, null, new RenewSubscription(periodEnd));
    }

    private static RenewalItem item(String commandId, String subscriptionId, Instant periodEnd) {
        return new RenewalItem(commandId, subscriptionId, "mer_1", Mode.TEST, AT, periodEnd);
    }

    private static Record<String, SubscriptionCommand> batch(RenewalItem... items) {
        var first = items[0];
        var command = AggregateEnvelope.SUBSCRIPTION.command(
                "renewals:" + first.getCommandId(),
                first.getSubscriptionId(),
                "mer_1",
                Mode.TEST,
                AT,
                null,
                new RenewSubscriptions(List.of(items)));
        return new Record<>(first.getSubscriptionId(), command, AT.toEpochMilli());
    }

    private List<String> changedCommandIds() {
        var ids = context.forwarded().stream()
                .filter(forwarded -> forwarded.record().value() instanceof Change)
                .map(forwarded -> ((Change) forwarded.record().value()).getCommandId())
                .toList();
        context.resetForwards();
        return ids;
    }

    @Test
    void shouldApplyEveryItemOnceUnderItsOwnKeyAndCommandId() {
        processor.process(batch(item("cmd_a", "sub_a", AT), item("cmd_b", "sub_b", AT), item("cmd_x", "sub_x", AT)));

        assertThat(changedCommandIds()).containsExactly("cmd_a", "cmd_b", "cmd_x");
        assertThat(aggregates.get("sub_a")).isEqualTo("sub_a+");
        assertThat(aggregates.get("sub_b")).isEqualTo("sub_b+");
        assertThat(aggregates.get("sub_x"))
                .as("an item without its aggregate writes none")
                .isNull();

        // replayed, with one more item: only the new item applies
        processor.process(batch(item("cmd_a", "sub_a", AT), item("cmd_b", "sub_b", AT), item("cmd_c", "sub_c", AT)));

        assertThat(changedCommandIds()).containsExactly("cmd_c");
        assertThat(aggregates.get("sub_a")).isEqualTo("sub_a+");
        assertThat(aggregates.get("sub_c")).isEqualTo("sub_c+");
    }

    @Test
    void shouldApplyTheItemsAfterOneThatThrowsThenThrowTheBatchToTheFailureHandler() {
        var poisoned = batch(item("cmd_a", "sub_a", AT), item("cmd_b", "sub_b", POISON), item("cmd_c", "sub_c", AT));

        assertThatThrownBy(() -> processor.process(poisoned))
                .hasMessageContaining("renewals:cmd_a")
                .hasMessageContaining("1 of 3 commands failed")
                .hasRootCauseMessage("a bug while deciding cmd_b");

        assertThat(changedCommandIds()).containsExactly("cmd_a", "cmd_c");
        assertThat(aggregates.get("sub_b")).as("the failed item wrote nothing").isEqualTo("sub_b");
        assertThat(aggregates.get("sub_c")).isEqualTo("sub_c+");

        // replayed from the dead-letter topic once fixed: only the item that failed applies
        var fixed = batch(item("cmd_a", "sub_a", AT), item("cmd_b", "sub_b", AT), item("cmd_c", "sub_c", AT));
        processor.process(fixed);
        assertThat(changedCommandIds()).containsExactly("cmd_b");
        assertThat(aggregates.get("sub_b")).isEqualTo("sub_b+");
        assertThat(aggregates.get("sub_a")).isEqualTo("sub_a+");
    }

    @Test
    void shouldLetKafkasOwnExceptionThroughAtOnceWhenAnItemMeetsIt() {
        var fenced = batch(item("cmd_a", "sub_a", AT), item("cmd_b", "sub_b", FENCED), item("cmd_c", "sub_c", AT));

        // the stream thread aborts the transaction (with cmd_a's writes) and the task starts over: nothing after it
        assertThatThrownBy(() -> processor.process(fenced)).isExactlyInstanceOf(TaskMigratedException.class);

        assertThat(changedCommandIds()).containsExactly("cmd_a");
        assertThat(aggregates.get("sub_c")).isEqualTo("sub_c");
    }

    @Test
    void shouldSendWhatTheAppliedItemsAskedOnceAfterTheirChangesAsTheAdapterCombinesIt() {
        var poisoned = batch(item("cmd_a", "sub_a", AT), item("cmd_b", "sub_b", POISON), item("cmd_c", "sub_c", AT));

        assertThatThrownBy(() -> processor.process(poisoned)).hasMessageContaining("1 of 3 commands failed");

        var forwarded = context.forwarded();
        var changes = new CommandNodes("subscription").changesSink();
        assertThat(forwarded)
                .extracting(captured -> captured.childName().orElseThrow())
                .containsExactly(changes, changes, NOTICES);
        var notices = (RenewSubscriptions) forwarded.get(2).record().value();
        assertThat(notices.getItems())
                .as("the applied items' records, the failed one's not among them")
                .extracting(RenewalItem::getSubscriptionId)
                .containsExactly("sub_a", "sub_c");
        assertThat(forwarded.get(2).record().key()).isEqualTo("sub_a");
    }

    @Test
    void shouldSendALoneCommandsRecordsAsTheyAre() {
        processor.process(new Record<>("sub_a", envelope("cmd_a", "sub_a", AT), AT.toEpochMilli()));

        assertThat(context.forwarded())
                .extracting(captured -> captured.record().value().getClass().getSimpleName())
                .containsExactly("Change", "RenewalItem");
    }
}
