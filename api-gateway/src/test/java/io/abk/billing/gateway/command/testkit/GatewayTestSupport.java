package io.abk.billing.gateway.command.testkit;

import io.abk.billing.gateway.command.CommandsConfiguration;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.idempotency.IdempotencyConfiguration;
import io.abk.billing.gateway.json.JsonConfig;
import io.abk.billing.gateway.projection.ProjectionConfiguration;
import io.abk.billing.gateway.subscription.SubscriptionConfiguration;
import io.abk.billing.gateway.subscription.SubscriptionRoutes;
import java.util.UUID;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.junit.jupiter.SpringExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Base of the HTTP tests of this branch: one shared context (the same configuration in every subclass, so Spring
 * caches it) on the shared broker and a database of its own, with the stand-in processor running.
 */
@SpringBootTest(classes = GatewayTestSupport.CommandsTestApplication.class, properties = {
        "billing.admin-token=test-admin-token-0123456789",
        "billing.public-url=https://pay.example.test",
        "billing.request-timeout=4s",
        "billing.rate-limits.enabled=false"})
@AutoConfigureWebTestClient(timeout = "30s")
// @SpringBootTest already extends with Spring; saying it directly marks this class as a test class for Spring Boot's
// test type filter, which then keeps the nested configuration below out of the application's component scan.
@ExtendWith(SpringExtension.class)
public abstract class GatewayTestSupport {

    /**
     * A gateway of just the write path, read model and subscription routes, with {@link TestPlatform} in place
     * of the platform packages. Nested in this test class so the application's own component scan (in the
     * platform's tests) never picks it up: Spring Boot's test type filter skips members of test classes.
     */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @EnableConfigurationProperties(BillingProperties.class)
    @Import({JsonConfig.class, CommandsConfiguration.class, ProjectionConfiguration.class, IdempotencyConfiguration.class,
            SubscriptionConfiguration.class, SubscriptionRoutes.class, TestPlatform.class})
    static class CommandsTestApplication {
    }

    private static final String PROJECTOR_GROUP = "gateway-it-" + UUID.randomUUID();
    private static TestDatabase database;

    @Autowired
    protected WebTestClient http;

    @Autowired
    protected TestPlatform.Catalog catalog;

    @Autowired
    protected StubSubscriptionProcessor processor;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        registry.add("billing.kafka.bootstrap-servers", SharedInfra::kafkaBootstrap);
        registry.add("billing.kafka.projector-group-id", () -> PROJECTOR_GROUP);
        registry.add("spring.r2dbc.url", () -> database().r2dbcUrl());
        registry.add("spring.r2dbc.username", () -> TestDatabase.USER);
        registry.add("spring.r2dbc.password", () -> "");
        registry.add("spring.flyway.url", () -> database().jdbcUrl());
        registry.add("spring.flyway.user", () -> TestDatabase.USER);
        registry.add("spring.flyway.password", () -> "");
    }

    /** The context's database (created once; Flyway in the context migrates it). */
    protected static synchronized TestDatabase database() {
        if (database == null) {
            database = SharedInfra.futureDatabase("gateway_it");
            SharedInfra.create(database);
        }
        return database;
    }

    protected static String newMerchant() {
        return "mer_" + UUID.randomUUID().toString().replace("-", "").substring(0, 26);
    }
}
