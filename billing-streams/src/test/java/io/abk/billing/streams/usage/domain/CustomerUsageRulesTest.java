package io.abk.billing.streams.usage.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.usage.domain.UsageInstruction.Close;
import io.abk.billing.streams.usage.domain.UsageInstruction.Count;
import io.abk.billing.streams.usage.domain.UsageInstruction.Stop;
import io.abk.billing.streams.usage.domain.UsageInstruction.Track;
import io.abk.billing.streams.usage.domain.UsageOutcome.CloseKind;
import io.abk.billing.streams.usage.domain.UsageOutcome.Counted;
import io.abk.billing.streams.usage.domain.UsageOutcome.Recorded;
import io.abk.billing.streams.usage.domain.UsageOutcome.StaleClose;
import io.abk.billing.streams.usage.domain.UsageOutcome.Stopped;
import io.abk.billing.streams.usage.domain.UsageOutcome.Tracked;
import io.abk.billing.streams.usage.domain.UsageOutcome.Untracked;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The usage processor's rules (docs/architecture.md, "The usage processor"): which bucket an event's timestamp picks, how
 * sum, count and max aggregate, what a track keeps, and what a close records, repeats or ignores.
 */
class CustomerUsageRulesTest {

    private static final Tenant TENANT = new Tenant("mer_1", Mode.TEST);
    private static final Instant START = Instant.parse("2026-05-01T00:00:00Z");
    private static final Instant END = Instant.parse("2026-06-01T00:00:00Z");
    private static final Instant NEXT_END = Instant.parse("2026-07-01T00:00:00Z");
    private static final Instant PREVIOUS_START = Instant.parse("2026-04-01T00:00:00Z");
    private static final Instant MIDDLE = START.plus(Duration.ofDays(10));

    private static final MeteredItem CALLS =
            new MeteredItem("si_calls", "mtr_calls", "api.calls", UsageAggregation.SUM);
    private static final MeteredItem LOGINS =
            new MeteredItem("si_logins", "mtr_logins", "login", UsageAggregation.COUNT);
    private static final MeteredItem STORAGE = new MeteredItem("si_gb", "mtr_gb", "gb.stored", UsageAggregation.MAX);

    record Row(String name, CustomerUsage given, UsageInstruction when, Consumer<UsageOutcome> then) {
        @Override
        public String toString() {
            return name;
        }
    }

    static CountedItem item(MeteredItem item, long quantity, long events, long nextQuantity, long nextEvents) {
        return new CountedItem(item, new UsageCount(quantity, events), new UsageCount(nextQuantity, nextEvents));
    }

    static TrackedSubscription subscription(String id, @Nullable RecordedPeriod closed, CountedItem... items) {
        return new TrackedSubscription(id, START, END, List.of(items), false, closed);
    }

    static CustomerUsage usage(TrackedSubscription... subscriptions) {
        return new CustomerUsage(TENANT, "cus_1", List.of(subscriptions));
    }

    /** sub_1 counting calls (sum 100 over 2 events, 7 already in the next period) and storage (max 40). */
    static final CustomerUsage ONE =
            usage(subscription("sub_1", null, item(CALLS, 100, 2, 7, 1), item(STORAGE, 40, 3, 0, 0)));

