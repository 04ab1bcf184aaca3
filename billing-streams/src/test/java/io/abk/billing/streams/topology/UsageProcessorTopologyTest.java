package io.abk.billing.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.CloseUsagePeriod;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.RecordUsage;
import io.abk.billing.schemas.avro.StopUsage;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.TrackUsage;
import io.abk.billing.schemas.avro.TrackedItem;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.avro.UsageQuantity;
import io.abk.billing.schemas.avro.UsageState;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.ids.MeterEvents;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.usage.CustomerUsageStore;
import io.abk.billing.streams.usage.UsageNodes;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Metered usage through the production topology (docs/architecture.md, "The usage processor"): meter events and usage
 * commands for one customer, the identifiers' window, the buckets an event's timestamp picks, sum, count and max,
 * a close's {@code RecordUsage} on the subscription topic, a repeated close, a stop, and the summaries.
 */
class UsageProcessorTopologyTest extends HarnessedTopologyTest {

    private static final String MERCHANT = "mer_01jq0000000000000000000000";
    private static final String CUSTOMER = "cus_01jq0000000000000000000001";
    private static final String KEY = MeterEvents.key(MERCHANT, "test", CUSTOMER);
    private static final String SUB = "sub_01jq0000000000000000000001";
    private static final Instant START = Instant.parse("2026-05-01T00:00:00Z");
    private static final Instant END = Instant.parse("2026-06-01T00:00:00Z");
    private static final Instant NEXT_END = Instant.parse("2026-07-01T00:00:00Z");
    private static final Instant ARRIVAL = Instant.parse("2026-05-10T12:00:00Z");

    private static final TrackedItem CALLS = new TrackedItem("si_calls", "mtr_calls", "api.calls", "sum");
    private static final TrackedItem LOGINS = new TrackedItem("si_logins", "mtr_logins", "login", "count");
    private static final TrackedItem STORAGE = new TrackedItem("si_gb", "mtr_gb", "gb.stored", "max");

    private TestInputTopic<String, MeterEvent> events;
    private TestInputTopic<String, UsageCommand> usageCommands;
    private TestOutputTopic<String, UsageSummary> summaries;
    private TestOutputTopic<String, SubscriptionCommand> subscriptionCommands;

    @BeforeEach
    void openUsageTopics() {
        var deployment = Deployment.DEFAULT;
        events = harness.driver.createInputTopic(
                Topics.METER_EVENTS.name(deployment),
                new StringSerializer(),
                Topics.METER_EVENTS.valueSerde().serializer());
        usageCommands = harness.driver.createInputTopic(
                Topics.USAGE_COMMANDS.name(deployment),
                new StringSerializer(),
                Topics.USAGE_COMMANDS.valueSerde().serializer());
        summaries = harness.driver.createOutputTopic(
                Topics.USAGE_SUMMARIES.name(deployment),
                Topics.USAGE_SUMMARIES.keySerde().deserializer(),
                Topics.USAGE_SUMMARIES.valueSerde().deserializer());
        subscriptionCommands = harness.driver.createOutputTopic(
                Topics.SUBSCRIPTION_COMMANDS.name(deployment),
                Topics.SUBSCRIPTION_COMMANDS.keySerde().deserializer(),
                Topics.SUBSCRIPTION_COMMANDS.valueSerde().deserializer());
    }

    // Protects against billing a retry twice: the gateway and producers resend an event with its identifier.
    @Test
    void shouldCountAnIdentifierOnceWhenItIsResentWithinTheWindow() {
        track("cmd_track", List.of(CALLS, LOGINS));
        event("api.calls", "evt_1", START.plusSeconds(10), 5, ARRIVAL);
        event("api.calls", "evt_1", START.plusSeconds(10), 5, ARRIVAL.plus(Duration.ofDays(34)));
        event("login", "evt_1", START.plusSeconds(10), 1, ARRIVAL.plusSeconds(1));

        assertThat(close("cmd_close", START, END, NEXT_END))
                .containsExactly(
                        new UsageQuantity("si_calls", "mtr_calls", 5L, 1L),
                        new UsageQuantity("si_logins", "mtr_logins", 1L, 1L));
    }

    @Test
    void shouldCountAnIdentifierAgainWhenItComesBackAfterTheWindow() {
        track("cmd_track", List.of(CALLS));
        event("api.calls", "evt_1", START.plusSeconds(10), 5, ARRIVAL);
        event("api.calls", "evt_1", START.plusSeconds(10), 5, ARRIVAL.plus(Duration.ofDays(36)));

        assertThat(close("cmd_close", START, END, NEXT_END))
                .containsExactly(new UsageQuantity("si_calls", "mtr_calls", 10L, 2L));
    }

