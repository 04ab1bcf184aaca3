package io.abk.billing.scheduler.schedule;

import io.abk.billing.scheduler.domain.DueKind;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Metrics;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The scheduler's meters, in Micrometer's global registry (exported on the service's management port):
 * {@code billing_scheduler_fired_total{kind}}, the due items fired ({@code renewal}, {@code charge},
 * {@code expire-incomplete}, ...), and {@code billing_scheduler_backlog}, the items already due that this instance's
 * tasks have not fired yet (0 while each tick fires all that is due; counted up to {@link #BACKLOG_COUNT_LIMIT} a task
 * after a tick that used its whole budget).
 */
final class ScheduleMeters {

    /** Enough to see a backlog grow or shrink; counting further would cost a tick more than the firing. */
    static final int BACKLOG_COUNT_LIMIT = 100_000;

    private static final Map<String, Integer> BACKLOG_BY_TASK = new ConcurrentHashMap<>();

    static {
        Gauge.builder(
                        "billing.scheduler.backlog",
                        BACKLOG_BY_TASK,
                        tasks -> tasks.values().stream()
                                .mapToLong(Integer::longValue)
                                .sum())
                .description("due items not fired yet (counted up to 100,000 a task)")
                .tag("service", "renewal-scheduler")
                .register(Metrics.globalRegistry);
    }

    private ScheduleMeters() {}

    static void fired(DueKind kind) {
        Metrics.counter("billing.scheduler.fired", "service", "renewal-scheduler", "kind", kind.code())
                .increment();
    }

    static void backlog(String task, int due) {
        BACKLOG_BY_TASK.put(task, due);
    }

    /** A task that left this instance no longer counts here. */
    static void forget(String task) {
        BACKLOG_BY_TASK.remove(task);
    }
}