    static final RecordedPeriod APRIL =
            new RecordedPeriod(PREVIOUS_START, START, List.of(new RecordedQuantity("si_calls", "mtr_calls", 55, 5)));

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.add(new Row(
                "sum: an event within the open period adds its value there",
                ONE,
                new Count("api.calls", MIDDLE, 25),
                counted(Set.of(UsageBucket.OPEN), sub -> {
                    assertThat(sub.items().get(0)).isEqualTo(item(CALLS, 125, 3, 7, 1));
                    assertThat(sub.items().get(1)).as("another meter's item").isEqualTo(item(STORAGE, 40, 3, 0, 0));
                    assertThat(sub.summaryDue()).isTrue();
                })));
        rows.add(new Row(
                "an event at the open period's start counts in it",
                ONE,
                new Count("api.calls", START, 1),
                counted(
                        Set.of(UsageBucket.OPEN),
                        sub -> assertThat(sub.items().get(0)).isEqualTo(item(CALLS, 101, 3, 7, 1)))));
        rows.add(new Row(
                "late: an event before the open period's start counts in the open period, where it arrived",
                ONE,
                new Count("api.calls", START.minusMillis(1), 5),
                counted(
                        Set.of(UsageBucket.LATE),
                        sub -> assertThat(sub.items().get(0)).isEqualTo(item(CALLS, 105, 3, 7, 1)))));
        rows.add(new Row(
                "next: an event at the open period's end counts in the next period",
                ONE,
                new Count("api.calls", END, 5),
                counted(
                        Set.of(UsageBucket.NEXT),
                        sub -> assertThat(sub.items().get(0)).isEqualTo(item(CALLS, 100, 2, 12, 2)))));
        rows.add(new Row(
                "max: a larger value replaces the quantity",
                ONE,
                new Count("gb.stored", MIDDLE, 41),
                counted(
                        Set.of(UsageBucket.OPEN),
                        sub -> assertThat(sub.items().get(1)).isEqualTo(item(STORAGE, 41, 4, 0, 0)))));
        rows.add(new Row(
                "max: a smaller value keeps the quantity and still counts the event",
                ONE,
                new Count("gb.stored", MIDDLE, 3),
                counted(
                        Set.of(UsageBucket.OPEN),
                        sub -> assertThat(sub.items().get(1)).isEqualTo(item(STORAGE, 40, 4, 0, 0)))));
        rows.add(new Row(
                "max: the next period's bucket starts from its own events",
                ONE,
                new Count("gb.stored", END.plusSeconds(1), 3),
                counted(
                        Set.of(UsageBucket.NEXT),
                        sub -> assertThat(sub.items().get(1)).isEqualTo(item(STORAGE, 40, 3, 3, 1)))));
        rows.add(new Row(
                "count: adds one whatever the value",
                usage(subscription("sub_1", null, item(LOGINS, 4, 4, 0, 0))),
                new Count("login", MIDDLE, 1_000),
                counted(
                        Set.of(UsageBucket.OPEN),
                        sub -> assertThat(sub.items().get(0)).isEqualTo(item(LOGINS, 5, 5, 0, 0)))));
        rows.add(new Row(
                "sum: stops at the largest long rather than wrap",
                usage(subscription("sub_1", null, item(CALLS, Long.MAX_VALUE - 1, 9, 0, 0))),
                new Count("api.calls", MIDDLE, 1_000_000_000_000L),
                counted(
                        Set.of(UsageBucket.OPEN),
                        sub -> assertThat(sub.items().get(0)).isEqualTo(item(CALLS, Long.MAX_VALUE, 10, 0, 0)))));
        rows.add(new Row(
                "an event no tracked item counts changes nothing",
                ONE,
                new Count("other.event", MIDDLE, 1),
                outcome -> assertThat(outcome).isInstanceOf(Untracked.class)));
        rows.add(new Row(
                "an event for a customer with nothing tracked changes nothing",
                CustomerUsage.empty(TENANT, "cus_1"),
                new Count("api.calls", MIDDLE, 1),
                outcome -> assertThat(outcome).isInstanceOf(Untracked.class)));
        rows.add(new Row(
                "two subscriptions of the customer on the same meter: the event counts for both, each by its own period",
                usage(
                        subscription("sub_1", null, item(CALLS, 0, 0, 0, 0)),
                        new TrackedSubscription(
                                "sub_2", PREVIOUS_START, START, List.of(item(CALLS, 0, 0, 0, 0)), false, null)),
                new Count("api.calls", MIDDLE, 3),
                outcome -> {
                    var counted = (Counted) outcome;
                    assertThat(counted.subscriptionIds()).containsExactly("sub_1", "sub_2");
                    assertThat(counted.buckets()).containsExactlyInAnyOrder(UsageBucket.OPEN, UsageBucket.NEXT);
                    assertThat(counted.after().subscription("sub_1").items().get(0))
                            .isEqualTo(item(CALLS, 3, 1, 0, 0));
                    assertThat(counted.after().subscription("sub_2").items().get(0))
                            .isEqualTo(item(CALLS, 0, 0, 3, 1));
                }));
        rows.add(new Row(
                "track: a new subscription starts every item at zero, its summary written at once",
                CustomerUsage.empty(TENANT, "cus_1"),
                new Track("sub_1", List.of(CALLS, STORAGE), START, END),
                tracked(sub -> {
                    assertThat(sub)
                            .isEqualTo(subscription("sub_1", null, item(CALLS, 0, 0, 0, 0), item(STORAGE, 0, 0, 0, 0)));
                })));
        rows.add(new Row(
                "track again in the same period: items that stay keep their counts, a new one starts at zero, a removed one goes",
                ONE,
                new Track("sub_1", List.of(CALLS, LOGINS), START, END),
                tracked(sub ->
                        assertThat(sub.items()).containsExactly(item(CALLS, 100, 2, 7, 1), item(LOGINS, 0, 0, 0, 0)))));
        rows.add(new Row(
                "track of the period after the open one: the next period's counts become the open ones",
                ONE,
                new Track("sub_1", List.of(CALLS), END, NEXT_END),
                tracked(sub -> {
                    assertThat(sub.periodStart()).isEqualTo(END);
                    assertThat(sub.items()).containsExactly(item(CALLS, 7, 1, 0, 0));
                })));
        rows.add(new Row(
                "track of another period (a resume): what was counted and not recorded is carried into it, the last close is kept",
                usage(subscription(
                        "sub_1",
                        APRIL,
                        item(CALLS, 100, 2, 7, 1),
                        item(STORAGE, 40, 3, 65, 1),
                        item(LOGINS, 4, 4, 1, 1))),
                new Track("sub_1", List.of(CALLS, STORAGE, LOGINS), NEXT_END, NEXT_END.plus(Duration.ofDays(30))),
                tracked(sub -> {
                    assertThat(sub.periodStart()).isEqualTo(NEXT_END);
                    assertThat(sub.items())
                            .containsExactly(
                                    item(CALLS, 107, 3, 0, 0), item(STORAGE, 65, 4, 0, 0), item(LOGINS, 5, 5, 0, 0));
                    assertThat(sub.closed()).isEqualTo(APRIL);
                })));
        rows.add(new Row(
                "track of another period with an item moved to another meter: that item starts over, the others carry",
                usage(subscription("sub_1", null, item(CALLS, 100, 2, 7, 1), item(LOGINS, 4, 4, 0, 0))),
                new Track(
                        "sub_1",
                        List.of(new MeteredItem("si_calls", "mtr_other", "other", UsageAggregation.SUM), LOGINS),
                        NEXT_END,
                        NEXT_END.plus(Duration.ofDays(30))),
                tracked(sub -> {
                    assertThat(sub.items().get(0).open()).isEqualTo(UsageCount.ZERO);
                    assertThat(sub.items().get(1).open()).isEqualTo(new UsageCount(4, 4));
                })));
        rows.add(new Row(
                "track with an item moved to another meter: its counts start over",
                ONE,
                new Track(
                        "sub_1",
                        List.of(new MeteredItem("si_calls", "mtr_other", "other", UsageAggregation.SUM)),
                        START,
                        END),
                tracked(sub -> assertThat(sub.items().get(0).open()).isEqualTo(UsageCount.ZERO))));
        rows.add(new Row(
                "stop: the subscription and its counts go, the customer's others stay",
                usage(
                        subscription("sub_1", null, item(CALLS, 100, 2, 7, 1)),
                        subscription("sub_2", null, item(LOGINS, 1, 1, 0, 0))),
                new Stop("sub_1"),
                outcome -> {
                    var stopped = (Stopped) outcome;
                    assertThat(stopped.wasTracked()).isTrue();
                    assertThat(stopped.after().subscriptions())
                            .extracting(TrackedSubscription::subscriptionId)
                            .containsExactly("sub_2");
                }));
        rows.add(new Row("stop of a subscription not tracked changes nothing", ONE, new Stop("sub_9"), outcome -> {
            var stopped = (Stopped) outcome;
            assertThat(stopped.wasTracked()).isFalse();
            assertThat(stopped.after()).isEqualTo(ONE);
        }));
        rows.add(new Row(
                "close of the open period: records its quantities, opens the next period with the next counts",
                ONE,
                new Close("sub_1", START, END, NEXT_END),
                outcome -> {
                    var recorded = (Recorded) outcome;
                    assertThat(recorded.kind()).isEqualTo(CloseKind.CLOSED);
                    var period = new RecordedPeriod(
                            START,
                            END,
                            List.of(
                                    new RecordedQuantity("si_calls", "mtr_calls", 100, 2),
                                    new RecordedQuantity("si_gb", "mtr_gb", 40, 3)));
                    assertThat(recorded.recorded()).isEqualTo(period);
                    assertThat(recorded.after().subscription("sub_1"))
                            .isEqualTo(new TrackedSubscription(
                                    "sub_1",
                                    END,
                                    NEXT_END,
                                    List.of(item(CALLS, 7, 1, 0, 0), item(STORAGE, 0, 0, 0, 0)),
                                    false,
                                    period));
                }));
        rows.add(new Row(
                "close asked again for the last closed period: the same quantities again, nothing changes",
                usage(new TrackedSubscription("sub_1", START, END, List.of(item(CALLS, 3, 1, 0, 0)), true, APRIL)),
                new Close("sub_1", PREVIOUS_START, START, END),
                outcome -> {
                    var recorded = (Recorded) outcome;
                    assertThat(recorded.kind()).isEqualTo(CloseKind.REPEATED);
                    assertThat(recorded.recorded()).isEqualTo(APRIL);
                    assertThat(recorded.after().subscription("sub_1").items()).containsExactly(item(CALLS, 3, 1, 0, 0));
                }));
        rows.add(new Row(
                "close of a period older than the last closed one: nothing sent, nothing changes",
                usage(subscription("sub_1", APRIL, item(CALLS, 3, 1, 0, 0))),
                new Close("sub_1", PREVIOUS_START.minus(Duration.ofDays(31)), PREVIOUS_START, START),
                outcome -> assertThat(outcome).isEqualTo(new StaleClose("sub_1", START))));
        rows.add(new Row(
                "close of a subscription not tracked: an empty record, so the renewal waiting for it goes on",
                ONE,
                new Close("sub_9", START, END, NEXT_END),
                outcome -> {
                    var recorded = (Recorded) outcome;
                    assertThat(recorded.kind()).isEqualTo(CloseKind.UNTRACKED);
                    assertThat(recorded.recorded()).isEqualTo(new RecordedPeriod(START, END, List.of()));
                    assertThat(recorded.after()).isEqualTo(ONE);
                }));
        rows.add(new Row(
                "close under bounds that are not the open period's: recorded under the close's, realigned to them",
                ONE,
                new Close("sub_1", START, END.plus(Duration.ofDays(1)), NEXT_END),
                outcome -> {
                    var recorded = (Recorded) outcome;
                    assertThat(recorded.kind()).isEqualTo(CloseKind.REALIGNED);
                    assertThat(recorded.recorded().end()).isEqualTo(END.plus(Duration.ofDays(1)));
                    assertThat(recorded.recorded().items().get(0).quantity()).isEqualTo(100);
                    assertThat(recorded.after().subscription("sub_1").periodStart())
                            .isEqualTo(END.plus(Duration.ofDays(1)));
                }));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldApplyTheRuleOfEachRowWhenGivenItsState(Row row) {
        row.then().accept(CustomerUsageRules.apply(row.given(), row.when()));
    }

