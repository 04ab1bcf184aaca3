package io.abk.billing.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.abk.billing.client.service.AccountService;
import io.abk.billing.client.service.CouponService;
import io.abk.billing.client.service.CustomerService;
import io.abk.billing.client.service.EventService;
import io.abk.billing.client.service.InvoiceService;
import io.abk.billing.client.service.MeterEventService;
import io.abk.billing.client.service.MeterService;
import io.abk.billing.client.service.PaymentLinkService;
import io.abk.billing.client.service.PaymentService;
import io.abk.billing.client.service.PortalSessionService;
import io.abk.billing.client.service.PriceService;
import io.abk.billing.client.service.ProductService;
import io.abk.billing.client.service.PromotionCodeService;
import io.abk.billing.client.service.SubscriptionService;
import io.abk.billing.client.service.TestClockService;
import io.abk.billing.client.service.WebhookEndpointService;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Holds the library to the contract: a new API-key operation in openapi.json without a method fails the build. */
class OperationCoverageTest {

    private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");

    private static Set<String> apiKeyOperations() throws Exception {
        var operations = new TreeSet<String>();
        try (var in = OperationCoverageTest.class.getResourceAsStream("/openapi.json")) {
            assertThat(in)
                    .as("openapi.json copied from api-gateway as a test resource")
                    .isNotNull();
            var paths = new ObjectMapper().readTree(in).path("paths");
            paths.properties().forEach(path -> {
                if (!path.getKey().startsWith("/v1/")) {
                    return;
                }
                path.getValue().properties().forEach(operation -> {
                    if (METHODS.contains(operation.getKey())
                            && !operation.getValue().path("x-member-only").asBoolean(false)) {
                        operations.add(operation.getValue().path("operationId").asText());
                    }
                });
            });
        }
        return operations;
    }

    private static Set<String> annotatedOperations() {
        return OperationMethods.all().stream()
                .map(OperationMethods.OperationMethod::operationId)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void shouldHaveAMethodForEveryApiKeyOperationOfTheContract() throws Exception {
        var operations = apiKeyOperations();

        var missing = new TreeSet<>(operations);
        missing.removeAll(annotatedOperations());

        assertThat(operations).hasSize(67);
        assertThat(missing).as("operations of openapi.json without a method").isEmpty();
    }

    @Test
    void shouldNameOnlyOperationsTheContractHasWhenAnnotatingAMethod() throws Exception {
        var unknown = annotatedOperations();

        unknown.removeAll(apiKeyOperations());

        assertThat(unknown)
                .as("@Operation values that are not API-key operations")
                .isEmpty();
    }

    @Test
    void shouldScanEveryResourceServiceWhenCollectingTheMethods() {
        assertThat(OperationMethods.all().stream()
                        .<Class<?>>map(found -> found.method().getDeclaringClass())
                        .distinct())
                .containsExactlyInAnyOrder(
                        SubscriptionService.class,
                        InvoiceService.class,
                        PaymentService.class,
                        CustomerService.class,
                        CouponService.class,
                        PromotionCodeService.class,
                        MeterService.class,
                        MeterEventService.class,
                        PaymentLinkService.class,
                        ProductService.class,
                        PriceService.class,
                        WebhookEndpointService.class,
                        EventService.class,
                        TestClockService.class,
                        AccountService.class,
                        PortalSessionService.class);
    }
}
