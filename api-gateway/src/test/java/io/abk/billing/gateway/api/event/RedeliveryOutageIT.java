package io.abk.billing.gateway.api.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayWithoutKafkaIT;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.sql.Timestamp;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A redelivery while Kafka is away ({@link GatewayWithoutKafkaIT}): the deliveries cannot be acknowledged, so the
 * answer is a 503 to retry, never a 202 for deliveries that were not queued, and no audit entry claims it happened.
 */
class RedeliveryOutageIT extends GatewayWithoutKafkaIT {

    @Test
    void shouldAnswer503AndRecordNothingWhenTheDeliveriesCannotBeQueued() {
        var merchant = newMerchant();
        var now = Instant.now();
        // Written with SQL: this context's per-key rate limit allows two requests a second, kept for the one under
        // test.
        database()
                .execute(
                        "INSERT INTO webhook_endpoints (id, merchant_id, mode, url, secret, created_at, updated_at)"
                                + " VALUES (?, ?, 'test', 'https://93.184.215.14/hook', 'whsec_x', ?, ?)",
                        Ids.newId(IdPrefix.WEBHOOK_ENDPOINT, now),
                        merchant.id(),
                        Timestamp.from(now),
                        Timestamp.from(now));
        var event = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now);

        http.post()
                .uri("/v1/events/" + event.id() + "/redeliver")
                .header("x-service-api-key", merchant.testKey())
                .exchange()
                .expectStatus()
                .isEqualTo(503)
                .expectHeader()
                .valueMatches("Retry-After", "[1-9][0-9]*")
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("service_unavailable")
                .jsonPath("$.error")
                .isNotEmpty();

        assertThat(database().count("SELECT count(*) FROM audit_log WHERE target_id = ?", event.id()))
                .isZero();
    }
}
