package io.abk.billing.gateway.readmodel.projection;

import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.postgresql.api.PostgresqlResult;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ValidationDepth;
import io.r2dbc.spi.Wrapped;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Holds one dedicated PostgreSQL connection (outside the pool) in {@code LISTEN} on {@link #CHANNEL} and hands
 * every notification to the {@link OutcomeWaiter}. The projector of any replica notifies at commit, so a request
 * is woken wherever its change was projected. The connection is checked every few seconds and re-opened with
 * backoff when lost; once listening again, every pending command is looked up once, because notifications sent
 * while nobody listened are gone.
 */
public final class OutcomeNotifications implements SmartLifecycle {

    /** The NOTIFY channel of recorded outcomes; the payload is comma-separated command ids. */
    public static final String CHANNEL = "billing_command_outcomes";

    private static final Logger log = LoggerFactory.getLogger(OutcomeNotifications.class);
    /** Finds a half-open connection (no RST ever arrives) within seconds rather than at TCP keepalive's pace. */
    private static final Duration VALIDATION_INTERVAL = Duration.ofSeconds(10);

    private enum State {
        STOPPED,
        CONNECTING,
        UNAVAILABLE,
        LISTENING,
        RECONNECTING
    }

    private final PostgresqlConnectionFactory factory;
    private final OutcomeWaiter waiter;
    private final Duration maxBackoff;
    private volatile State state = State.STOPPED;
    private volatile @Nullable Disposable subscription;

    public OutcomeNotifications(PostgresqlConnectionFactory factory, OutcomeWaiter waiter, Duration maxBackoff) {
        this.factory = factory;
        this.waiter = waiter;
        this.maxBackoff = maxBackoff;
    }

    /** The PostgreSQL driver's own factory behind a pool (or other wrappers), to open a connection of our own. */
    public static PostgresqlConnectionFactory postgresFactory(ConnectionFactory factory) {
        Object current = factory;
        for (int depth = 0; depth < 8; depth++) {
            if (current instanceof PostgresqlConnectionFactory postgres) {
                return postgres;
            }
            if (!(current instanceof Wrapped<?> wrapped)) {
                break;
            }
            current = wrapped.unwrap();
        }
        throw new IllegalStateException("the R2DBC ConnectionFactory is not PostgreSQL ("
                + factory.getClass().getName() + "): outcome notifications need LISTEN on a PostgreSQL connection");
    }

    public boolean isListening() {
        return state == State.LISTENING;
    }

    @Override
    public synchronized void start() {
        if (subscription != null) {
            return;
        }
        state = State.CONNECTING;
        subscription = Flux.usingWhen(factory.create(), this::listenOn, PostgresqlConnection::close)
                .retryWhen(Retry.backoff(Long.MAX_VALUE, Duration.ofMillis(100))
                        .maxBackoff(maxBackoff)
                        .transientErrors(true)
                        .doBeforeRetry(signal -> lost(signal.failure())))
                .subscribe(null, error -> log.error("outcome notifications stopped for good", error));
    }

    @Override
    public synchronized void stop() {
        var current = subscription;
        subscription = null;
        if (current != null) {
            current.dispose();
        }
        state = State.STOPPED;
    }

    @Override
    public boolean isRunning() {
        return subscription != null;
    }

    @Override
    public int getPhase() {
        return 0;
    }

    /** Emits once when listening (which resets the backoff), then runs until the connection fails. */
    private Flux<Boolean> listenOn(PostgresqlConnection connection) {
        var notifications = connection
                .getNotifications()
                .doOnNext(notification -> {
                    var payload = notification.getParameter();
                    if (payload != null) {
                        waiter.notified(payload);
                    }
                })
                .thenMany(Flux.<Boolean>error(new IllegalStateException("LISTEN connection closed")));
        var health = Flux.interval(VALIDATION_INTERVAL)
                .concatMap(tick -> connection.validate(ValidationDepth.REMOTE))
                .filter(valid -> !valid)
                .take(1)
                .flatMap(invalid ->
                        Flux.<Boolean>error(new IllegalStateException("LISTEN connection failed validation")));
        var listening = Mono.defer(() -> {
            listened();
            return waiter.recheckAll()
                    .onErrorResume(error -> {
                        log.warn("cannot re-check pending outcomes after LISTEN error=\"{}\"", error.toString());
                        return Mono.empty();
                    })
                    .thenReturn(true);
        });
        return connection
                .createStatement("LISTEN " + CHANNEL)
                .execute()
                .flatMap(PostgresqlResult::getRowsUpdated)
                .thenMany(Flux.merge(notifications, health, listening));
    }

    private void listened() {
        var previous = state;
        state = State.LISTENING;
        if (previous != State.LISTENING) {
            log.info("outcome notifications listening channel={} previous={}", CHANNEL, previous);
        }
    }

    private void lost(Throwable error) {
        var previous = state;
        if (previous == State.STOPPED) {
            return;
        }
        var next =
                previous == State.LISTENING || previous == State.RECONNECTING ? State.RECONNECTING : State.UNAVAILABLE;
        state = next;
        if (next != previous) {
            log.warn(
                    "outcome notifications not listening channel={} state={} error=\"{}\"",
                    CHANNEL,
                    next,
                    error.toString());
        }
    }
}
