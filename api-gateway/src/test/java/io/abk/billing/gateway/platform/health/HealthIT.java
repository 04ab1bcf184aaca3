package io.abk.billing.gateway.platform.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayWithoutKafkaIT;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Health against a real PostgreSQL and no Kafka at all: DOWN overall, with the database UP and the three Kafka
 * checks DOWN, answered quickly (the checks time out after about two seconds instead of hanging); the readiness
 * group ({@code /actuator/health/readiness}) says the same.
 */
class HealthIT extends GatewayWithoutKafkaIT {

    @Test
    void shouldBeDownWithPostgresUpWhenKafkaIsUnreachable() {
        long start = System.nanoTime();
        var health = http.get()
                .uri("/actuator/health")
                .exchange()
                .expectStatus()
                .isEqualTo(503)
                .expectHeader()
                .valueEquals("Service-Version", "2026-01-01")
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(health.get("status").stringValue()).isEqualTo("DOWN");
        var components = health.get("components");
        assertThat(components.get("postgres").get("status").stringValue()).isEqualTo("UP");
        assertThat(components.get("kafka").get("status").stringValue()).isEqualTo("DOWN");
        assertThat(components.get("billingStreams").get("status").stringValue()).isEqualTo("DOWN");
        assertThat(components
                        .get("billingStreams")
                        .get("details")
                        .get("groupId")
                        .stringValue())
                .isEqualTo("billing-streams");
        assertThat(components.get("settlement").get("status").stringValue()).isEqualTo("DOWN");
        assertThat(components.get("settlement").get("details").get("groupId").stringValue())
                .isEqualTo("chain-indexer");
        assertThat(components.has("r2dbc"))
                .as("the built-in R2DBC check is replaced by postgres")
                .isFalse();
        assertThat(millis).as("health must not hang while Kafka is away").isLessThan(15_000);
    }

    @Test
    void shouldNotBeReadyWhenItCannotServe() {
        // Protects against a readiness probe that said UP while the gateway could not serve: the readiness group
        // held only the application's own state, not the checks behind /actuator/health.
        var readiness = http.get()
                .uri("/actuator/health/readiness")
                .exchange()
                .expectStatus()
                .isEqualTo(503)
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();

        assertThat(readiness.get("status").stringValue()).isEqualTo("DOWN");
        var components = readiness.get("components");
        assertThat(components.get("postgres").get("status").stringValue()).isEqualTo("UP");
        assertThat(components.get("billingStreams").get("status").stringValue()).isEqualTo("DOWN");
        assertThat(components.get("projector").get("status").stringValue()).isEqualTo("DOWN");
    }
}