    @Test
    void shouldCountLateEventsInTheOpenPeriodAndLaterOnesInTheNextWhenClosingTwice() {
        track("cmd_track", List.of(CALLS));
        event("api.calls", "evt_early", START.minus(Duration.ofDays(3)), 1, ARRIVAL);
        event("api.calls", "evt_in", START.plus(Duration.ofDays(3)), 10, ARRIVAL);
        event("api.calls", "evt_last", END.minusMillis(1), 100, ARRIVAL);
        event("api.calls", "evt_next", END, 1_000, ARRIVAL);
        event("api.calls", "evt_far", NEXT_END.plusSeconds(1), 10_000, ARRIVAL);

        assertThat(close("cmd_close_1", START, END, NEXT_END))
                .containsExactly(new UsageQuantity("si_calls", "mtr_calls", 111L, 3L));
        event("api.calls", "evt_after_close", START, 100_000, ARRIVAL.plus(Duration.ofDays(25)));
        assertThat(close("cmd_close_2", END, NEXT_END, NEXT_END.plus(Duration.ofDays(31))))
                .as("the next bucket (all events at or after the first end) and the late one after the close")
                .containsExactly(new UsageQuantity("si_calls", "mtr_calls", 111_000L, 3L));
    }

    @Test
    void shouldSumCountAndTakeTheMaxWhenEachItemAggregatesItsOwnMeter() {
        track("cmd_track", List.of(CALLS, LOGINS, STORAGE));
        long[] values = {7, 0, 42, 3};
        for (int i = 0; i < values.length; i++) {
            var at = START.plus(Duration.ofHours(i));
            event("api.calls", "calls_" + i, at, values[i], ARRIVAL);
            event("login", "login_" + i, at, values[i], ARRIVAL);
            event("gb.stored", "gb_" + i, at, values[i], ARRIVAL);
        }
        event("unknown.event", "x", START, 9, ARRIVAL);

        assertThat(close("cmd_close", START, END, NEXT_END))
                .containsExactly(
                        new UsageQuantity("si_calls", "mtr_calls", 52L, 4L),
                        new UsageQuantity("si_logins", "mtr_logins", 4L, 4L),
                        new UsageQuantity("si_gb", "mtr_gb", 42L, 4L));
    }

    @Test
    void shouldAnswerACloseWithRecordUsageToTheSubscriptionWhenItsPeriodEnds() {
        track("cmd_track", List.of(CALLS));
        event("api.calls", "evt_1", START.plusSeconds(1), 12, ARRIVAL);
        var requestedAt = END.plus(Duration.ofHours(1));
        usageCommands.pipeInput(
                KEY, command("cmd_renew:usage", requestedAt, new CloseUsagePeriod(SUB, START, END, NEXT_END)));

        var records = subscriptionCommands.readRecordsToList();
        assertThat(records).hasSize(1);
        assertThat(records.getFirst().key()).isEqualTo(SUB);
        var command = records.getFirst().value();
        assertThat(command.getCommandId()).isEqualTo("cmd_renew:usage:recorded");
        assertThat(command.getSubscriptionId()).isEqualTo(SUB);
        assertThat(command.getMerchantId()).isEqualTo(MERCHANT);
        assertThat(command.getMode()).isEqualTo(Mode.TEST);
        assertThat(command.getRequestedAt()).isEqualTo(requestedAt);
        assertThat(command.getPayload())
                .isEqualTo(new RecordUsage(START, END, List.of(new UsageQuantity("si_calls", "mtr_calls", 12L, 1L))));
    }

    @Test
    void shouldSendTheSameQuantitiesAgainWhenAClosedPeriodIsClosedAgain() {
        track("cmd_track", List.of(CALLS));
        event("api.calls", "evt_1", START.plusSeconds(1), 12, ARRIVAL);
        var first = close("cmd_close", START, END, NEXT_END);
        event("api.calls", "evt_2", END.plusSeconds(1), 30, ARRIVAL.plus(Duration.ofDays(25)));

        var again = close("cmd_close_again", START, END, NEXT_END);
        usageCommands.pipeInput(KEY, command("cmd_close", END, new CloseUsagePeriod(SUB, START, END, NEXT_END)));

        assertThat(again).isEqualTo(first).containsExactly(new UsageQuantity("si_calls", "mtr_calls", 12L, 1L));
        assertThat(subscriptionCommands.isEmpty())
                .as("the same close command is applied once")
                .isTrue();
        assertThat(close("cmd_close_2", END, NEXT_END, NEXT_END.plus(Duration.ofDays(31))))
                .containsExactly(new UsageQuantity("si_calls", "mtr_calls", 30L, 1L));
    }

    @Test
    void shouldStopCountingAndForgetTheCustomerWhenItsOnlySubscriptionStops() {
        track("cmd_track", List.of(CALLS));
        event("api.calls", "evt_1", START.plusSeconds(1), 12, ARRIVAL);
        usageCommands.pipeInput(KEY, command("cmd_stop", ARRIVAL, new StopUsage(SUB)));
        event("api.calls", "evt_2", START.plusSeconds(2), 30, ARRIVAL);

        assertThat(state().get(KEY)).isNull();
        assertThat(close("cmd_close", START, END, NEXT_END))
                .as("a close after the stop answers nothing counted")
                .isEmpty();
    }

