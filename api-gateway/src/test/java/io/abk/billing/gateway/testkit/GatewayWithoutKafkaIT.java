package io.abk.billing.gateway.testkit;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The second HTTP test context, for the settings the shared one ({@link GatewayIT}) must not have:
 * Kafka pointed at a port where nothing listens (health while Kafka is away), tiny rate limits (the limits'
 * own tests, on the real checkout routes, whose unknown ids answer without Kafka), and a test chain with a vault
 * (checkout's wallet calls, read from resources written straight to the read model; checkout never calls the
 * chain's RPC URL, so it need not answer), and the operator API on a port of its own, as a deployment has it (the
 * helpers of {@link GatewayTestBase} reach it there). The needs share one context: no setting changes what another's
 * tests look at. A third, {@code SubscriptionMandateAnvilIT}'s own, has a real chain to read.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "billing.admin-token=" + GatewayTestBase.ADMIN_TOKEN,
            "billing.rate-limits.enabled=true",
            "billing.rate-limits.per-key-per-second=2",
            "billing.rate-limits.checkout-per-minute=2",
            "billing.chains.test.rpc-url=" + GatewayWithoutKafkaIT.PRIVATE_RPC_URL,
            "billing.chains.test.vault-address=" + GatewayWithoutKafkaIT.VAULT,
            "billing.chains.test.public-rpc-urls=https://sepolia.base.org, https://base-sepolia.public.example.test",
            "billing.admin-port=0",
        })
@AutoConfigureWebTestClient(timeout = "30s")
public abstract class GatewayWithoutKafkaIT extends GatewayTestBase {

    /** The test chain's private RPC URL, with a provider key that must never be shown. */
    public static final String PRIVATE_RPC_URL = "https://base-sepolia.provider.example.test/v2/provider-key-5ecret";

    public static final String VAULT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

    @DynamicPropertySource
    static void absentKafka(DynamicPropertyRegistry registry) {
        int nothingListens = FreePorts.unused();
        registry.add("billing.kafka.bootstrap-servers", () -> "localhost:" + nothingListens);
    }
}
