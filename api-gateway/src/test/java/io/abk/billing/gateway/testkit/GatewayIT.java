package io.abk.billing.gateway.testkit;

import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the gateway's HTTP tests: the whole application on a random port against the shared embedded
 * PostgreSQL and the shared KRaft broker, with {@link StubProcessor} answering commands, the test-only
 * {@link FaultRoutes}, and rate limits off. Every subclass declares nothing of its own that shapes the context, so
 * Spring's context cache starts one context for all of them; the few tests that need other settings use
 * {@link GatewayWithoutKafkaIT}.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "billing.admin-token=" + GatewayTestBase.ADMIN_TOKEN,
            "billing.public-url=https://pay.example.test",
            // Short, so the tests of a command that times out (processor paused) answer within seconds, yet long
            // enough that an outcome on a 2-core machine busy with other modules' tests is not taken for a timeout.
            "billing.request-timeout=" + GatewayIT.REQUEST_TIMEOUT_SECONDS + "s",
            "billing.rate-limits.enabled=false",
        })
@AutoConfigureWebTestClient(timeout = "30s")
@Import({StubProcessor.class, FaultRoutes.class})
public abstract class GatewayIT extends GatewayTestBase {

    /** This context's {@code billing.request-timeout}: how long a command waits for its outcome. */
    public static final int REQUEST_TIMEOUT_SECONDS = 8;

    private static final String PROJECTOR_GROUP = "gateway-it-" + UUID.randomUUID();

    @Autowired
    protected StubProcessor processor;

    @DynamicPropertySource
    static void kafka(DynamicPropertyRegistry registry) {
        SharedInfra.startKafka();
        registry.add("billing.kafka.bootstrap-servers", SharedInfra::kafkaBootstrap);
        registry.add("billing.kafka.projector-group-id", () -> PROJECTOR_GROUP);
    }
}
