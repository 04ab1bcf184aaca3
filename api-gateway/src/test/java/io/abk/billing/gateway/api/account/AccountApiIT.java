package io.abk.billing.gateway.api.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.LifecycleIT;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/account}: a key reads and changes its own merchant only, bad input is refused with the field named and
 * changes nothing, and each change is in the audit log with the key as its actor.
 */
class AccountApiIT extends LifecycleIT {

    private static final String OTHER_PAYOUT = "0x3333333333333333333333333333333333333333";

    @Test
    void shouldShowEachKeyItsOwnMerchantOnlyWhenTwoMerchantsReadTheirAccounts() {
        // given two merchants, one with a default payout address
        var first = newMerchant(PAYOUT);
        var second = newMerchant();

        // when each reads /v1/account with its keys of both modes
        var firstTest = get(first, "test", "/v1/account");
        var firstLive = get(first, "live", "/v1/account");
        var secondTest = get(second, "test", "/v1/account");

        // then each sees its own merchant, the same in both modes, as the operator API shows it
        assertThat(firstTest.status()).as(firstTest.text()).isEqualTo(200);
        var account = firstTest.body().get("account");
        assertThat(account.get("id").stringValue()).isEqualTo(first.id());
        assertThat(account.get("payoutAddressEvm").stringValue()).isEqualTo(PAYOUT);
        assertThat(fieldNames(account))
                .containsExactly(
                        "id",
                        "name",
                        "displayName",
                        "payoutAddressEvm",
                        "brandName",
                        "accentColor",
                        "logoPath",
                        "createdAt",
                        "updatedAt",
                        "requireTotp",
                        "invoicePrefix");
        assertThat(account.get("requireTotp").asBoolean())
                .as("no team requires two factors at first")
                .isFalse();
        assertThat(firstLive.body().get("account")).isEqualTo(account);
        assertThat(secondTest.body().get("account").get("id").stringValue()).isEqualTo(second.id());
        assertThat(secondTest.text()).doesNotContain(first.id());
        // and without a key there is no account
        assertThat(call(HttpMethod.GET, "/v1/account", null, null, null).status())
                .isEqualTo(401);
    }

    @Test
    void shouldChangeTheCallersMerchantOnlyAndAuditItWithTheKeyAsActorWhenAKeyPatchesItsAccount() {
        var merchant = newMerchant(PAYOUT);
        var other = newMerchant(PAYOUT);
        var keyId = keyIdOf(merchant, "live");

        // when the live key changes the display name and the payout address (and names a name, which is not its to set)
        var changed = call(
                HttpMethod.PATCH,
                "/v1/account",
                merchant.liveKey(),
                Map.of("displayName", "Shop & Co", "payoutAddressEvm", OTHER_PAYOUT, "name", "Renamed"),
                null);

        // then the answer and every later read show the change, the name as it was
        assertThat(changed.status()).as(changed.text()).isEqualTo(200);
        var account = get(merchant, "test", "/v1/account").body().get("account");
        assertThat(changed.body().get("account")).isEqualTo(account);
        assertThat(account.get("displayName").stringValue()).isEqualTo("Shop & Co");
        assertThat(account.get("payoutAddressEvm").stringValue()).isEqualTo(OTHER_PAYOUT);
        assertThat(account.get("name").stringValue()).isEqualTo("Merchant");
        // and the other merchant is untouched
        var untouched = get(other, "test", "/v1/account").body().get("account");
        assertThat(untouched.get("displayName").isNull()).isTrue();
        assertThat(untouched.get("payoutAddressEvm").stringValue()).isEqualTo(PAYOUT);
        // and the audit log holds the change with the key as its actor, the two fields from and to
        var entry = auditEntries(merchant.id()).stream()
                .filter(e -> e.get("action").stringValue().equals("merchant.updated"))
                .toList();
        assertThat(entry).hasSize(1);
        assertThat(entry.getFirst().get("actor").stringValue()).isEqualTo(keyId);
        assertThat(entry.getFirst().get("targetId").stringValue()).isEqualTo(merchant.id());
        assertThat(entry.getFirst().get("details").toString())
                .contains("Shop & Co")
                .contains(OTHER_PAYOUT)
                .doesNotContain("Renamed");
        // and null clears the display name
        var cleared = call(HttpMethod.PATCH, "/v1/account", merchant.testKey(), nullDisplayName(), null);
        assertThat(cleared.status()).as(cleared.text()).isEqualTo(200);
        assertThat(cleared.body().get("account").get("displayName").isNull()).isTrue();
    }

