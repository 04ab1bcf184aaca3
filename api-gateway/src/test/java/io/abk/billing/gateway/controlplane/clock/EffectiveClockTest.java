package io.abk.billing.gateway.controlplane.clock;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.avro.Mode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** Test mode reads the merchant's clock, cached for the TTL; a change made here is known at once; live reads the wall. */
class EffectiveClockTest {

    private static final Instant WALL = Instant.parse("2026-03-01T12:00:00.123Z");
    private static final Instant FROZEN = Instant.parse("2027-01-31T00:00:00Z");
    private static final Caller TEST = new Caller("mer_1", Mode.TEST, "key_1");
    private static final Caller LIVE = new Caller("mer_1", Mode.LIVE, "key_2");

    private final AtomicLong nanos = new AtomicLong();
    private final AtomicInteger loads = new AtomicInteger();
    private final Map<String, ClockState> stored = new HashMap<>();
    private final EffectiveClock clock = new EffectiveClock(
            Clock.fixed(WALL.plusNanos(456_789), ZoneOffset.UTC),
            merchantId -> Mono.fromSupplier(() -> {
                loads.incrementAndGet();
                return stored.get(merchantId);
            }),
            Duration.ofSeconds(5),
            nanos::get);

    @Test
    void shouldUseTheWallClockToTheMillisecondWhenLiveOrNeverSet() {
        stored.put("mer_1", frozen(1, FROZEN));

        assertThat(clock.now("mer_1", Mode.LIVE).block()).isEqualTo(WALL);
        assertThat(clock.now(LIVE)).isEqualTo(WALL);
        assertThat(clock.now("mer_2", Mode.TEST).block()).isEqualTo(WALL);
        assertThat(clock.testClock("mer_2").block()).isEqualTo(ClockState.never("mer_2"));
    }

    @Test
    void shouldServeTheLoadedClockUntilItsTtlRunsOutThenLoadAgain() {
        stored.put("mer_1", frozen(1, FROZEN));
        assertThat(clock.now("mer_1", Mode.TEST).block()).isEqualTo(FROZEN);
        stored.put("mer_1", frozen(2, FROZEN.plusSeconds(60)));

        nanos.addAndGet(Duration.ofMillis(4_999).toNanos());
        assertThat(clock.now("mer_1", Mode.TEST).block()).as("within the TTL").isEqualTo(FROZEN);
        assertThat(clock.now(TEST)).isEqualTo(FROZEN);
        nanos.addAndGet(Duration.ofMillis(1).toNanos());
        assertThat(clock.now("mer_1", Mode.TEST).block()).as("past the TTL").isEqualTo(FROZEN.plusSeconds(60));
        assertThat(clock.now(TEST)).isEqualTo(FROZEN.plusSeconds(60));
        assertThat(loads).hasValue(2);
    }

    @Test
    void shouldKnowAChangeMadeHereAtOnceAndNeverGoBackToAnOlderVersion() {
        stored.put("mer_1", frozen(1, FROZEN));
        assertThat(clock.now("mer_1", Mode.TEST).block()).isEqualTo(FROZEN);

        clock.remember(frozen(3, FROZEN.plusSeconds(120)));
        assertThat(clock.now(TEST)).isEqualTo(FROZEN.plusSeconds(120));
        // A load that read the row before that change committed must not undo it (a bug this guards against).
        assertThat(clock.remember(frozen(2, FROZEN.plusSeconds(60))).version()).isEqualTo(3);
        assertThat(clock.now(TEST)).isEqualTo(FROZEN.plusSeconds(120));
        nanos.addAndGet(Duration.ofSeconds(6).toNanos());
        assertThat(clock.now("mer_1", Mode.TEST).block())
                .as("the store still holds version 1")
                .isEqualTo(FROZEN.plusSeconds(120));
    }

    @Test
    void shouldUseTheWallClockWhenAnUnfrozenClockIsLoaded() {
        stored.put("mer_1", new ClockState("mer_1", null, 4, FROZEN, FROZEN));
        assertThat(clock.now("mer_1", Mode.TEST).block()).isEqualTo(WALL);
        assertThat(clock.now(TEST)).isEqualTo(WALL);
    }

    private static ClockState frozen(long version, Instant at) {
        return new ClockState("mer_1", at, version, WALL, WALL);
    }
}
