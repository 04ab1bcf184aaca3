package io.abk.billing.gateway.platform.health;

import io.abk.billing.gateway.platform.db.Columns;
import java.time.Duration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** {@code postgres}: UP when a query through the R2DBC pool answers within two seconds. */
@Component
public class PostgresHealthIndicator implements ReactiveHealthIndicator {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final DatabaseClient db;

    public PostgresHealthIndicator(DatabaseClient db) {
        this.db = db;
    }

    @Override
    public Mono<Health> health() {
        return db.sql("SELECT 1 AS ok")
                .map(row -> Columns.required(row, "ok", Integer.class))
                .one()
                .timeout(TIMEOUT)
                .map(ok -> Health.up().build())
                .onErrorResume(e ->
                        Mono.just(Health.down().withDetail("error", describe(e)).build()));
    }

    static String describe(Throwable e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
