package io.abk.billing.gateway.platform.openapi;

import io.abk.billing.gateway.testkit.GatewayWithoutKafkaIT;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * {@code GET /openapi.json} is not rate limited, in the context with tiny limits (2 requests a second per key): the
 * per-key limit is for authenticated {@code /v1} calls and the per-address one for checkout POSTs, and the document
 * is neither, even when a key comes with the request.
 */
class OpenApiUnlimitedIT extends GatewayWithoutKafkaIT {

    @Test
    void shouldServeTheDocumentEveryTimeWhenAskedMoreOftenThanAnyLimitAllows() {
        var key = newMerchantKey("test");
        for (int i = 0; i < 10; i++) {
            documentClient()
                    .get()
                    .uri("/openapi.json")
                    .header("x-service-api-key", key)
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody()
                    .jsonPath("$.openapi")
                    .isEqualTo("3.1.0");
        }
    }

    /** The document is larger than the 64 KiB the test client's codecs (the API's body limit) read by default. */
    private WebTestClient documentClient() {
        return http.mutate()
                .codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(1024 * 1024))
                .build();
    }
}
