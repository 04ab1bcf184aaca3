package io.abk.billing.localstack.services;

import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the id of the demo merchant the gateway bootstrapped, for the banner. Best effort: it reads the
 * gateway's control-plane table {@code merchants(id, name)} and gives up quietly if that shape ever changes,
 * since the banner is useful without the id.
 */
public final class DemoMerchantLookup {

    private static final Logger log = LoggerFactory.getLogger(DemoMerchantLookup.class);

    private DemoMerchantLookup() {}

    public static Optional<String> find(DataSource dataSource, String merchantName) {
        try (var connection = dataSource.getConnection();
                var statement =
                        connection.prepareStatement("SELECT id FROM merchants WHERE name = ? ORDER BY id LIMIT 1")) {
            statement.setString(1, merchantName);
            try (var rows = statement.executeQuery()) {
                return rows.next() ? Optional.ofNullable(rows.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            log.debug("demo merchant id not found: {}", e.getMessage());
            return Optional.empty();
        }
    }
}
