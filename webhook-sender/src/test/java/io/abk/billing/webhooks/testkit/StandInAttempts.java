package io.abk.billing.webhooks.testkit;

import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.webhooks.attempt.AttemptResult;
import io.abk.billing.webhooks.attempt.DeliveryAttempts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A plain stand-in for the HTTP side (until the real one is merged): reads the endpoint, POSTs with the JDK client
 * and logs the attempt row. No signing, no SSRF guard: it exists only to exercise the Kafka side for real.
 */
public final class StandInAttempts implements DeliveryAttempts {

    private final JdbcTemplate jdbc;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Duration timeout;

    public StandInAttempts(JdbcTemplate jdbc, Duration timeout) {
        this.jdbc = jdbc;
        this.timeout = timeout;
    }

    @Override
    public CompletableFuture<AttemptResult> attempt(WebhookDelivery delivery, int attempt, @Nullable Instant nextRetryAt) {
        var rows = jdbc.queryForList("SELECT url, disabled, deleted_at FROM webhook_endpoints WHERE id = ?", delivery.getEndpointId());
        if (rows.isEmpty() || Boolean.TRUE.equals(rows.get(0).get("disabled")) || rows.get(0).get("deleted_at") != null) {
            if (!rows.isEmpty()) {
                log(delivery, attempt, "skipped", null, null, null);
            }
            return CompletableFuture.completedFuture(AttemptResult.DROPPED);
        }
        var request = HttpRequest.newBuilder(URI.create((String) rows.get(0).get("url"))).timeout(timeout)
                .header("content-type", "application/json").header("webhook-id", delivery.getEventId())
                .POST(HttpRequest.BodyPublishers.ofString(delivery.getPayload())).build();
        var started = System.nanoTime();
        return http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).handle((response, error) -> {
            int latency = (int) ((System.nanoTime() - started) / 1_000_000);
            if (response != null && response.statusCode() / 100 == 2) {
                log(delivery, attempt, "succeeded", response.statusCode(), latency, null);
                return AttemptResult.DELIVERED;
            }
            log(delivery, attempt, "failed", response == null ? null : response.statusCode(), latency, nextRetryAt);
            return response != null && response.statusCode() == 410 ? AttemptResult.DROPPED : AttemptResult.FAILED;
        });
    }

    private void log(WebhookDelivery delivery, int attempt, String outcome, @Nullable Integer status, @Nullable Integer latency,
            @Nullable Instant nextRetryAt) {
        jdbc.update("""
                INSERT INTO webhook_delivery_attempts (endpoint_id, merchant_id, mode, delivery_id, event_id, event_type, attempt,
                    redelivery, outcome, status_code, latency_ms, next_retry_at, attempted_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())""",
                delivery.getEndpointId(), delivery.getMerchantId(), delivery.getMode().name().toLowerCase(java.util.Locale.ROOT),
                delivery.getDeliveryId(), delivery.getEventId(), delivery.getEventType(), attempt, delivery.getRedelivery(),
                outcome, status, latency, nextRetryAt == null ? null : Timestamp.from(nextRetryAt));
    }
}
