package io.abk.billing.gateway.command.testkit;

import java.util.UUID;
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
@SpringBootTest(classes = CommandsTestApplication.class, properties = {
        "billing.admin-token=test-admin-token-0123456789",
        "billing.public-url=https://pay.example.test",
        "billing.request-timeout=4s",
        "billing.rate-limits.enabled=false"})
@AutoConfigureWebTestClient(timeout = "30s")
public abstract class GatewayTestSupport {

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
