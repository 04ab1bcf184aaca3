package io.abk.billing.gateway.controlplane.audit;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.db.NewestFirst;
import io.abk.billing.gateway.platform.db.SqlValues;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.schemas.ids.IdPrefix;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Appends and lists audit entries. {@link #record} must run inside the transaction of the change it describes
 * (callers compose it into their {@code TransactionalOperator} chain), so an entry exists exactly when the
 * change does.
 */
@Component
public class AuditLog {

    private static final String SELECT = """
            SELECT id, at, actor, action, merchant_id, mode, target_type, target_id, details::text AS details
            FROM audit_log WHERE true""";

    private final DatabaseClient db;
    private final IdGenerator ids;
    private final JsonMapper json;

    public AuditLog(DatabaseClient db, IdGenerator ids, JsonMapper json) {
        this.db = db;
        this.ids = ids;
        this.json = json;
    }

    /** The target of an entry: its type ({@code merchant}, {@code api_key}, ...), id, merchant and mode. */
    public record Target(
            String type,
            String id,
            @Nullable String merchantId,
            @Nullable String mode) {}

    public Mono<Void> record(Instant at, String actor, String action, Target target, Map<String, ?> details) {
        return db.sql("""
                        INSERT INTO audit_log (id, at, actor, action, merchant_id, mode, target_type, target_id, details)
                        VALUES (:id, :at, :actor, :action, :merchantId, :mode, :targetType, :targetId, :details)""")
                .bind("id", ids.next(IdPrefix.AUDIT_ENTRY))
                .bind("at", at)
                .bind("actor", actor)
                .bind("action", action)
                .bind("merchantId", SqlValues.nullable(target.merchantId(), String.class))
                .bind("mode", SqlValues.nullable(target.mode(), String.class))
                .bind("targetType", target.type())
                .bind("targetId", target.id())
                .bind("details", Json.of(json.writeValueAsBytes(details)))
                .then();
    }

    /** Newest first, optionally only one merchant's entries. */
    public Mono<Page<AuditEntry>> list(@Nullable String merchantId, PageRequest page) {
        return merchantId == null
                ? NewestFirst.page(db, SELECT, spec -> spec, page, this::entry)
                : NewestFirst.page(
                        db,
                        SELECT + " AND merchant_id = :merchantId",
                        spec -> spec.bind("merchantId", merchantId),
                        page,
                        this::entry);
    }

    /**
     * Newest first, the merchant's entries of {@code mode} and those of no mode (the merchant's own settings, its team):
     * what a dashboard session in that mode is shown.
     */
    public Mono<Page<AuditEntry>> list(String merchantId, String mode, PageRequest page) {
        return NewestFirst.page(
                db,
                SELECT + " AND merchant_id = :merchantId AND (mode IS NULL OR mode = :mode)",
                spec -> spec.bind("merchantId", merchantId).bind("mode", mode),
                page,
                this::entry);
    }

    private AuditEntry entry(Readable row) {
        return new AuditEntry(
                Columns.required(row, "id", String.class),
                Columns.required(row, "at", Instant.class),
                Columns.required(row, "actor", String.class),
                Columns.required(row, "action", String.class),
                row.get("merchant_id", String.class),
                row.get("mode", String.class),
                Columns.required(row, "target_type", String.class),
                Columns.required(row, "target_id", String.class),
                json.readTree(row.get("details", String.class)));
    }
}
