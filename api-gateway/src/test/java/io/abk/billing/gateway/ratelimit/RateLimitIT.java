package io.abk.billing.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.support.GatewayIT;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Rate limits over HTTP, in a context of their own with tiny limits: per API key on /v1 and per client IP on
 * checkout POSTs (a stand-in checkout route, since the real ones come later).
 */
@Import(RateLimitIT.CheckoutStandIn.class)
class RateLimitIT extends GatewayIT {

    @DynamicPropertySource
    static void tinyLimits(DynamicPropertyRegistry registry) {
        registry.add("billing.rate-limits.enabled", () -> "true");
        registry.add("billing.rate-limits.per-key-per-second", () -> "2");
        registry.add("billing.rate-limits.checkout-per-minute", () -> "2");
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class CheckoutStandIn {
        @Bean
        RouterFunction<ServerResponse> checkoutStandInRoutes() {
            return RouterFunctions.route()
                    .POST("/checkout/test/{id}/confirm", request -> ServerResponse.ok().bodyValue("{}"))
                    .GET("/checkout/test/{id}/status", request -> ServerResponse.ok().bodyValue("{}"))
                    .build();
        }
    }

    @Test
    void shouldAnswer429WithRetryAfterWhenAKeyExceedsItsPerSecondLimit() {
        var key = newMerchantKey("test");
        int status = 200;
        int allowed = 0;
        // The bucket holds 2 and refills 2 a second: a quick burst must hit the limit long before 50 requests.
        for (int i = 0; i < 50 && status == 200; i++) {
            var response = http.get().uri("/v1/products").header("x-service-api-key", key).exchange();
            status = response.expectBody().returnResult().getStatus().value();
            if (status == 200) {
                allowed++;
            }
        }
        assertThat(allowed).isGreaterThanOrEqualTo(2);
        assertThat(status).isEqualTo(429);
        http.get().uri("/v1/products").header("x-service-api-key", key).exchange()
                .expectStatus().isEqualTo(429)
                .expectHeader().valueMatches("Retry-After", "[1-9][0-9]*")
                .expectHeader().valueEquals("Service-Version", "2026-01-01")
                .expectBody().jsonPath("$.code").isEqualTo("rate_limited").jsonPath("$.error").isNotEmpty();
        // Another key has its own bucket.
        http.get().uri("/v1/products").header("x-service-api-key", newMerchantKey("test")).exchange().expectStatus().isOk().expectBody().returnResult();
    }

    @Test
    void shouldLimitCheckoutPostsPerClientIp() {
        http.post().uri("/checkout/test/a/confirm").exchange().expectStatus().isOk().expectBody().returnResult();
        http.post().uri("/checkout/test/b/confirm").exchange().expectStatus().isOk().expectBody().returnResult();
        http.post().uri("/checkout/test/c/confirm").exchange()
                .expectStatus().isEqualTo(429)
                // Refill is 2 a minute: the next token is up to 30 s away.
                .expectHeader().valueMatches("Retry-After", "([1-9]|[1-2][0-9]|30)")
                .expectBody().jsonPath("$.code").isEqualTo("rate_limited");
        // Reads of checkout pages are not limited.
        for (int i = 0; i < 5; i++) {
            http.get().uri("/checkout/test/a/status").exchange().expectStatus().isOk().expectBody().returnResult();
        }
    }
}
