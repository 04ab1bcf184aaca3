package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * API keys on the merchant routes: both header forms, the 401 of missing, malformed, unknown, revoked and
 * expired keys, and rotation with and without a grace period, all through the operator API of the running stack.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class AuthIT {

    /** Well-formed (prefix and 40 base62 characters) but never issued. */
    private static final String UNKNOWN_KEY = "abk_test_" + "Q".repeat(40);

    private static Api api;
    private static TestMerchant merchant;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("auth");
    }

    @Test
    void shouldAcceptTheKeyInEitherHeaderFormWhenItIsValid() {
        // when the same key is sent as x-service-api-key and as a Bearer token, then both create and read
        var viaHeader = api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(Subscriptions.adHoc("order-header"))
                .send()
                .expect(201);
        var viaBearer = api.post(Subscriptions.PATH)
                .bearer(merchant.testKey())
                .json(Subscriptions.adHoc("order-bearer"))
                .send()
                .expect(201);
        var id = viaHeader.json().at("/subscription/id").asString();
        assertThat(api.get(Subscriptions.PATH + "/" + id)
                        .bearer(merchant.testKey())
                        .send()
                        .status())
                .isEqualTo(200);
        assertThat(api.get(Subscriptions.PATH + "/"
                                + viaBearer.json().at("/subscription/id").asString())
                        .key(merchant.testKey())
                        .send()
                        .status())
                .isEqualTo(200);
        // and the scheme word is case-insensitive
        assertThat(api.get("/v1/products")
                        .header("Authorization", "bearer " + merchant.testKey())
                        .send()
                        .status())
                .isEqualTo(200);
    }

    static java.util.stream.Stream<Arguments> refusedCredentials() {
        return java.util.stream.Stream.of(
                refused("no key at all", call -> call),
                refused("empty x-service-api-key", call -> call.header("x-service-api-key", "")),
                refused("empty Bearer", call -> call.header("Authorization", "Bearer ")),
                refused("Basic instead of Bearer", call -> call.header("Authorization", "Basic YWJjOmRlZg==")),
                refused("malformed: no prefix", call -> call.key("sk_test_" + "a".repeat(40))),
                refused("malformed: too short", call -> call.key("abk_test_abc123")),
                refused("malformed: wrong mode word", call -> call.key("abk_prod_" + "a".repeat(40))),
                refused("malformed: not base62", call -> call.key("abk_test_" + "a".repeat(39) + "-")),
                refused("unknown key in header", call -> call.key(UNKNOWN_KEY)),
                refused("unknown key as Bearer", call -> call.bearer(UNKNOWN_KEY)),
                refused("the admin token as an API key", call -> call.bearer(api.adminToken())),
                refused(
                        "a real key with its mode prefix changed",
                        call -> call.key(merchant.testKey().replace("abk_test_", "abk_live_"))));
    }

    private static Arguments refused(String name, UnaryOperator<Call> credentials) {
        return Arguments.of(name, credentials);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedCredentials")
    void shouldAnswer401AuthenticationErrorWhenTheKeyIsMissingMalformedOrUnknown(
            String name, UnaryOperator<Call> credentials) {
        // when a create, a get and a list come with these credentials
        var create = credentials
                .apply(api.post(Subscriptions.PATH))
                .json(Subscriptions.adHoc("order-refused"))
                .send();
        var list = credentials.apply(api.get(Subscriptions.PATH)).send();
        var unknownRoute = credentials.apply(api.get("/v1/no-such-route")).send();

        // then each is 401 {error, code: authentication_error}, before any route or body is looked at
        for (var reply : java.util.List.of(create, list, unknownRoute)) {
            assertUnauthenticated(reply);
        }
    }

    @Test
    void shouldRefuseAKeyAtOnceWhenTheOperatorRevokesIt() {
        // given a working key
        var key = api.newKey(merchant.id(), "test");
        api.get(Subscriptions.PATH).key(key.secret()).send().expect(200);

        // when the operator revokes it
        var revoked = api.admin("POST", "/admin/v1/api_keys/" + key.id() + "/revoke")
                .send()
                .expect(200)
                .json();
        assertThat(revoked.at("/apiKey/status").asString()).isEqualTo("revoked");

        // then the very next request with it is 401, in both header forms
        assertUnauthenticated(api.get(Subscriptions.PATH).key(key.secret()).send());
        assertUnauthenticated(api.post(Subscriptions.PATH)
                .bearer(key.secret())
                .json(Subscriptions.adHoc("order-revoked"))
                .send());
        // and the merchant's other keys still work
        api.get(Subscriptions.PATH).key(merchant.testKey()).send().expect(200);
    }

    @Test
    void shouldAcceptOldAndNewKeyDuringTheGraceThenOnlyTheNewOneWhenRotatedWithoutGrace() {
        // given a working key, rotated with an hour of grace
        var original = api.newKey(merchant.id(), "test");
        var created = api.post(Subscriptions.PATH)
                .key(original.secret())
                .json(Subscriptions.adHoc("order-rotate"))
                .send()
                .expect(201);
        var id = created.json().at("/subscription/id").asString();
        var rotated = api.admin("POST", "/admin/v1/api_keys/" + original.id() + "/rotate")
                .json(Map.of("graceSeconds", 3600))
                .send()
                .expect(200)
                .json();
        var successor = new Api.IssuedKey(
                rotated.at("/apiKey/id").asString(), rotated.path("secret").asString());
        assertThat(successor.secret()).startsWith("abk_test_").isNotEqualTo(original.secret());
        assertThat(rotated.at("/apiKey/rotatedFromId").asString()).isEqualTo(original.id());

        // then during the grace both keys work, and see the same merchant's data
        assertThat(Subscriptions.get(api, original.secret(), id).status()).isEqualTo(200);
        assertThat(Subscriptions.get(api, successor.secret(), id).status()).isEqualTo(200);

        // when the new key is rotated again with no grace
        var next = api.admin("POST", "/admin/v1/api_keys/" + successor.id() + "/rotate")
                .json(Map.of("graceSeconds", 0))
                .send()
                .expect(200)
                .json()
                .path("secret")
                .asString();

        // then the key it replaced is refused at once, the newest works, and the first still has its own grace
        assertUnauthenticated(Subscriptions.get(api, successor.secret(), id));
        assertThat(Subscriptions.get(api, next, id).status()).isEqualTo(200);
        assertThat(Subscriptions.get(api, original.secret(), id).status()).isEqualTo(200);
        // and a key past its grace cannot be rotated again
        var again = api.admin("POST", "/admin/v1/api_keys/" + successor.id() + "/rotate")
                .json(Map.of("graceSeconds", 0))
                .send();
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.code()).isEqualTo("api_key_inactive");
    }

    @Test
    void shouldKeepTheOperatorApiClosedWhenTheAdminTokenIsMissingOrAMerchantKey() {
        // when the operator API is called without its token or with a merchant's key, then it is 401
        assertUnauthenticated(
                api.post("/admin/v1/merchants").json(Map.of("name", "intruder")).send());
        assertUnauthenticated(api.post("/admin/v1/merchants")
                .bearer(merchant.testKey())
                .json(Map.of("name", "intruder"))
                .send());
        assertUnauthenticated(api.get("/admin/v1/audit_log")
                .bearer("not-the-admin-token-but-long-enough")
                .send());
    }

    private static void assertUnauthenticated(Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(401);
        var body = reply.json();
        assertThat(body.path("code").asString()).as(reply.toString()).isEqualTo("authentication_error");
        assertThat(body.path("error").asString()).as(reply.toString()).isNotBlank();
        assertThat(reply.body()).doesNotContain(merchant.testKey());
    }
}
