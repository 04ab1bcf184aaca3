package io.abk.billing.gateway.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayWithoutKafkaIT;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Rate limits over HTTP, in the context with tiny limits ({@link GatewayWithoutKafkaIT}): per API key on /v1 and per
 * client IP on checkout POSTs.
 */
class RateLimitIT extends GatewayWithoutKafkaIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void shouldAnswer429WithRetryAfterWhenAKeyExceedsItsPerSecondLimit() {
        var key = newMerchantKey("test");
        EntityExchangeResult<byte[]> refused = null;
        int allowed = 0;
        // The bucket holds 2 and refills 2 a second: a quick burst must hit the limit long before 50 requests. The
        // refusal itself is checked: on a busy machine the next request may come after a refill.
        for (int i = 0; i < 50 && refused == null; i++) {
            var result = http.get()
                    .uri("/v1/products")
                    .header("x-service-api-key", key)
                    .exchange()
                    .expectBody()
                    .returnResult();
            if (result.getStatus().value() == 200) {
                allowed++;
            } else {
                refused = result;
            }
        }
        assertThat(allowed).isGreaterThanOrEqualTo(2);
        assertThat(refused).isNotNull();
        assertThat(refused.getStatus().value()).isEqualTo(429);
        assertThat(refused.getResponseHeaders().getFirst("Retry-After")).matches("[1-9][0-9]*");
        assertThat(refused.getResponseHeaders().getFirst("Service-Version")).isEqualTo("2026-01-01");
        var body = JSON.readTree(Objects.requireNonNull(refused.getResponseBody()));
        assertThat(body.path("code").asString()).isEqualTo("rate_limited");
        assertThat(body.path("error").asString()).isNotEmpty();
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
    void shouldLimitTheDashboardsSignInsPerClientIpInABucketOfTheirOwn() {
        // Unknown emails: a refused sign-in costs a token all the same.
        for (int attempt = 1; attempt <= 2; attempt++) {
            signIn("nobody-" + attempt + "@example.com").expectStatus().isUnauthorized();
        }

        // a person at a browser: the sign-in page, with the wait in its message and in Retry-After
        var limited = signIn("nobody-3@example.com")
                .expectStatus()
                .isEqualTo(429)
                .expectHeader()
                .valueMatches("Retry-After", "([1-9]|[1-2][0-9]|30)")
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        assertThat(limited).contains("data-page=\"login\"").contains("Too many sign-ins from this address");
        // the code's step of a sign-in takes from the same bucket
        http.post()
                .uri("/dashboard/login/code")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .bodyValue("code=123456")
                .exchange()
                .expectStatus()
                .isEqualTo(429);
        // and the sign-in page itself is not limited
        http.get().uri("/dashboard/login").exchange().expectStatus().isOk();
    }

    private WebTestClient.ResponseSpec signIn(String email) {
        return http.post()
                .uri("/dashboard/login")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .bodyValue("email=" + email.replace("@", "%40") + "&password=a+long+enough+password")
                .exchange();
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
