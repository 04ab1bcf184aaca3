package io.abk.billing.webhooks.retention;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Deletes event log rows older than the retention (30 days by default), at start and then every hour; the
 * gateway filters to the same window when it reads, so an hour's lag is invisible.
 */
public class EventLogPurge implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(EventLogPurge.class);
    private static final Duration EVERY = Duration.ofHours(1);

    private final JdbcTemplate jdbc;
    private final Duration retention;
    private final Clock clock;
    private @Nullable ScheduledExecutorService timer;

    public EventLogPurge(JdbcTemplate jdbc, Duration retention, Clock clock) {
        this.jdbc = jdbc;
        this.retention = retention;
        this.clock = clock;
    }

    /** Deletes the rows created before now minus the retention; returns how many. */
    public int purgeOnce() {
        var cutoff = OffsetDateTime.ofInstant(clock.instant().minus(retention), ZoneOffset.UTC);
        int deleted = jdbc.update("DELETE FROM events WHERE created_at < ?", cutoff);
        log.info("purge=events deleted={} before={}", deleted, cutoff);
        return deleted;
    }

    @Override
    public synchronized void start() {
        var started = Executors.newSingleThreadScheduledExecutor(task -> {
            var thread = new Thread(task, "webhook-sender-event-purge");
            thread.setDaemon(true);
            return thread;
        });
        started.scheduleWithFixedDelay(this::purgeLogged, 0, EVERY.toSeconds(), TimeUnit.SECONDS);
        timer = started;
    }

    private void purgeLogged() {
        try {
            purgeOnce();
        } catch (RuntimeException e) {
            // Tried again in an hour; a failed purge only keeps old rows a little longer.
            log.warn("purge=events outcome=failed error=\"{}\"", e.getMessage());
        }
    }

    @Override
    public synchronized void stop() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }
}
