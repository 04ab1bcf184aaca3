package io.abk.billing.gateway.command.idempotency;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Deletes Idempotency-Key records past their expiry (24 h) and command outcomes past their retention (7 days),
 * every {@code billing.commands.purge-interval}. Every replica runs it; the deletes are idempotent.
 */
public final class ExpiredRecordsPurge implements SmartLifecycle {

    static final String DELETE_KEYS = "DELETE FROM idempotency_keys WHERE expires_at <= now()";
    static final String DELETE_OUTCOMES =
            "DELETE FROM command_outcomes WHERE recorded_at < now() - :retentionMillis * interval '1 millisecond'";

    private static final Logger log = LoggerFactory.getLogger(ExpiredRecordsPurge.class);

    /** What one purge deleted. */
    public record Purged(long keys, long outcomes) {}

    private final DatabaseClient db;
    private final Duration interval;
    private final Duration outcomeRetention;
    private volatile @Nullable Disposable schedule;

    public ExpiredRecordsPurge(DatabaseClient db, Duration interval, Duration outcomeRetention) {
        this.db = db;
        this.interval = interval;
        this.outcomeRetention = outcomeRetention;
    }

    public Mono<Purged> purgeOnce() {
        return db.sql(DELETE_KEYS)
                .fetch()
                .rowsUpdated()
                .zipWith(db.sql(DELETE_OUTCOMES)
                        .bind("retentionMillis", outcomeRetention.toMillis())
                        .fetch()
                        .rowsUpdated())
                .map(counts -> new Purged(counts.getT1(), counts.getT2()));
    }

    @Override
    public synchronized void start() {
        if (schedule != null) {
            return;
        }
        schedule = Flux.interval(interval, interval)
                .onBackpressureDrop()
                .concatMap(tick -> purgeOnce()
                        .doOnNext(purged -> {
                            if (purged.keys() + purged.outcomes() > 0) {
                                log.info(
                                        "purged expired records idempotencyKeys={} commandOutcomes={}",
                                        purged.keys(),
                                        purged.outcomes());
                            }
                        })
                        .onErrorResume(error -> {
                            log.warn(
                                    "purge of expired records failed; next try in {} error=\"{}\"",
                                    interval,
                                    error.toString());
                            return Mono.empty();
                        }))
                .subscribe();
    }

    @Override
    public synchronized void stop() {
        var current = schedule;
        schedule = null;
        if (current != null) {
            current.dispose();
        }
    }

    @Override
    public boolean isRunning() {
        return schedule != null;
    }
}
