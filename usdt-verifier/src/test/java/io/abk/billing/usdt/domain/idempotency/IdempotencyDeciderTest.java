package io.abk.billing.usdt.domain.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Claim;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Complete;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Release;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Ignored;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.InProgress;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Mismatch;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Proceed;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Recorded;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Replay;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class IdempotencyDeciderTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(15);
    private static final Duration TTL = Duration.ofHours(24);

    private static Claim claim(Instant at, String fingerprint, String requestCommandId) {
        return new Claim("record", "cmd_" + at.toEpochMilli(), at, fingerprint, requestCommandId, LEASE, TTL);
    }

    private static IdempotencyDecider.Decided decide(@Nullable IdempotencyRecord state, IdempotencyCommand command) {
        return IdempotencyDecider.decide(state, command);
    }

    /** The first request's record, answered 201. */
    private static IdempotencyRecord answered() {
        var first = decide(null, claim(T0, "same", "req_1")).next();
        return decide(first, new Complete("record", "cmd_c", T0.plusMillis(80), "req_1", 201, "{\"intent\":{}}"))
                .next();
    }

    @Test
    void shouldRunTheFirstRequestUnderItsOwnIdAndHoldTheKeyForItsLease() {
        var decided = decide(null, claim(T0, "same", "req_1"));

        assertThat(decided.decision()).isEqualTo(new Proceed("req_1", false));
        assertThat(decided.next().leaseUntil()).isEqualTo(T0.plus(LEASE));
        assertThat(decided.next().expiresAt()).isEqualTo(T0.plus(TTL));
    }

    @Test
    void shouldReplayTheAnswerWhenTheSameRequestComesAgainWithinTheDay() {
        var decided = decide(answered(), claim(T0.plus(TTL).minusMillis(1), "same", "req_2"));

        assertThat(decided.decision()).isEqualTo(new Replay(201, "{\"intent\":{}}"));
    }

    @Test
    void shouldRefuseAnotherRequestWithTheKeyWhetherTheFirstRanOrStillRuns() {
        var running = decide(null, claim(T0, "same", "req_1")).next();

        assertThat(decide(answered(), claim(T0.plusSeconds(1), "other", "req_2"))
                        .decision())
                .isEqualTo(new Mismatch());
        assertThat(decide(running, claim(T0.plusSeconds(1), "other", "req_2")).decision())
                .isEqualTo(new Mismatch());
    }

    @Test
    void shouldTellTheSameRequestToWaitWhileTheFirstRunsAndLetItTakeOverOnceTheLeaseRunsOut() {
        var running = decide(null, claim(T0, "same", "req_1")).next();

        assertThat(decide(running, claim(T0.plus(LEASE).minusMillis(1), "same", "req_2"))
                        .decision())
                .isEqualTo(new InProgress());
        var takeover = decide(running, claim(T0.plus(LEASE), "same", "req_2"));
        assertThat(takeover.decision()).as("under the first request's id").isEqualTo(new Proceed("req_1", true));
        assertThat(takeover.next().leaseUntil()).isEqualTo(T0.plus(LEASE).plus(LEASE));
    }

    @Test
    void shouldLetARepeatRunAtOnceWhenTheFirstRequestFailedWithoutAnAnswer() {
        var running = decide(null, claim(T0, "same", "req_1")).next();
        var released = decide(running, new Release("record", "cmd_r", T0.plusMillis(50), "req_1"));

        assertThat(released.decision()).isEqualTo(new Recorded());
        assertThat(decide(released.next(), claim(T0.plusMillis(60), "same", "req_2"))
                        .decision())
                .isEqualTo(new Proceed("req_1", true));
    }

    @Test
    void shouldFreeTheKeyTwentyFourHoursAfterTheFirstRequest() {
        var decided = decide(answered(), claim(T0.plus(TTL), "other", "req_2"));

        assertThat(decided.decision()).isEqualTo(new Proceed("req_2", false));
        assertThat(decided.next().fingerprint()).isEqualTo("other");
    }

    @Test
    void shouldIgnoreTheAnswerOfARequestThatNoLongerHoldsTheKey() {
        var running = decide(null, claim(T0, "same", "req_1")).next();

        assertThat(decide(running, new Complete("record", "cmd_c", T0, "req_9", 201, "{}"))
                        .decision())
                .isEqualTo(new Ignored());
        assertThat(decide(answered(), new Complete("record", "cmd_c", T0, "req_1", 500, "{}"))
                        .decision())
                .as("an answer is kept once")
                .isEqualTo(new Ignored());
    }
}
