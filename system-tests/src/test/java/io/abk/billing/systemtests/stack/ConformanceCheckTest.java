package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.systemtests.stack.ExchangeLog.Exchange;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The conformance check itself, on made-up exchanges against the real description: it must pass what conforms and
 * name what does not, or {@code ApiConformanceIT} could pass by finding nothing.
 */
class ConformanceCheckTest {

    private static final ApiDescription API = ApiDescription.load();
    private static final String JSON = "application/json";
    private static final String ERROR = """
            {"error":"No such subscription: 'sub_x'","code":"resource_missing","requestId":"req_01m8ap202dabt78twqsr1hn2s7"}""";
    private static final String CLOCK = """
            {"object":"test_clock","frozenAt":null,"effectiveNow":"2026-01-31T12:00:00Z","createdAt":null,"updatedAt":null}""";

    @Test
    void shouldFindNothingWhenTheExchangesConform() {
        var check = checked(
                exchange("GET", "/v1/subscriptions/sub_x", null, null, 404, ERROR),
                exchange("GET", "/v1/test_clock", null, null, 200, CLOCK),
                exchange("POST", "/v1/test_clock", null, "{\"advanceBySeconds\":60}", 200, CLOCK),
                exchange("GET", "/nowhere", null, null, 404, ERROR.replace("resource_missing", "route_not_found")));
        assertThat(check.mismatches()).isEmpty();
    }

    @Test
    void shouldNameTheFieldWhenAResponseBodyBreaksItsSchema() {
        var check = checked(
                exchange("GET", "/v1/test_clock", null, null, 200, CLOCK.replace("\"test_clock\"", "\"clock\"")));
        assertThat(check.mismatches())
                .singleElement()
                .asString()
                .startsWith("GET /v1/test_clock 200 response /object: ");
    }

    @Test
    void shouldReportAnUndescribedStatusAndContentTypeWhenAnswered() {
        var check = checked(
                exchange("GET", "/v1/test_clock", null, null, 418, ERROR),
                new Exchange("GET", "/v1/test_clock", null, null, null, false, 200, "text/html", "<p>"));
        assertThat(check.mismatches())
                .hasSize(2)
                .anySatisfy(line -> assertThat(line).contains("status 418 is not described"))
                .anySatisfy(line -> assertThat(line).contains("content type text/html is not described"));
    }

    @Test
    void shouldCheckAcceptedRequestsButNotRefusedOnesWhenBodiesAndQueriesBreakTheSchema() {
        var check = checked(
                exchange("POST", "/v1/test_clock", null, "{\"advanceBySeconds\":\"soon\"}", 200, CLOCK),
                exchange(
                        "GET",
                        "/v1/subscriptions",
                        "limit=500&colour=red",
                        null,
                        200,
                        "{\"subscriptions\":[],\"hasMore\":false}"),
                exchange(
                        "POST",
                        "/v1/test_clock",
                        null,
                        "{\"advanceBySeconds\":\"soon\"}",
                        400,
                        ERROR.replace("resource_missing", "validation_error")));
        // The 400 exchange sent the same bad body: a refused request is not held to the schema.
        assertThat(check.mismatches())
                .noneSatisfy(line -> assertThat(line).contains(" 400 "))
                .anySatisfy(line -> assertThat(line).startsWith("POST /v1/test_clock 200 request /advanceBySeconds: "))
                .anySatisfy(line -> assertThat(line).startsWith("GET /v1/subscriptions 200 request ?limit: "))
                .anySatisfy(
                        line -> assertThat(line).contains("?colour: accepted a query parameter that is not described"));
    }

    @Test
    void shouldReportAServedRouteWhenTheDescriptionLacksIt() {
        var check = checked(exchange("GET", "/v1/secret_route", null, null, 200, "{}"));
        assertThat(check.mismatches()).singleElement().asString().contains("no operation of the document matches");
    }

    @Test
    void shouldPreferTheJsonSuffixRouteWhenBothTemplatesMatch() {
        assertThat(API.match("GET", "/checkout/subscribe/sub_1.json"))
                .get()
                .extracting(ApiDescription.Operation::template)
                .isEqualTo("/checkout/subscribe/{id}.json");
        assertThat(API.match("GET", "/checkout/subscribe/sub_1"))
                .get()
                .extracting(ApiDescription.Operation::template)
                .isEqualTo("/checkout/subscribe/{id}");
    }

    private static ConformanceCheck checked(Exchange... exchanges) {
        var check = new ConformanceCheck(API);
        check.check(List.of(exchanges));
        return check;
    }

    private static Exchange exchange(
            String method,
            String path,
            @Nullable String query,
            @Nullable String requestBody,
            int status,
            String responseBody) {
        return new Exchange(
                method, path, query, requestBody == null ? null : JSON, requestBody, false, status, JSON, responseBody);
    }
}