    @Test
    void shouldRefuseBadFieldsNamingThemAndChangeNothingWhenAKeyPatchesItsAccount() {
        var merchant = newMerchant(PAYOUT);
        var before = get(merchant, "test", "/v1/account").body().get("account");
        var cases = List.<Map.Entry<Object, String>>of(
                Map.entry(Map.of("payoutAddressEvm", "0x1234"), "payoutAddressEvm"),
                Map.entry(Map.of("payoutAddressEvm", 7), "payoutAddressEvm"),
                Map.entry(Map.of("displayName", ""), "displayName"),
                Map.entry(Map.of("displayName", "x".repeat(201)), "displayName"),
                Map.entry(Map.of("displayName", List.of("Shop")), "displayName"));
        for (var bad : cases) {
            // when the body holds a bad field (next to a good one)
            var body = new HashMap<String, Object>(Map.of("displayName", "Fine name"));
            @SuppressWarnings("unchecked")
            var fields = (Map<String, Object>) bad.getKey();
            body.putAll(fields);
            var refused = call(HttpMethod.PATCH, "/v1/account", merchant.testKey(), body, null);

            // then it is a 400 naming the field
            assertThat(refused.status()).as(body + ": " + refused.text()).isEqualTo(400);
            assertThat(refused.code()).isEqualTo("validation_error");
            assertThat(refused.body().get("param").stringValue()).isEqualTo(bad.getValue());
        }
        // and a body that is not an object is refused too
        var notAnObject = call(HttpMethod.PATCH, "/v1/account", merchant.testKey(), "[1]", null);
        assertThat(notAnObject.status()).as(notAnObject.text()).isEqualTo(400);
        // and nothing changed, nor was audited
        assertThat(get(merchant, "test", "/v1/account").body().get("account")).isEqualTo(before);
        assertThat(auditEntries(merchant.id()))
                .noneMatch(e -> e.get("action").stringValue().equals("merchant.updated"));
    }

    @Test
    void shouldRefuseAKeyTheTeamWhenItCallsTheTeamRoutes() {
        var merchant = newMerchant();

        // when a key lists the team or unlocks a member, then 403: the team is managed in the dashboard
        var listed = get(merchant, "test", "/v1/team/members");
        var unlocked = post(merchant, "live", "/v1/team/members/usr_01jzzzzzzzzzzzzzzzzzzzzzzz/unlock", Map.of());
        for (var refused : List.of(listed, unlocked)) {
            assertThat(refused.status()).as(refused.text()).isEqualTo(403);
            assertThat(refused.code()).isEqualTo("permission_denied");
            assertThat(refused.text()).contains("team members are managed in the dashboard");
        }
    }

    private static Map<String, Object> nullDisplayName() {
        var body = new HashMap<String, Object>();
        body.put("displayName", null);
        return body;
    }

    private String keyIdOf(io.abk.billing.gateway.testkit.TestMerchant merchant, String mode) {
        var keys = admin(http.get().uri("/admin/v1/merchants/{id}/api_keys", merchant.id()))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        return keys.get("apiKeys")
                .valueStream()
                .filter(key -> key.get("mode").stringValue().equals(mode))
                .findFirst()
                .orElseThrow()
                .get("id")
                .stringValue();
    }

    private List<JsonNode> auditEntries(String merchantId) {
        var page = admin(http.get().uri("/admin/v1/audit_log?limit=100&merchantId={id}", merchantId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        return page.get("entries").valueStream().toList();
    }
}
