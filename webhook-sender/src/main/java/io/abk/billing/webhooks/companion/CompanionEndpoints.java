package io.abk.billing.webhooks.companion;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.webhooks.config.SenderProperties;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Makes the sender's tables hold exactly the companion's configured endpoints, at start and before any event is fanned
 * out: the internal merchant tagged {@value #TAG} in {@code companion_merchants} (made once), one row of
 * {@code companion_endpoints} per configured URL in the configured mode with the configured signing secret, sealed for
 * its row (a changed secret replaces the old one) and enabled again, and every endpoint of it no longer configured
 * deleted. Several senders starting at once converge: the merchant is inserted if absent under its unique tag, and the
 * endpoints are changed under a lock of that merchant's row.
 */
public final class CompanionEndpoints {

    /** The bootstrap tag of the internal merchant that owns the companion's endpoints. */
    public static final String TAG = "usdt-companion";

    static final String NAME = "USDT companion";

    private static final Logger log = LoggerFactory.getLogger(CompanionEndpoints.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final Clock clock;
    private final SecretSealer sealer;

    public CompanionEndpoints(JdbcTemplate jdbc, TransactionTemplate tx, Clock clock, SecretSealer sealer) {
        this.sealer = sealer;
        this.jdbc = jdbc;
        this.tx = tx;
        this.clock = clock;
    }

    /** Applies the configuration; returns the companion merchant's id. */
    public String ensure(SenderProperties.Usdt settings) {
        return Objects.requireNonNull(tx.execute(status -> {
            var now = Timestamp.from(clock.instant());
            jdbc.update(
                    "INSERT INTO companion_merchants (bootstrap_tag, id, name, created_at) VALUES (?, ?, ?, ?)"
                            + " ON CONFLICT (bootstrap_tag) DO NOTHING",
                    TAG,
                    Ids.newId(IdPrefix.MERCHANT, clock.instant()),
                    NAME,
                    now);
            var merchantId = Objects.requireNonNull(jdbc.queryForObject(
                    "SELECT id FROM companion_merchants WHERE bootstrap_tag = ? FOR UPDATE", String.class, TAG));
            var configured = settings.webhookUrls();
            var mode = settings.webhookMode();
            var secret = Objects.requireNonNull(configured.isEmpty() ? "" : settings.webhookSecret());
            for (var url : configured) {
                // Sealed again at every start: for its own row (the id is associated data) and under the active key.
                var ids = jdbc
                        .queryForList(
                                "SELECT id FROM companion_endpoints WHERE merchant_id = ? AND mode = ? AND url = ?"
                                        + " AND deleted_at IS NULL",
                                String.class,
                                merchantId,
                                mode,
                                url)
                        .stream()
                        .map(Objects::requireNonNull)
                        .toList();
                for (var id : ids) {
                    jdbc.update(
                            "UPDATE companion_endpoints SET secret = ?, updated_at = ? WHERE id = ?",
                            sealer.seal(secret, id),
                            now,
                            id);
                    // Enabled again at every start, as a merchant's PATCH disabled=false would; the streak goes on.
                    jdbc.update(
                            "UPDATE webhook_endpoint_health SET disabled_reason = NULL, disabled_at = NULL"
                                    + " WHERE endpoint_id = ?",
                            id);
                }
                if (ids.isEmpty()) {
                    var id = Ids.newId(IdPrefix.WEBHOOK_ENDPOINT, clock.instant());
                    jdbc.update(
                            "INSERT INTO companion_endpoints (id, merchant_id, mode, url, description, secret, created_at,"
                                    + " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            id,
                            merchantId,
                            mode,
                            url,
                            "the companion USDT interface's payment.confirmed events",
                            sealer.seal(secret, id),
                            now,
                            now);
                }
            }
            var removed = jdbc.update(
                    "UPDATE companion_endpoints SET deleted_at = ?, updated_at = ? WHERE merchant_id = ?"
                            + " AND deleted_at IS NULL AND NOT (mode = ? AND url = ANY (?))",
                    now,
                    now,
                    merchantId,
                    mode,
                    configured.toArray(String[]::new));
            log.info(
                    "event=companion_endpoints_ready merchantId={} mode={} endpoints={} removed={}",
                    merchantId,
                    mode,
                    configured.size(),
                    removed);
            return merchantId;
        }));
    }

    /** The configured endpoints as stored, for tests and the log. */
    public List<String> urls(String merchantId) {
        return jdbc
                .queryForList(
                        "SELECT url FROM companion_endpoints WHERE merchant_id = ? AND deleted_at IS NULL ORDER BY url",
                        String.class,
                        merchantId)
                .stream()
                .map(Objects::requireNonNull)
                .toList();
    }
}
