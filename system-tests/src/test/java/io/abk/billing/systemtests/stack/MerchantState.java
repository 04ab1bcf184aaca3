package io.abk.billing.systemtests.stack;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;

/**
 * The state of one merchant that a run of refused requests must not change (HostileInputFuzzIT compares it before and
 * after): a digest of everything the database holds of the merchant: its row in {@code merchants}, and per table with a
 * {@code merchant_id} column, the number of its rows and a hash of their contents (but the projector's
 * bookkeeping times). {@code idempotency_keys} is left out: it records refused answers for replay by design; so are
 * the audit log's records of a secret revealed, a read the log keeps by design.
 */
record MerchantState(Map<String, String> tables) {

    static MerchantState of(Api api, String merchantId) {
        var tables = new TreeMap<String, String>();
        try (var db = api.database()) {
            var names = new ArrayList<String>();
            try (var query = db.prepareStatement(
                            "SELECT table_name FROM information_schema.columns WHERE column_name = 'merchant_id'"
                                    + " AND table_schema = current_schema() ORDER BY table_name");
                    var rows = query.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
            names.remove("idempotency_keys");
            for (var name : names) {
                // Revealing a signing secret is a read the audit log records (who saw it): the fuzz's reads of
                // A's own endpoint may add those entries, and nothing else
                var readsRecorded = name.equals("audit_log") ? " AND action <> 'webhook_endpoint.secret_revealed'" : "";
                tables.put(
                        name,
                        digest(db, "SELECT * FROM " + name + " t WHERE merchant_id = ?" + readsRecorded, merchantId));
            }
            tables.put("merchants", digest(db, "SELECT * FROM merchants t WHERE id = ?", merchantId));
            tables.put("merchants (all)", digest(db, "SELECT id FROM merchants t WHERE ? IS NOT NULL", merchantId));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return new MerchantState(tables);
    }

    private static String digest(Connection db, String select, String merchantId) throws SQLException {
        var row = "(to_jsonb(r) - 'projected_at' - 'recorded_at')::text";
        var sql = "SELECT count(*), coalesce(md5(string_agg(md5(" + row + "), ',' ORDER BY md5(" + row
                + "))), '') FROM (" + select + ") r";
        try (var query = db.prepareStatement(sql)) {
            query.setString(1, merchantId);
            try (var rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1) + " rows " + rows.getString(2);
            }
        }
    }
}
