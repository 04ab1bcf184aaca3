package io.abk.billing.gateway.testkit;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The second (and last) HTTP test context, for the settings the shared one ({@link GatewayIT}) must not have:
 * Kafka pointed at a port where nothing listens (health while Kafka is away) and tiny rate limits (the limits'
 * own tests, on the real checkout routes, whose unknown ids answer without Kafka). The two needs share one
 * context: neither setting changes what the other's tests look at.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "billing.admin-token=" + GatewayTestBase.ADMIN_TOKEN,
        "billing.rate-limits.enabled=true",
        "billing.rate-limits.per-key-per-second=2",
        "billing.rate-limits.checkout-per-minute=2",
})
@AutoConfigureWebTestClient(timeout = "30s")
public abstract class GatewayWithoutKafkaIT extends GatewayTestBase {

    @DynamicPropertySource
    static void absentKafka(DynamicPropertyRegistry registry) {
        int nothingListens = FreePorts.unused();
        registry.add("billing.kafka.bootstrap-servers", () -> "localhost:" + nothingListens);
    }
}
