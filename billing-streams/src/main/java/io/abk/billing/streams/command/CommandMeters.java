package io.abk.billing.streams.command;

import io.abk.billing.schemas.avro.Change;
import io.micrometer.core.instrument.Metrics;

/**
 * {@code billing_commands_total{aggregate, type, outcome, code}}: the commands billing-streams applied, by aggregate,
 * command type and outcome ({@code accepted}, {@code rejected} with the rejection's code, or {@code duplicate} for a
 * command id applied before). Recorded in Micrometer's global registry, which the service's process exports on its
 * management port. A task that fails over replays the records of its aborted transaction, so after a failover a count
 * can run slightly ahead of what was committed; {@code billing.changes} is the exact record.
 */
final class CommandMeters {

    private static final String NAME = "billing.commands";
    private static final String SERVICE = "billing-streams";

    private CommandMeters() {}

    static void applied(Change change, String type) {
        var rejection = change.getRejection();
        Metrics.counter(
                        NAME,
                        "service",
                        SERVICE,
                        "aggregate",
                        change.getAggregateType(),
                        "type",
                        type,
                        "outcome",
                        rejection == null ? "accepted" : "rejected",
                        "code",
                        rejection == null ? "none" : rejection.getCode())
                .increment();
    }

    static void duplicate(String store, String type) {
        Metrics.counter(
                        NAME,
                        "service",
                        SERVICE,
                        "aggregate",
                        store.replace("-aggregates", ""),
                        "type",
                        type,
                        "outcome",
                        "duplicate",
                        "code",
                        "none")
                .increment();
    }

    /**
     * {@code billing_command_batch_items{aggregate, type}}: how many commands each batch command carried (its items
     * are counted one by one in {@code billing_commands_total} under their own type).
     */
    static void batch(String store, String type, int items) {
        Metrics.summary(
                        "billing.command.batch.items",
                        "service",
                        SERVICE,
                        "aggregate",
                        store.replace("-aggregates", ""),
                        "type",
                        type)
                .record(items);
    }
}
