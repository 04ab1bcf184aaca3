package io.abk.billing.gateway.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.command.idempotency.ShowsSecret;
import io.abk.billing.gateway.platform.openapi.DescribedApi.Route;
import io.abk.billing.gateway.testkit.GatewayIT;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;

/**
 * Every route whose described answer holds a secret declares {@link ShowsSecret}, so the answer an Idempotency-Key
 * stores is sealed: the document's 2xx JSON shapes (through their references) against the handler methods'
 * declarations. Guards against a new route that shows a secret once and would leave it readable in the
 * {@code idempotency_keys} table.
 */
class SecretAnswersIT extends GatewayIT {

    /** Fields that hold a secret wherever they appear in an answer. */
    private static final Set<String> SECRET_FIELDS = Set.of("secret", "otpauthUri", "recoveryCodes");

    /** What a described value that is a secret says of itself: its pattern, description or example. */
    private static final List<String> SECRET_MARKS =
            List.of("whsec_", "otpauth://", "abk_(test|live)", "/dashboard/invitations/", "/portal/s/");

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Test
    void shouldDeclareEveryRouteWhoseDescribedAnswerHoldsASecretWhenTheDocumentIsScanned() {
        var api = DescribedApi.load();
        var showing = new TreeSet<Route>();
        api.forEachOperation((route, operation) -> {
            for (var response : operation.path("responses").properties()) {
                var answer = api.deref(response.getValue());
                if (response.getKey().startsWith("2") && answer != null) {
                    for (var content : answer.path("content").properties()) {
                        if (content.getKey().contains("json")
                                && holdsSecret(api, content.getValue().path("schema"), new TreeSet<>())) {
                            showing.add(route);
                        }
                    }
                }
            }
        });

        assertThat(showing)
                .as("the scan finds the known routes that show a secret")
                .contains(
                        Route.of("POST", "/v1/webhook_endpoints"),
                        Route.of("POST", "/v1/webhook_endpoints/{id}/rotate_secret"),
                        Route.of("POST", "/v1/api_keys"),
                        Route.of("POST", "/v1/api_keys/{id}/rotate"),
                        Route.of("POST", "/v1/me/totp"),
                        Route.of("POST", "/v1/me/totp/confirm"),
                        Route.of("POST", "/v1/me/totp/recovery_codes"),
                        Route.of("POST", "/v1/team/invitations"),
                        Route.of("POST", "/v1/portal_sessions"));
        var declared = declared();
        assertThat(showing)
                .as("routes whose answer holds a secret, without @ShowsSecret")
                .isSubsetOf(declared);
        assertThat(declared)
                .as("the TOTP confirmation's answer is declared too (it shows a member's recovery codes)")
                .contains(Route.of("POST", "/v1/me/totp/confirm"));
    }

    private static boolean holdsSecret(DescribedApi api, JsonNode node, Set<String> seen) {
        if (node.isArray()) {
            for (var item : node) {
                if (holdsSecret(api, item, seen)) {
                    return true;
                }
            }
            return false;
        }
        if (!node.isObject()) {
            return false;
        }
        var ref = node.path("$ref");
        if (ref.isString()) {
            var target = api.resolve(ref.stringValue());
            return seen.add(ref.stringValue()) && target != null && holdsSecret(api, target, seen);
        }
        for (var field : node.path("properties").propertyNames()) {
            if (SECRET_FIELDS.contains(field)) {
                return true;
            }
        }
        for (var said : List.of("pattern", "description", "example")) {
            var text = node.path(said);
            if (text.isString() && SECRET_MARKS.stream().anyMatch(text.stringValue()::contains)) {
                return true;
            }
        }
        for (var child : node.properties()) {
            if (holdsSecret(api, child.getValue(), seen)) {
                return true;
            }
        }
        return false;
    }

    /** The routes whose handler method declares {@link ShowsSecret}. */
    private Set<Route> declared() {
        var routes = new TreeSet<Route>();
        mappings.getHandlerMethods().forEach((info, handler) -> {
            if (handler.hasMethodAnnotation(ShowsSecret.class)) {
                for (var pattern : info.getPatternsCondition().getPatterns()) {
                    for (var method : info.getMethodsCondition().getMethods()) {
                        routes.add(Route.of(method.name(), pattern.getPatternString()));
                    }
                }
            }
        });
        return routes;
    }
}
