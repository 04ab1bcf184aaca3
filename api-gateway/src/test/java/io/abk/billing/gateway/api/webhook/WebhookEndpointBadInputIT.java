package io.abk.billing.gateway.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/**
 * Malformed or refused webhook endpoint requests, in both modes, each answered with a 4xx {@code {error, code}}
 * naming the field, and nothing created or changed. Protects against SSRF (URLs to loopback, private, link-local
 * and metadata addresses; the shared test context keeps {@code allow-loopback-in-test} off) and 500s on bad input.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhookEndpointBadInputIT extends GatewayIT {

    private static final String ENDPOINT = "{endpoint}";
    private static final String LIST = "/v1/webhook_endpoints";

    private final Map<String, String> keys = new HashMap<>();
    private final Map<String, String> endpoints = new HashMap<>();
    private final Map<String, JsonNode> before = new HashMap<>();

    @BeforeAll
    void createEndpoints() {
        var merchant = newMerchant();
        for (var mode : new String[] {"test", "live"}) {
            keys.put(mode, merchant.key(mode));
            var created = http.post()
                    .uri(LIST)
                    .header("x-service-api-key", merchant.key(mode))
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue("{\"url\":\"https://93.184.215.14/hook\"}")
                    .exchange()
                    .expectStatus()
                    .isCreated()
                    .expectBody(JsonNode.class)
                    .returnResult()
                    .getResponseBody();
            endpoints.put(mode, created.get("webhookEndpoint").get("id").stringValue());
            before.put(mode, list(mode));
        }
    }

    static Stream<Arguments> badRequests() {
        var cases = Stream.<Arguments>builder();
        for (var mode : new String[] {"test", "live"}) {
            for (var url : new String[] {
                "http://93.184.215.14/hook",
                "https://127.0.0.1/hook",
                "https://127.1.2.3/hook",
                "https://localhost/hook",
                "https://[::1]/hook",
                "https://[::ffff:127.0.0.1]/hook",
                "https://0.0.0.0/hook",
                "https://10.0.0.1/hook",
                "https://172.16.5.4/hook",
                "https://192.168.1.1/hook",
                "https://169.254.169.254/latest",
                "https://100.64.0.1/hook",
                "https://[fc00::1]/hook",
                "https://[fe80::1]/hook",
                "https://224.0.0.1/hook",
                "https://[::ffff:10.0.0.1]/hook",
                "https://nothing-here.invalid/hook",
                "https://user:pw@93.184.215.14/hook",
                "ftp://93.184.215.14/hook",
                "/relative",
                "not a url",
                "https://93.184.215.14/" + "a".repeat(2048)
            }) {
                cases.add(bad(mode, "POST", LIST, "{\"url\":\"" + url + "\"}", "url"));
                cases.add(bad(mode, "PATCH", "/v1/webhook_endpoints/" + ENDPOINT, "{\"url\":\"" + url + "\"}", "url"));
            }
            cases.add(bad(mode, "POST", LIST, "{}", "url"));
            cases.add(bad(mode, "POST", LIST, "{\"url\":5}", "url"));
            cases.add(bad(mode, "POST", LIST, "{\"url\":\"\"}", "url"));
            cases.add(bad(mode, "POST", LIST, "[]", null));
            cases.add(bad(
                    mode,
                    "POST",
                    LIST,
                    "{\"url\":\"https://93.184.215.14/h\",\"enabledEvents\":[\"invoice.unknown\"]}",
                    "enabledEvents"));
            cases.add(bad(
                    mode,
                    "POST",
                    LIST,
                    "{\"url\":\"https://93.184.215.14/h\",\"enabledEvents\":[\"INVOICE.PAID\"]}",
                    "enabledEvents"));
            cases.add(bad(
                    mode,
                    "POST",
                    LIST,
                    "{\"url\":\"https://93.184.215.14/h\",\"enabledEvents\":\"invoice.paid\"}",
                    "enabledEvents"));
            cases.add(bad(
                    mode,
                    "POST",
                    LIST,
                    "{\"url\":\"https://93.184.215.14/h\",\"enabledEvents\":[1]}",
                    "enabledEvents"));
            cases.add(bad(
                    mode, "POST", LIST, "{\"url\":\"https://93.184.215.14/h\",\"description\":true}", "description"));
            cases.add(bad(mode, "PATCH", "/v1/webhook_endpoints/" + ENDPOINT, "{\"url\":null}", "url"));
            cases.add(bad(mode, "PATCH", "/v1/webhook_endpoints/" + ENDPOINT, "{\"disabled\":\"yes\"}", "disabled"));
            cases.add(bad(mode, "PATCH", "/v1/webhook_endpoints/" + ENDPOINT, "{\"disabled\":null}", "disabled"));
            cases.add(bad(
                    mode,
                    "PATCH",
                    "/v1/webhook_endpoints/" + ENDPOINT,
                    "{\"enabledEvents\":[\"payment.refunded\"]}",
                    "enabledEvents"));
            var rotate = "/v1/webhook_endpoints/" + ENDPOINT + "/rotate_secret";
            cases.add(bad(mode, "POST", rotate, "{\"overlapSeconds\":-1}", "overlapSeconds"));
            cases.add(bad(mode, "POST", rotate, "{\"overlapSeconds\":604801}", "overlapSeconds"));
            cases.add(bad(mode, "POST", rotate, "{\"overlapSeconds\":1.5}", "overlapSeconds"));
            cases.add(bad(mode, "POST", rotate, "{\"overlapSeconds\":\"60\"}", "overlapSeconds"));
            cases.add(bad(mode, "GET", LIST + "?limit=0", "", "limit"));
            cases.add(bad(mode, "GET", LIST + "?startingAfter=prod_00000000000000000000000000", "", "startingAfter"));
        }
        return cases.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void shouldRefuseAndStoreNothingWhenInputIsBad(
            String label, String mode, String method, String path, String body, @Nullable String param) {
        var request = http.method(HttpMethod.valueOf(method))
                .uri(path.replace(ENDPOINT, endpoints.get(mode)))
                .header("x-service-api-key", keys.get(mode));
        var spec = body.isEmpty()
                ? request
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
        var response = spec.exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();

        assertThat(response.get("error").stringValue()).isNotBlank();
        assertThat(response.get("code").stringValue()).isEqualTo("validation_error");
        if (param != null) {
            assertThat(response.get("param").stringValue()).isEqualTo(param);
        }
        assertThat(list(mode)).isEqualTo(before.get(mode));
    }

    private JsonNode list(String mode) {
        return http.get()
                .uri(LIST)
                .header("x-service-api-key", keys.get(mode))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
    }

    private static Arguments bad(String mode, String method, String path, String body, @Nullable String param) {
        var shown = body.length() > 80 ? body.substring(0, 77) + "..." : body;
        return Arguments.of(mode + " " + method + " " + path + " " + shown, mode, method, path, body, param);
    }
}
