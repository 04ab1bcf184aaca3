package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code Service-Version} (docs/api.md): absent or {@code 2026-01-01} is served, anything else is 400
 * {@code unsupported_api_version}, and every response, success or error, carries {@code Service-Version} and a
 * fresh {@code x-request-id}.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class VersioningIT {

    private static final String VERSION = "2026-01-01";

    private static Api api;
    private static TestMerchant merchant;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("versioning");
    }

    @Test
    void shouldServeTheRequestWhenServiceVersionIsAbsentOrTheSupportedOne() {
        // when a create and a read come without the header and with 2026-01-01, then both are served
        var without = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(Subscriptions.adHoc("order-v-absent"))
                .send()
                .expect(201);
        var with = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .header("Service-Version", VERSION)
                .json(Subscriptions.adHoc("order-v-given"))
                .send()
                .expect(201);
        assertThat(api.get(Subscriptions.PATH + "/"
                                + with.json().at("/subscription/id").asString())
                        .key(merchant.testKey())
                        .header("Service-Version", VERSION)
                        .send()
                        .status())
                .isEqualTo(200);
        assertThat(api.get(Subscriptions.PATH)
                        .key(merchant.testKey())
                        .header("Service-Version", VERSION)
                        .send()
                        .status())
                .isEqualTo(200);
        assertThat(without.json().at("/subscription/status").asString()).isEqualTo("incomplete");
    }

    @ParameterizedTest(name = "Service-Version: ''{0}''")
    @ValueSource(strings = {"2025-12-31", "2026-01-02", "2026-1-1", "latest", "2026-01-01,2026-01-01", " "})
    void shouldAnswer400UnsupportedApiVersionAndCreateNothingWhenServiceVersionIsAnotherValue(String version) {
        // when a create and a read come with another version
        var own = api.newMerchant("versioning-bad");
        var create = api.post(Subscriptions.PATH)
                .key(own.testKey())
                .header("Service-Version", version)
                .json(Subscriptions.adHoc("order-v-bad"))
                .send();
        var list = api.get(Subscriptions.PATH)
                .key(own.testKey())
                .header("Service-Version", version)
                .send();

        // then both are 400 unsupported_api_version, still answering in the supported version
        for (var reply : List.of(create, list)) {
            assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
            assertThat(reply.code()).as(reply.toString()).isEqualTo("unsupported_api_version");
            assertThat(reply.json().path("error").asString()).contains(VERSION);
            assertThat(reply.header("Service-Version")).contains(VERSION);
        }
        // and nothing was created
        assertThat(Subscriptions.listAllIds(api, own.testKey(), 100)).isEmpty();
    }

    @Test
    void shouldCarryServiceVersionAndAFreshRequestIdOnEveryResponseWhenSuccessfulOrNot() {
        // given requests that end in every kind of status
        var created = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(Subscriptions.adHoc("order-headers"))
                .send();
        var id = created.json().at("/subscription/id").asString();
        var badBody = Subscriptions.adHoc("order-headers");
        badBody.put("amountUsdc", -1);
        var replies = new ArrayList<Reply>();
        replies.add(created.expect(201));
        replies.add(Subscriptions.get(api, merchant.testKey(), id).expect(200));
        replies.add(Subscriptions.list(api, merchant.testKey(), "").expect(200));
        replies.add(api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(badBody)
                .send()
                .expect(400));
        replies.add(api.get(Subscriptions.PATH).send().expect(401));
        replies.add(Subscriptions.get(api, merchant.testKey(), "sub_01jzzzzzzzzzzzzzzzzzzzzzzz")
                .expect(404));
        replies.add(api.get("/v1/nothing-here").key(merchant.testKey()).send().expect(404));
        replies.add(api.patch(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(Map.of())
                .send()
                .expect(405));
        var key = "versioning-" + id;
        api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(Subscriptions.adHoc("a"))
                .send()
                .expect(201);
        replies.add(api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .idempotencyKey(key)
                .json(Subscriptions.adHoc("b"))
                .send()
                .expect(409));
        replies.add(api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .body("x".repeat(70_000), "application/json")
                .send()
                .expect(413));
        replies.add(api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .body("merchantRef=x", "text/plain")
                .send()
                .expect(415));
        replies.add(api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .header("Service-Version", "1999-01-01")
                .json(Subscriptions.adHoc("c"))
                .send()
                .expect(400));
        replies.add(api.admin("GET", "/admin/v1/audit_log?limit=1").send().expect(200));
        replies.add(api.get("/actuator/health").send().expect(200));

        // then every one carries Service-Version 2026-01-01 and its own req_ request id
        var requestIds = new ArrayList<String>();
        for (var reply : replies) {
            assertThat(reply.header("Service-Version")).as(reply.toString()).contains(VERSION);
            var requestId = reply.header("x-request-id");
            assertThat(requestId).as(reply.toString()).isPresent();
            assertThat(requestId.get()).startsWith("req_");
            requestIds.add(requestId.get());
            // and every error body is {error, code, requestId} with the same id as the header
            if (reply.status() >= 400) {
                var body = reply.json();
                assertThat(body.path("error").asString()).as(reply.toString()).isNotBlank();
                assertThat(body.path("code").asString()).as(reply.toString()).matches("[a-z_]+");
                assertThat(body.path("requestId").asString())
                        .as(reply.toString())
                        .isEqualTo(requestId.get());
            }
        }
        assertThat(requestIds).doesNotHaveDuplicates();
    }
}
