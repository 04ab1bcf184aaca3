package io.abk.billing.gateway.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayWithoutKafkaIT;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * Rate limits over HTTP, in the context with tiny limits ({@link GatewayWithoutKafkaIT}): per API key on /v1 and per
 * client IP on checkout POSTs.
 */
class RateLimitIT extends GatewayWithoutKafkaIT {

    @Test
    void shouldAnswer429WithRetryAfterWhenAKeyExceedsItsPerSecondLimit() {
        var key = newMerchantKey("test");
        int status = 200;
        int allowed = 0;
        // The bucket holds 2 and refills 2 a second: a quick burst must hit the limit long before 50 requests.
        for (int i = 0; i < 50 && status == 200; i++) {
            var response = http.get()
                    .uri("/v1/products")
                    .header("x-service-api-key", key)
                    .exchange();
            status = response.expectBody().returnResult().getStatus().value();
            if (status == 200) {
                allowed++;
            }
        }
        assertThat(allowed).isGreaterThanOrEqualTo(2);
        assertThat(status).isEqualTo(429);
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isEqualTo(429)
                .expectHeader()
                .valueMatches("Retry-After", "[1-9][0-9]*")
                .expectHeader()
                .valueEquals("Service-Version", "2026-01-01")
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("rate_limited")
                .jsonPath("$.error")
                .isNotEmpty();
        // Another key has its own bucket.
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", newMerchantKey("test"))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
    }

    @Test
    void shouldLimitCheckoutPostsPerClientIp() {
        // Unknown subscriptions: a 404 costs a token all the same, and needs no Kafka.
        var path = "/checkout/subscribe/sub_01jcrgx3b2m0x9k8d7f6e5a4s3";
        http.post()
                .uri(path + "/activate")
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .returnResult();
        http.post()
                .uri(path + "/activate")
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .returnResult();
        http.post()
                .uri(path + "/activate")
                .exchange()
                .expectStatus()
                .isEqualTo(429)
                // Refill is 2 a minute: the next token is up to 30 s away.
                .expectHeader()
                .valueMatches("Retry-After", "([1-9]|[1-2][0-9]|30)")
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("rate_limited");
        // The same address's bucket covers every checkout POST: a payment's confirm, a link's open (JSON and form).
        http.post()
                .uri("/checkout/pay/pay_01jcrgx3b2m0x9k8d7f6e5a4s3/confirm")
                .exchange()
                .expectStatus()
                .isEqualTo(429)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("rate_limited");
        http.post()
                .uri("/checkout/link/plink_01jcrgx3b2m0x9k8d7f6e5a4s3/open")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{}")
                .exchange()
                .expectStatus()
                .isEqualTo(429)
                .expectBody()
                .returnResult();
        http.post()
                .uri("/checkout/link/plink_01jcrgx3b2m0x9k8d7f6e5a4s3/open")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .bodyValue("email=a%40b.io")
                .exchange()
                .expectStatus()
                .isEqualTo(429)
                .expectBody()
                .returnResult();
        // Reads of checkout pages are not limited.
        for (int i = 0; i < 5; i++) {
            http.get()
                    .uri(path + ".json")
                    .exchange()
                    .expectStatus()
                    .isNotFound()
                    .expectBody()
                    .returnResult();
            http.get()
                    .uri(path)
                    .exchange()
                    .expectStatus()
                    .isNotFound()
                    .expectBody()
                    .returnResult();
            http.get()
                    .uri("/checkout/pay/pay_01jcrgx3b2m0x9k8d7f6e5a4s3/status")
                    .exchange()
                    .expectStatus()
                    .isNotFound()
                    .expectBody()
                    .returnResult();
            http.get()
                    .uri("/checkout/link/plink_01jcrgx3b2m0x9k8d7f6e5a4s3")
                    .exchange()
                    .expectStatus()
                    .isNotFound()
                    .expectBody()
                    .returnResult();
        }
    }
}
