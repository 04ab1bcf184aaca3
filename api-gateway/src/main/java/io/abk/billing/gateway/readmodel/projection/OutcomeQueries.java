package io.abk.billing.gateway.readmodel.projection;

import io.abk.billing.gateway.platform.db.Columns;
import java.util.Collection;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;

/** Reads recorded command outcomes by command id (any merchant: a command id is random and never shown to others). */
public final class OutcomeQueries {

    static final String FIND = """
            SELECT command_id, merchant_id, mode, aggregate_type, aggregate_id, outcome, rejection_code,
                   rejection_message, snapshots::text AS snapshots, follow_up_command_id
              FROM command_outcomes
             WHERE command_id = ANY(:ids)""";

    private final DatabaseClient db;

    public OutcomeQueries(DatabaseClient db) {
        this.db = db;
    }

    public Flux<CommandOutcome> find(Collection<String> commandIds) {
        if (commandIds.isEmpty()) {
            return Flux.empty();
        }
        // An array binds as one text[] parameter (a Collection would be expanded into a list of parameters).
        return db.sql(FIND)
                .bind("ids", commandIds.toArray(String[]::new))
                .map((row, metadata) -> new CommandOutcome(
                        Columns.required(row, "command_id", String.class),
                        Columns.required(row, "merchant_id", String.class),
                        Columns.required(row, "mode", String.class),
                        Columns.required(row, "aggregate_type", String.class),
                        Columns.required(row, "aggregate_id", String.class),
                        "accepted".equals(row.get("outcome", String.class)),
                        row.get("rejection_code", String.class),
                        row.get("rejection_message", String.class),
                        Columns.required(row, "snapshots", String.class),
                        row.get("follow_up_command_id", String.class)))
                .all();
    }
}