    @Test
    void shouldWriteASummaryAtOnceAfterATrackAndAtMostOnceASecondWhileEventsArrive() {
        track("cmd_track", List.of(CALLS, STORAGE));
        var tracked = summaries.readRecordsToList();
        assertThat(tracked).hasSize(1);
        assertThat(tracked.getFirst().key()).isEqualTo(SUB);
        assertThat(tracked.getFirst().value().getItems())
                .extracting(UsageQuantity::getQuantity)
                .containsExactly(0L, 0L);

        for (int i = 0; i < 50; i++) {
            event("api.calls", "evt_" + i, START.plusSeconds(i), 2, ARRIVAL);
        }
        assertThat(summaries.isEmpty()).as("not before the punctuation").isTrue();
        assertThat(state().get(KEY).getSubscriptions().getFirst().getSummaryDue())
                .isTrue();

        harness.driver.advanceWallClockTime(Duration.ofSeconds(1));

        var summary = summaries.readRecordsToList();
        assertThat(summary).hasSize(1);
        var value = summary.getFirst().value();
        assertThat(value.getSubscriptionId()).isEqualTo(SUB);
        assertThat(value.getMerchantId()).isEqualTo(MERCHANT);
        assertThat(value.getMode()).isEqualTo(Mode.TEST);
        assertThat(value.getCustomerId()).isEqualTo(CUSTOMER);
        assertThat(value.getPeriodStart()).isEqualTo(START);
        assertThat(value.getPeriodEnd()).isEqualTo(END);
        assertThat(value.getItems())
                .containsExactly(
                        new UsageQuantity("si_calls", "mtr_calls", 100L, 50L),
                        new UsageQuantity("si_gb", "mtr_gb", 0L, 0L));
        assertThat(value.getAsOf()).isEqualTo(TopologyHarness.WALL_CLOCK.plusSeconds(1));
        assertThat(state().get(KEY).getSubscriptions().getFirst().getSummaryDue())
                .isFalse();

        harness.driver.advanceWallClockTime(Duration.ofSeconds(1));
        assertThat(summaries.isEmpty()).as("nothing changed since").isTrue();

        close("cmd_close", START, END, NEXT_END);
        var afterClose = summaries.readRecordsToList();
        assertThat(afterClose).as("at once after a close: the new open period").hasSize(1);
        assertThat(afterClose.getFirst().value().getPeriodStart()).isEqualTo(END);
        assertThat(afterClose.getFirst().value().getItems())
                .extracting(UsageQuantity::getQuantity)
                .containsExactly(0L, 0L);
    }

    @Test
    void shouldDeadLetterAnEventKeyedForAnotherCustomerWhenItArrives() {
        track("cmd_track", List.of(CALLS));
        events.pipeInput(
                MeterEvents.key(MERCHANT, "test", "cus_someone_else"),
                meterEvent("api.calls", "evt_1", START, 5),
                ARRIVAL);

        assertThat(harness.deadLetters.readRecordsToList()).hasSize(1);
        assertThat(close("cmd_close", START, END, NEXT_END))
                .containsExactly(new UsageQuantity("si_calls", "mtr_calls", 0L, 0L));
    }

    private void track(String commandId, List<TrackedItem> items) {
        usageCommands.pipeInput(KEY, command(commandId, START, new TrackUsage(SUB, items, START, END)));
    }

    private void event(String name, String identifier, Instant timestamp, long value, Instant arrival) {
        events.pipeInput(KEY, meterEvent(name, identifier, timestamp, value), arrival);
    }

    /** Closes [start, end) and returns the quantities of the one RecordUsage it answered. */
    private List<UsageQuantity> close(String commandId, Instant start, Instant end, Instant nextEnd) {
        usageCommands.pipeInput(KEY, command(commandId, end, new CloseUsagePeriod(SUB, start, end, nextEnd)));
        var records = subscriptionCommands.readRecordsToList();
        assertThat(records).hasSize(1);
        var recorded = (RecordUsage) records.getFirst().value().getPayload();
        assertThat(recorded.getPeriodStart()).isEqualTo(start);
        assertThat(recorded.getPeriodEnd()).isEqualTo(end);
        return recorded.getItems();
    }

    private static MeterEvent meterEvent(String name, String identifier, Instant timestamp, long value) {
        return new MeterEvent(MERCHANT, Mode.TEST, CUSTOMER, name, identifier, timestamp, value, timestamp);
    }

    private static UsageCommand command(String commandId, Instant requestedAt, Object payload) {
        return new UsageCommand(commandId, MERCHANT, Mode.TEST, CUSTOMER, requestedAt, payload);
    }

    /** What the usage state store wrote beneath itself: the test driver commits after each record. */
    private KeyValueStore<String, UsageState> state() {
        var store = (CustomerUsageStore) harness.driver.getStateStore(UsageNodes.DEFAULT.stateStore());
        return store.wrapped();
    }
}
