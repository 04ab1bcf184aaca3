package io.abk.billing.gateway.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.platform.openapi.DescribedApi.Route;
import io.abk.billing.gateway.testkit.GatewayIT;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;

/**
 * The document's {@code x-member-only: true} marks exactly the {@code /v1} operations an API key may not call (the
 * team, the calling member's two-factor, the API keys themselves): each marked one answers an API key 403
 * {@code permission_denied}, and no unmarked one says it would. The client libraries read the mark to know which
 * operations are theirs.
 */
class MemberOnlyRoutesIT extends GatewayIT {

    /** An id of the right shape for every member-only path: the refusal comes before any lookup. */
    private static final String SOME_ID = "usr_00000000000000000000000000";

    @Test
    void shouldRefuseAnApiKeyEveryOperationMarkedMemberOnlyWhenTheDocumentIsScanned() {
        var api = DescribedApi.load();
        var key = newMerchantKey("test");
        var marked = new TreeSet<Route>();
        var described = new TreeSet<Route>();
        api.forEachOperation((route, operation) -> {
            if (!route.path().startsWith("/v1/")) {
                return;
            }
            if (operation.path("x-member-only").asBoolean(false)) {
                marked.add(route);
            }
            var description = operation.path("description").asString("")
                    + operation
                            .path("responses")
                            .path("403")
                            .path("description")
                            .asString("");
            if (description.contains("API key is 403") || description.contains("an API key may not")) {
                described.add(route);
            }
        });

        assertThat(described)
                .as("operations described as refused to API keys are marked")
                .isSubsetOf(marked);
        assertThat(marked).hasSize(15).contains(Route.of("POST", "/v1/api_keys"), Route.of("GET", "/v1/team/members"));
        for (var route : marked) {
            var path = route.path().replace("{}", SOME_ID);
            var request =
                    http.method(HttpMethod.valueOf(route.method())).uri(path).headers(h -> h.addAll(bearer(key)));
            var sent = !"GET".equals(route.method())
                    ? request.contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of())
                    : request;
            var answer = sent.exchange().expectBody(String.class).returnResult();
            assertThat(answer.getStatus().value())
                    .as(route + ": " + answer.getResponseBody())
                    .isEqualTo(403);
            assertThat(answer.getResponseBody()).as(route.toString()).contains("\"permission_denied\"");
        }
    }
}
