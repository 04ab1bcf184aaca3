package io.abk.billing.gateway.operator.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.config.BillingProperties.Demo;
import io.abk.billing.gateway.testkit.GatewayIT;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * The demo merchant bootstrap against the real database: creates once, is idempotent on restart, keeps the
 * configured keys exactly, and refuses keys it must not take over. (One demo merchant exists per database, so
 * every test here works on the same one.)
 */
class DemoBootstrapIT extends GatewayIT {

    private static final String TEST_KEY = "abk_test_DemoDemoDemoDemoDemoDemoDemoDemo0001";
    private static final String LIVE_KEY = "abk_live_DemoDemoDemoDemoDemoDemoDemoDemo0001";
    private static final String PAYOUT = "0x1111111111111111111111111111111111111111";

    @Autowired
    DemoBootstrap bootstrap;

    @Test
    void shouldCreateDemoMerchantWithExactKeysOnceAcrossRestarts() {
        var demo = new Demo(true, "Demo Merchant", PAYOUT, TEST_KEY, LIVE_KEY);
        var first = bootstrap.ensure(demo).block();
        var auditBefore = auditActions(first.id());
        var again = bootstrap.ensure(demo).block();

        assertThat(again.id()).isEqualTo(first.id());
        assertThat(again.payoutAddressEvm()).isEqualTo(PAYOUT);
        assertThat(auditActions(first.id()))
                .as("a restart with the same configuration changes nothing")
                .isEqualTo(auditBefore);
        assertThat(auditBefore).contains("merchant.created", "api_key.created");
        http.get()
                .uri("/v1/products")
                .header("x-service-api-key", TEST_KEY)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();
        http.get()
                .uri("/v1/products")
                .headers(h -> h.setBearerAuth(LIVE_KEY))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();

        // A new payout address in the configuration wins; no address keeps the current one.
        var other = "0x2222222222222222222222222222222222222222";
        assertThat(bootstrap
                        .ensure(new Demo(true, "Demo Merchant", other, null, null))
                        .block()
                        .payoutAddressEvm())
                .isEqualTo(other);
        assertThat(bootstrap
                        .ensure(new Demo(true, "Demo Merchant", null, null, null))
                        .block()
                        .payoutAddressEvm())
                .isEqualTo(other);
        assertThat(auditActions(first.id()).getFirst()).isEqualTo("merchant.updated");
        bootstrap.ensure(demo).block();
    }

    @Test
    void shouldMakeTheConfiguredOwnerOnceGiveThemAChangedPasswordAndRefuseAnotherTeamsEmail() {
        var email = "owner-" + java.util.UUID.randomUUID() + "@demo.example";
        var first = bootstrap.ensure(withOwner(email, "first demo password")).block();
        var auditBefore = auditActions(first.id());

        // a restart with the same owner changes nothing; the owner signs in with the password
        bootstrap.ensure(withOwner(email, "first demo password")).block();
        assertThat(auditActions(first.id())).isEqualTo(auditBefore);
        assertThat(auditBefore).contains("user.created");
        assertThat(signIn(email, "first demo password")).isEqualTo(303);

        // a new password in the configuration is the owner's from the next start on
        bootstrap
                .ensure(withOwner(email.toUpperCase(java.util.Locale.ROOT), "second demo password"))
                .block();
        assertThat(auditActions(first.id()).getFirst()).isEqualTo("user.password_set");
        assertThat(signIn(email, "first demo password")).isEqualTo(401);
        assertThat(signIn(email, "second demo password")).isEqualTo(303);

        // an email that signs in to another team stops the start, saying which setting to change
        var stranger = "stranger-" + java.util.UUID.randomUUID() + "@example.com";
        admin(http.post()
                        .uri("/admin/v1/merchants/{id}/users", createMerchant("Stranger team"))
                        .bodyValue(java.util.Map.of("email", stranger, "password", "a stranger's password")))
                .exchange()
                .expectStatus()
                .isCreated();
        assertThatThrownBy(() -> bootstrap
                        .ensure(withOwner(stranger, "first demo password"))
                        .block())
                .hasMessageContaining("BILLING_DEMO_OWNER_EMAIL")
                .hasMessageContaining("already");
    }

    @Test
    void shouldMakeOneOwnerWhenReplicasStartTogether() {
        // Protects against a second gateway replica that failed to start: both found no owner, and the one whose
        // insert came second stopped on email_in_use.
        var email = "together-" + java.util.UUID.randomUUID() + "@demo.example";
        var demo = withOwner(email, "started together");

        var owners = reactor.core.publisher.Flux.range(0, 4)
                .flatMap(replica -> bootstrap.ensure(demo).subscribeOn(reactor.core.scheduler.Schedulers.parallel()))
                .collectList()
                .block();

        assertThat(owners)
                .hasSize(4)
                .extracting(merchant -> merchant.id())
                .containsOnly(owners.getFirst().id());
        assertThat(signIn(email, "started together")).isEqualTo(303);
    }

    private static Demo withOwner(String email, String password) {
        return new Demo(true, "Demo Merchant", null, null, null, email, password);
    }

    private int signIn(String email, String password) {
        return http.post()
                .uri("/dashboard/login")
                .contentType(org.springframework.http.MediaType.APPLICATION_FORM_URLENCODED)
                .body(org.springframework.web.reactive.function.BodyInserters.fromFormData("email", email)
                        .with("password", password))
                .exchange()
                .returnResult(String.class)
                .getStatus()
                .value();
    }

    @Test
    void shouldRefuseToStartWhenAConfiguredKeyBelongsToAnotherMerchant() {
        var stranger =
                createKey(createMerchant("Stranger"), "test").get("secret").stringValue();
        assertThatThrownBy(() -> bootstrap
                        .ensure(new Demo(true, "Demo Merchant", null, stranger, null))
                        .block())
                .hasMessageContaining("billing.demo.test-key (BILLING_DEMO_TEST_KEY)")
                .hasMessageContaining("another merchant")
                .hasMessageNotContaining(stranger);
    }

    @Test
    void shouldRefuseToStartWhenAConfiguredKeyWasRevoked() {
        var key = "abk_live_RevokedRevokedRevokedRevokedRevoked01";
        var merchant = bootstrap
                .ensure(new Demo(true, "Demo Merchant", null, null, key))
                .block();
        var keyId = admin(http.get().uri("/admin/v1/merchants/{id}/api_keys", merchant.id()))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("apiKeys")
                .valueStream()
                .filter(k -> k.get("hint").stringValue().endsWith("ed01"))
                .findFirst()
                .orElseThrow()
                .get("id")
                .stringValue();
        admin(http.post().uri("/admin/v1/api_keys/{id}/revoke", keyId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult();

        assertThatThrownBy(() -> bootstrap
                        .ensure(new Demo(true, "Demo Merchant", null, null, key))
                        .block())
                .hasMessageContaining("billing.demo.live-key (BILLING_DEMO_LIVE_KEY)")
                .hasMessageContaining("revoked");
    }

    private List<String> auditActions(String merchantId) {
        var entries = admin(http.get().uri("/admin/v1/audit_log?merchantId={id}", merchantId))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("entries");
        var actions = new ArrayList<String>();
        entries.forEach(e -> {
            assertThat(e.get("actor").stringValue()).isIn("bootstrap", "admin");
            actions.add(e.get("action").stringValue());
        });
        return actions;
    }
}
