package io.abk.billing.gateway.api.meter;

import io.abk.billing.gateway.api.CallerAudit;
import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.auth.ApiKeyFormat;
import io.abk.billing.gateway.platform.cache.ExpiringCache;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A merchant's meters, scoped by the caller's merchant and mode; each write and its audit entry commit together.
 * Meter events find their meter by event name in {@link #eventNames}: every meter of a merchant's mode, cached for a
 * few seconds, so a batch of a thousand events costs no query at all and a busy merchant one query per
 * {@link #EVENT_NAMES_TTL}. A meter created or deactivated here is seen at once by this replica, by the others within
 * that time.
 */
@Service
public class MeterService {

    /** How stale another replica's view of a merchant's meters may be: a new meter's first events wait that long. */
    static final Duration EVENT_NAMES_TTL = Duration.ofSeconds(5);

    private final MeterRepository meters;
    private final CallerAudit audit;
    private final IdGenerator ids;
    private final TransactionalOperator tx;
    private final Clock clock;
    private final ExpiringCache<String, Map<String, Meter>> byEventName =
            new ExpiringCache<>(EVENT_NAMES_TTL, 10_000, System::nanoTime);

    public MeterService(
            MeterRepository meters, CallerAudit audit, IdGenerator ids, TransactionalOperator tx, Clock clock) {
        this.meters = meters;
        this.audit = audit;
        this.ids = ids;
        this.tx = tx;
        this.clock = clock;
    }

    /**
     * Creates the meter; 409 {@code meter_exists} when the mode has one of its event name. Run again with the same
     * Idempotency-Key, it answers with the meter the first run stored.
     */
    public Mono<Meter> create(Caller caller, CreateMeterRequest request, @Nullable CommandIdentity identity) {
        var now = Now.of(clock);
        var meter = new Meter(
                ids.forRequest(identity).next(IdPrefix.METER),
                caller.merchantId(),
                caller.mode(),
                request.eventName(),
                request.aggregation(),
                request.displayName(),
                request.valueKey(),
                Meter.ACTIVE,
                now,
                now);
        return meters.insert(meter)
                .flatMap(created -> audit.record(
                                caller,
                                now,
                                "meter.created",
                                "meter",
                                created.id(),
                                Map.of("eventName", created.eventName(), "aggregation", created.aggregation()))
                        .thenReturn(created))
                .switchIfEmpty(Mono.defer(() -> meters.find(caller.merchantId(), caller.mode(), meter.id(), false)
                        .switchIfEmpty(Mono.error(() -> new ApiException(
                                409,
                                ErrorCodes.METER_EXISTS,
                                "A meter of event name '" + request.eventName() + "' exists already",
                                "eventName",
                                null)))))
                .as(tx::transactional)
                .doOnNext(created -> byEventName.invalidate(scope(caller)));
    }

    public Mono<Meter> get(Caller caller, String id) {
        return IdLookup.find(
                IdPrefix.METER, "meter", id, found -> meters.find(caller.merchantId(), caller.mode(), found, false));
    }

    /** The mode's meters, newest first. */
    public Mono<Page<Meter>> list(Caller caller, PageRequest page) {
        return meters.list(caller.merchantId(), caller.mode(), page);
    }

    /** Deactivates the meter: its events are refused from now on; deactivating an inactive meter changes nothing. */
    public Mono<Meter> deactivate(Caller caller, String id) {
        var now = Now.of(clock);
        return IdLookup.find(
                        IdPrefix.METER,
                        "meter",
                        id,
                        found -> meters.find(caller.merchantId(), caller.mode(), found, true))
                .flatMap(meter -> !meter.active()
                        ? Mono.just(meter)
                        : meters.setStatus(meter, Meter.INACTIVE, now)
                                .flatMap(updated -> audit.record(
                                                caller,
                                                now,
                                                "meter.deactivated",
                                                "meter",
                                                updated.id(),
                                                Map.of("status", Meter.INACTIVE))
                                        .thenReturn(updated)))
                .as(tx::transactional)
                .doOnNext(meter -> byEventName.invalidate(scope(caller)));
    }

    /** Every meter of the caller's mode by event name (active or not), from the cache when it is fresh. */
    public Mono<Map<String, Meter>> eventNames(Caller caller) {
        return byEventName.get(
                scope(caller),
                () -> meters.all(caller.merchantId(), caller.mode())
                        .collectMap(Meter::eventName)
                        .map(Map::copyOf));
    }

    private static String scope(Caller caller) {
        return caller.merchantId() + "/" + ApiKeyFormat.modeText(caller.mode());
    }
}
