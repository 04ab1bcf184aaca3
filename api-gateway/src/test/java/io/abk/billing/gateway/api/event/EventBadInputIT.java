package io.abk.billing.gateway.api.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.gateway.testkit.TestMerchant;
import io.abk.billing.schemas.topic.Topics;
import java.time.Instant;
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
 * Malformed or refused requests of the event log, the delivery log and redeliveries, in both modes: each a 4xx
 * {@code {error, code}} (naming the field when there is one), and no redelivery queued. Protects against 500s on
 * bad input and against one tenant reaching another's events or endpoints.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EventBadInputIT extends GatewayIT {

    private static final String UNKNOWN_EVENT = "evt_00000000000000000000000000";
    private static final String UNKNOWN_ENDPOINT = "we_00000000000000000000000000";

    /** Placeholders in paths and bodies, replaced by the ids of the mode under test. */
    private static final String EVENT = "{event}";

    private static final String ENDPOINT = "{endpoint}";
    private static final String DISABLED = "{disabled}";
    private static final String DELETED = "{deleted}";
    private static final String OTHER_MODE_ENDPOINT = "{otherModeEndpoint}";
    private static final String OTHER_MERCHANT_ENDPOINT = "{otherMerchantEndpoint}";
    private static final String OTHER_MERCHANT_EVENT = "{otherMerchantEvent}";
    private static final String OTHER_MODE_EVENT = "{otherModeEvent}";

    private TestMerchant merchant;
    private final Map<String, Map<String, String>> ids = new HashMap<>();

    @BeforeAll
    void createData() {
        merchant = newMerchant();
        var other = newMerchant();
        var now = Instant.now();
        var byMode = new HashMap<String, Map<String, String>>();
        for (var mode : new String[] {"test", "live"}) {
            var own = new HashMap<String, String>();
            own.put(
                    EVENT,
                    EventRows.event(database(), merchant.id(), mode, "invoice.paid", now)
                            .id());
            own.put(ENDPOINT, endpoint(merchant.key(mode)));
            own.put(DISABLED, endpoint(merchant.key(mode)));
            http.method(HttpMethod.PATCH)
                    .uri("/v1/webhook_endpoints/" + own.get(DISABLED))
                    .header("x-service-api-key", merchant.key(mode))
                    .contentType(MediaType.APPLICATION_JSON)
                    .bodyValue("{\"disabled\":true}")
                    .exchange()
                    .expectStatus()
                    .isOk();
            own.put(DELETED, endpoint(merchant.key(mode)));
            http.delete()
                    .uri("/v1/webhook_endpoints/" + own.get(DELETED))
                    .header("x-service-api-key", merchant.key(mode))
                    .exchange()
                    .expectStatus()
                    .isOk();
            own.put(OTHER_MERCHANT_ENDPOINT, endpoint(other.key(mode)));
            own.put(
                    OTHER_MERCHANT_EVENT,
                    EventRows.event(database(), other.id(), mode, "invoice.paid", now)
                            .id());
            byMode.put(mode, own);
        }
        for (var mode : new String[] {"test", "live"}) {
            var otherMode = byMode.get(mode.equals("test") ? "live" : "test");
            var own = byMode.get(mode);
            own.put(OTHER_MODE_ENDPOINT, otherMode.get(ENDPOINT));
            own.put(OTHER_MODE_EVENT, otherMode.get(EVENT));
            ids.put(mode, own);
        }
    }

    static Stream<Arguments> badRequests() {
        var cases = Stream.<Arguments>builder();
        var redeliver = "/v1/events/" + EVENT + "/redeliver";
        var deliveries = "/v1/webhook_endpoints/" + ENDPOINT + "/deliveries";
        for (var mode : new String[] {"test", "live"}) {
            for (var query : new String[] {"limit=0", "limit=101", "limit=ten", "limit=", "limit=1.5"}) {
                cases.add(bad(mode, "GET", "/v1/events?" + query, "", 400, "validation_error", "limit"));
                cases.add(bad(mode, "GET", deliveries + "?" + query, "", 400, "validation_error", "limit"));
            }
            for (var cursor : new String[] {
                "", "garbage", UNKNOWN_ENDPOINT, "wha_1", UNKNOWN_EVENT, OTHER_MERCHANT_EVENT, OTHER_MODE_EVENT
            }) {
                cases.add(bad(
                        mode,
                        "GET",
                        "/v1/events?startingAfter=" + cursor,
                        "",
                        400,
                        "validation_error",
                        "startingAfter"));
            }
            for (var cursor : new String[] {
                "", "wha_", "wha_0", "wha_01", "wha_-1", "wha_1a", "wha_99999999999999999999", UNKNOWN_EVENT, "1"
            }) {
                cases.add(bad(
                        mode,
                        "GET",
                        deliveries + "?startingAfter=" + cursor,
                        "",
                        400,
                        "validation_error",
                        "startingAfter"));
            }
            for (var type : new String[] {"", "invoice.unknown", "INVOICE.PAID", "*"}) {
                cases.add(bad(mode, "GET", "/v1/events?type=" + type, "", 400, "validation_error", "type"));
            }
            for (var subject :
                    new String[] {"", "sub_x", "evt_01jd0000000000000000000000", UNKNOWN_EVENT, "SUB_x", "we_1"}) {
                cases.add(
                        bad(mode, "GET", "/v1/events?subjectId=" + subject, "", 400, "validation_error", "subjectId"));
            }
            for (var event :
                    new String[] {UNKNOWN_EVENT, "evt_x", "not-an-id", OTHER_MERCHANT_EVENT, OTHER_MODE_EVENT}) {
                cases.add(bad(mode, "GET", "/v1/events/" + event, "", 404, "resource_missing", null));
                cases.add(bad(mode, "POST", "/v1/events/" + event + "/redeliver", "", 404, "resource_missing", null));
                cases.add(bad(
                        mode,
                        "POST",
                        "/v1/events/" + event + "/redeliver",
                        "{\"endpointId\":\"" + ENDPOINT + "\"}",
                        404,
                        "resource_missing",
                        null));
            }
            for (var endpoint :
                    new String[] {UNKNOWN_ENDPOINT, "we_x", DELETED, OTHER_MODE_ENDPOINT, OTHER_MERCHANT_ENDPOINT}) {
                cases.add(bad(
                        mode,
                        "GET",
                        "/v1/webhook_endpoints/" + endpoint + "/deliveries",
                        "",
                        404,
                        "resource_missing",
                        null));
                cases.add(bad(
                        mode,
                        "POST",
                        redeliver,
                        "{\"endpointId\":\"" + endpoint + "\"}",
                        404,
                        "resource_missing",
                        null));
            }
            cases.add(bad(
                    mode, "POST", redeliver, "{\"endpointId\":\"" + DISABLED + "\"}", 400, "endpoint_disabled", null));
            cases.add(bad(mode, "POST", redeliver, "{\"endpointId\":5}", 400, "validation_error", "endpointId"));
            cases.add(bad(mode, "POST", redeliver, "{\"endpointId\":\"\"}", 400, "validation_error", "endpointId"));
            cases.add(bad(
                    mode,
                    "POST",
                    redeliver,
                    "{\"endpointId\":[\"" + ENDPOINT + "\"]}",
                    400,
                    "validation_error",
                    "endpointId"));
            cases.add(bad(
                    mode,
                    "POST",
                    redeliver,
                    "{\"endpointId\":\"" + "w".repeat(101) + "\"}",
                    400,
                    "validation_error",
                    "endpointId"));
            cases.add(bad(mode, "POST", redeliver, "[]", 400, "validation_error", null));
            cases.add(bad(mode, "POST", redeliver, "\"" + ENDPOINT + "\"", 400, "validation_error", null));
            cases.add(bad(mode, "POST", redeliver, "{\"endpointId\":", 400, "invalid_json", null));
        }
        return cases.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void shouldRefuseAndQueueNothingWhenInputIsBad(
            String label,
            String mode,
            String method,
            String path,
            String body,
            int status,
            String code,
            @Nullable String param) {
        long queuedBefore = TestKafka.endOffsetSum(Topics.WEBHOOK_DELIVERIES);
        var request = http.method(HttpMethod.valueOf(method))
                .uri(fill(mode, path))
                .header("x-service-api-key", merchant.key(mode));
        var spec = body.isEmpty()
                ? request
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(fill(mode, body));

        var response = spec.exchange()
                .expectStatus()
                .isEqualTo(status)
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();

        assertThat(response.get("error").stringValue()).isNotBlank();
        assertThat(response.get("code").stringValue()).isEqualTo(code);
        if (param != null) {
            assertThat(response.get("param").stringValue()).isEqualTo(param);
        }
        assertThat(TestKafka.endOffsetSum(Topics.WEBHOOK_DELIVERIES))
                .as("nothing queued")
                .isEqualTo(queuedBefore);
    }

    private String fill(String mode, String text) {
        var filled = text;
        for (var entry : ids.get(mode).entrySet()) {
            filled = filled.replace(entry.getKey(), entry.getValue());
        }
        return filled;
    }

    private String endpoint(String key) {
        return http.post()
                .uri("/v1/webhook_endpoints")
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"url\":\"https://93.184.215.14/hook\"}")
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("webhookEndpoint")
                .get("id")
                .stringValue();
    }

    private static Arguments bad(
            String mode, String method, String path, String body, int status, String code, @Nullable String param) {
        return Arguments.of(
                mode + " " + method + " " + path + " " + body, mode, method, path, body, status, code, param);
    }
}
