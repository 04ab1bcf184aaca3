package io.abk.billing.gateway.testkit;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The second (and last) HTTP test context, for the settings the shared one ({@link GatewayIT}) must not have:
 * Kafka pointed at a port where nothing listens (health while Kafka is away) and tiny rate limits (the limits'
 * own tests), with a stand-in checkout route to limit (the real ones come later). The two needs share one
 * context: neither setting changes what the other's tests look at.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "billing.admin-token=" + GatewayTestBase.ADMIN_TOKEN,
        "billing.rate-limits.enabled=true",
        "billing.rate-limits.per-key-per-second=2",
        "billing.rate-limits.checkout-per-minute=2",
})
@AutoConfigureWebTestClient(timeout = "30s")
@Import(GatewayWithoutKafkaIT.CheckoutStandIn.class)
public abstract class GatewayWithoutKafkaIT extends GatewayTestBase {

    @DynamicPropertySource
    static void absentKafka(DynamicPropertyRegistry registry) {
        int nothingListens = FreePorts.unused();
        registry.add("billing.kafka.bootstrap-servers", () -> "localhost:" + nothingListens);
    }

    /** {@code POST /checkout/test/{id}/confirm} and {@code GET /checkout/test/{id}/status}, answering {@code {}}. */
    @TestConfiguration(proxyBeanMethods = false)
    public static class CheckoutStandIn {
        @Bean
        RouterFunction<ServerResponse> checkoutStandInRoutes() {
            return RouterFunctions.route()
                    .POST("/checkout/test/{id}/confirm", request -> ServerResponse.ok().bodyValue("{}"))
                    .GET("/checkout/test/{id}/status", request -> ServerResponse.ok().bodyValue("{}"))
                    .build();
        }
    }
}
