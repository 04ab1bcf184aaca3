package io.abk.billing.gateway.api.testclock;

import io.abk.billing.gateway.api.testclock.TestClockRules.Backwards;
import io.abk.billing.gateway.api.testclock.TestClockRules.Moved;
import io.abk.billing.gateway.api.testclock.TestClockRules.TooFar;
import io.abk.billing.gateway.controlplane.audit.AuditLog;
import io.abk.billing.gateway.controlplane.clock.ClockState;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.controlplane.clock.TestClockStore;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.schemas.render.ApiJson;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Applies a change to a merchant's test clock: in one transaction, lock the row, decide by the rules, write the
 * next version, and publish it to {@code billing.test-clocks} before the commit. Holding the row lock across the
 * publish keeps the topic in version order per merchant (a compacted topic keeps the last record of a key, which
 * must be the newest version); a publish that fails rolls the change back (503, nothing changed here). Each change
 * is audited ({@code test_clock.changed}, actor: the API key) in the same transaction.
 */
public final class TestClockService {

    private static final Logger log = LoggerFactory.getLogger(TestClockService.class);

    private final TestClockStore store;
    private final TestClockPublisher publisher;
    private final EffectiveClock clock;
    private final TransactionalOperator tx;
    private final Duration retryAfter;
    private final AuditLog audit;

    public TestClockService(
            TestClockStore store,
            TestClockPublisher publisher,
            EffectiveClock clock,
            TransactionalOperator tx,
            Duration retryAfter,
            AuditLog audit) {
        this.audit = audit;
        this.store = store;
        this.publisher = publisher;
        this.clock = clock;
        this.tx = tx;
        this.retryAfter = retryAfter;
    }

    /**
     * The stored clock (never set: version 0), read from PostgreSQL rather than the cache so that a change made
     * through another replica shows at once; this replica's cache learns it on the way.
     */
    public Mono<ClockState> current(String merchantId) {
        return store.find(merchantId)
                .defaultIfEmpty(ClockState.never(merchantId))
                .map(clock::remember);
    }

    public Mono<ClockState> change(Caller caller, ClockChange change) {
        var merchantId = caller.merchantId();
        return store.lock(merchantId, clock.wallNow())
                .flatMap(current -> {
                    // Read under the lock: the change before this one is committed, and the wall clock is past it.
                    var now = clock.wallNow();
                    return switch (TestClockRules.decide(current, change, now)) {
                        case Backwards backwards ->
                            Mono.error(ApiException.badRequest(ErrorCodes.TEST_CLOCK_BACKWARDS, backwards.reason()));
                        case TooFar tooFar -> Mono.error(ApiException.invalid("advanceBySeconds", tooFar.reason()));
                        case Moved moved ->
                            store.update(current, moved.frozenAt(), now)
                                    .flatMap(next -> audit.record(
                                                    now,
                                                    caller.actorId(),
                                                    "test_clock.changed",
                                                    new AuditLog.Target("test_clock", merchantId, merchantId, "test"),
                                                    details(change, current, next))
                                            .thenReturn(next))
                                    .flatMap(next -> publisher
                                            .publish(next)
                                            .onErrorResume(error ->
                                                    LogContext.mapError(error, cause -> unavailable(merchantId, cause)))
                                            .thenReturn(next));
                    };
                })
                .as(tx::transactional)
                .<ClockState>handle((next, sink) -> {
                    log.info(
                            "test clock changed merchantId={} version={} frozenAt={}",
                            merchantId,
                            next.version(),
                            next.frozenAt());
                    // The answer is this change's own result: remember() keeps the newest it knows, which a concurrent
                    // change may already have moved past (ClockRoutesIT's concurrent advances caught a reply showing
                    // the next one's time).
                    clock.remember(next);
                    sink.next(next);
                });
    }

    /** What was asked and what it did: the frozen instant before and after, and the version. */
    private static Map<String, @Nullable Object> details(ClockChange change, ClockState before, ClockState after) {
        var details = new LinkedHashMap<String, @Nullable Object>();
        switch (change) {
            case ClockChange.FreezeAt freeze -> details.put("frozenAt", ApiJson.timestamp(freeze.at()));
            case ClockChange.Unfreeze unfreeze -> details.put("frozenAt", null);
            case ClockChange.AdvanceBy advance -> details.put("advanceBySeconds", advance.seconds());
        }
        details.put("previousFrozenAt", ApiJson.timestamp(before.frozenAt()));
        details.put("newFrozenAt", ApiJson.timestamp(after.frozenAt()));
        details.put("version", after.version());
        return details;
    }

    private ApiException unavailable(String merchantId, Throwable error) {
        log.warn("test clock not published merchantId={} error=\"{}\"", merchantId, error.toString());
        return new ApiException(
                503,
                ErrorCodes.SERVICE_UNAVAILABLE,
                "The test clock could not be changed; retry shortly",
                null,
                retryAfter);
    }
}