    @Test
    void shouldRefuseANegativeValueWhenCounting() {
        assertThatThrownBy(() -> CustomerUsageRules.apply(ONE, new Count("api.calls", MIDDLE, -1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseACloseWhoseNextPeriodEndsBeforeItsEndWhenClosing() {
        assertThatThrownBy(() -> CustomerUsageRules.apply(ONE, new Close("sub_1", START, END, END)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldCloseThreePeriodsInARowWithEachPeriodsOwnCountsWhenEventsStraddleTheEnds() {
        var usage = CustomerUsageRules.apply(
                CustomerUsage.empty(TENANT, "cus_1"), new Track("sub_1", List.of(CALLS), START, END));
        var state = ((Tracked) usage).after();
        var ends = List.of(END, NEXT_END, NEXT_END.plus(Duration.ofDays(31)), NEXT_END.plus(Duration.ofDays(62)));
        var recorded = new ArrayList<Long>();
        var periodStart = START;
        for (int period = 0; period < 3; period++) {
            // One event in the period, and one after its end that belongs to the next.
            state = ((Counted) CustomerUsageRules.apply(state, new Count("api.calls", periodStart, 10 + period)))
                    .after();
            state = ((Counted) CustomerUsageRules.apply(state, new Count("api.calls", ends.get(period), 100))).after();
            var close = (Recorded) CustomerUsageRules.apply(
                    state, new Close("sub_1", periodStart, ends.get(period), ends.get(period + 1)));
            recorded.add(close.recorded().items().get(0).quantity());
            state = close.after();
            periodStart = ends.get(period);
        }
        assertThat(recorded).containsExactly(10L, 111L, 112L);
    }

    private static Consumer<UsageOutcome> counted(Set<UsageBucket> buckets, Consumer<TrackedSubscription> check) {
        return outcome -> {
            assertThat(outcome).isInstanceOf(Counted.class);
            var counted = (Counted) outcome;
            assertThat(counted.buckets()).isEqualTo(buckets);
            assertThat(counted.subscriptionIds()).containsExactly("sub_1");
            check.accept(counted.after().subscription("sub_1"));
        };
    }

    private static Consumer<UsageOutcome> tracked(Consumer<TrackedSubscription> check) {
        return outcome -> {
            assertThat(outcome).isInstanceOf(Tracked.class);
            var tracked = (Tracked) outcome;
            assertThat(tracked.subscription().summaryDue()).isFalse();
            assertThat(tracked.after().subscription("sub_1")).isEqualTo(tracked.subscription());
            check.accept(tracked.subscription());
        };
    }
}
