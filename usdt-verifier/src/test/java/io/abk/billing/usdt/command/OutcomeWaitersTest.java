package io.abk.billing.usdt.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OutcomeWaitersTest {

    private final AtomicLong nanos = new AtomicLong();
    private final OutcomeWaiters waiters = new OutcomeWaiters(nanos::get);

    private static UsdtCommandOutcome outcome(String commandId) {
        return UsdtCommandOutcome.newBuilder()
                .setCommandId(commandId)
                .setAccepted(true)
                .setIntent(null)
                .setEventBody(null)
                .setRejection(null)
                .setMatch(null)
                .setFollowUps(List.of())
                .build();
    }

    @Test
    void shouldCompleteEveryWaiterOfACommandWhenItsOutcomeArrives() {
        var first = waiters.await("cmd_1:claim");
        var second = waiters.await("cmd_1:claim");

        waiters.arrived(List.of(outcome("cmd_1:claim"), outcome("cmd_other")));

        assertThat(first).isCompletedWithValue(outcome("cmd_1:claim"));
        assertThat(second).isSameAs(first);
        assertThat(waiters.waiting()).isZero();
    }

    @Test
    void shouldAnswerAtOnceWhenTheOutcomeArrivedBeforeTheWaiter() {
        // A confirm learns of its claim's command id from its own outcome; the claim's may have arrived already.
        waiters.arrived(List.of(outcome("cmd_1:claim")));

        assertThat(waiters.await("cmd_1:claim")).isCompletedWithValue(outcome("cmd_1:claim"));
    }

    @Test
    void shouldForgetOldOutcomesWhenTheirTimeIsUp() {
        waiters.arrived(List.of(outcome("cmd_old")));
        nanos.addAndGet(OutcomeWaiters.KEPT_FOR.plus(Duration.ofSeconds(1)).toNanos());
        waiters.arrived(List.of(outcome("cmd_new")));

        assertThat(waiters.await("cmd_old")).isNotDone();
        assertThat(waiters.await("cmd_new")).isDone();
    }

    @Test
    void shouldKeepTheWaiterUntilTheLastOneGivesUp() {
        var first = waiters.await("cmd_1");
        waiters.await("cmd_1");

        waiters.giveUp("cmd_1");
        assertThat(waiters.waiting()).isEqualTo(1);
        waiters.arrived(List.of(outcome("cmd_1")));
        assertThat(first).isDone();

        waiters.await("cmd_2");
        waiters.giveUp("cmd_2");
        assertThat(waiters.waiting()).isZero();
    }
}
