package io.abk.billing.gateway.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.platform.openapi.DescribedApi.Route;
import io.abk.billing.gateway.testkit.GatewayIT;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;

/**
 * The document describes exactly the routes the gateway serves: its route table (Spring's handler methods, in the
 * shared test context) against the document's paths and methods, both ways, and which of them take a body in which
 * media types. Guards against a route added or removed in code without the document following. Also checks how
 * {@code GET /openapi.json} is served.
 */
class OpenApiRoutesIT extends GatewayIT {

    /** Named: actuator's controller-endpoint mapping is a RequestMappingHandlerMapping too, and is not the API. */
    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Test
    void shouldDescribeEveryServedRouteAndServeEveryDescribedOneWhenTheRouteTablesAreCompared() {
        var served = servedBodies().keySet();
        var described = DescribedApi.load().routes();

        var undescribed = new TreeSet<>(served);
        undescribed.removeAll(described);
        var unserved = new TreeSet<>(described);
        unserved.removeAll(served);

        assertThat(undescribed)
                .as("routes the gateway serves that openapi.json lacks")
                .isEmpty();
        assertThat(unserved)
                .as("operations in openapi.json that the gateway does not serve")
                .isEmpty();
        // The /{id}.json route is told apart from /{id} by its suffix, not lost in the normalisation.
        assertThat(served)
                .contains(
                        Route.of("GET", "/checkout/subscribe/{id}.json"), Route.of("GET", "/checkout/subscribe/{id}"));
    }

    @Test
    void shouldDescribeTheRequestBodyOfEveryRouteThatReadsOneWhenHandlersAreInspected() {
        var api = DescribedApi.load();
        var served = servedBodies();
        var problems = new ArrayList<String>();
        api.forEachOperation((route, operation) -> {
            var code = served.get(route);
            if (code == null) {
                return;
            }
            var described = new TreeSet<String>();
            operation.path("requestBody").path("content").propertyNames().forEach(described::add);
            if (!code.equals(described)) {
                problems.add(route + ": the code reads " + (code.isEmpty() ? "no body" : code) + ", the document says "
                        + (described.isEmpty() ? "no body" : described));
            }
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void shouldServeTheDocumentWithoutAKeyWhenAskedWithTheCommonHeaders() {
        var result = documentClient()
                .get()
                .uri("/openapi.json")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectHeader()
                .valueMatches("x-request-id", "req_[0-9a-z]{26}")
                .expectHeader()
                .valueEquals("Service-Version", "2026-01-01")
                .expectBody(byte[].class)
                .returnResult();
        assertThat(new String(result.getResponseBody(), StandardCharsets.UTF_8))
                .isEqualTo(DescribedApi.load().text());
    }

    @Test
    void shouldRefuseAnUnsupportedVersionWhenTheDocumentIsAskedForOne() {
        documentClient()
                .get()
                .uri("/openapi.json")
                .header("Service-Version", "2025-01-01")
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("unsupported_api_version");
    }

    /** The document is larger than the 64 KiB the test client's codecs (the API's body limit) read by default. */
    private WebTestClient documentClient() {
        return http.mutate()
                .codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(1024 * 1024))
                .build();
    }

    /**
     * The gateway's routes, each with the media types of the body it reads: those its handlers declare they consume,
     * or JSON for a handler with a {@code @RequestBody}; empty when it reads none.
     */
    private Map<Route, Set<String>> servedBodies() {
        var routes = new TreeMap<Route, Set<String>>();
        mappings.getHandlerMethods().forEach((info, handler) -> {
            var methods = info.getMethodsCondition().getMethods();
            assertThat(methods)
                    .as("%s serves every method: name them so the document can describe it", handler)
                    .isNotEmpty();
            var bodies = new TreeSet<String>();
            info.getConsumesCondition().getConsumableMediaTypes().forEach(type -> bodies.add(type.toString()));
            for (var parameter : handler.getMethodParameters()) {
                if (parameter.hasParameterAnnotation(RequestBody.class) && bodies.isEmpty()) {
                    bodies.add(MediaType.APPLICATION_JSON_VALUE);
                }
            }
            for (var pattern : info.getPatternsCondition().getPatterns()) {
                for (var method : methods) {
                    routes.computeIfAbsent(
                                    Route.of(method.name(), pattern.getPatternString()), route -> new TreeSet<>())
                            .addAll(bodies);
                }
            }
        });
        return routes;
    }
}
