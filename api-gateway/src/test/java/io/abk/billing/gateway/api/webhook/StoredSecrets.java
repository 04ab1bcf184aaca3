package io.abk.billing.gateway.api.webhook;

import io.abk.billing.gateway.testkit.TestDatabase;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** What a webhook endpoint's row holds, read straight from PostgreSQL: the tests of secrets at rest look there. */
final class StoredSecrets {

    private StoredSecrets() {}

    /** The endpoint's stored secret, then its previous secret when it has one. */
    static List<String> of(TestDatabase database, String endpointId) {
        try (var connection = database.connect();
                var statement = connection.prepareStatement(
                        "SELECT secret, previous_secret FROM webhook_endpoints WHERE id = ?")) {
            statement.setString(1, endpointId);
            try (var rows = statement.executeQuery()) {
                rows.next();
                var values = new ArrayList<String>();
                values.add(rows.getString(1));
                if (rows.getString(2) != null) {
                    values.add(rows.getString(2));
                }
                return values;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
