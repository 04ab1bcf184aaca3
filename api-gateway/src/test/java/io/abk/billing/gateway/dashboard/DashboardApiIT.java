package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;

/**
 * The merchant API as the dashboard calls it ({@code /dashboard/api/v1/...}): each role may call what its place
 * allows and is refused the rest with 403 {@code permission_denied}; a state change needs the session's CSRF token and
 * the gateway's origin; a member sees their team's data of the mode the session shows, never another team's; and the
 * audit log names the member who made a change.
 */
class DashboardApiIT extends DashboardIT {

    @Test
    void shouldLetEachRoleChangeOnlyWhatItsRoleAllowsWhenCallingTheApiThroughTheDashboard() {
        var merchant = newMerchant(PAYOUT);
        var subscription = subscribe(merchant, "test").subscriptionId();
        var owner = member(merchant.id(), null);
        var viewer = member(merchant.id(), "viewer");
        var developer = member(merchant.id(), "developer");
        var admin = member(merchant.id(), "admin");
        var cancel = "/v1/subscriptions/" + subscription + "/cancel";

        // every role reads
        for (var session : new Session[] {viewer, developer, admin, owner}) {
            var read = api(session, HttpMethod.GET, "/v1/subscriptions/" + subscription, null);
            assertThat(read.status()).as(read.text()).isEqualTo(200);
            assertThat(read.body().path("id").asString()).isEqualTo(subscription);
        }
        // a viewer and a developer may not move money: refused, and nothing is sent
        for (var session : new Session[] {viewer, developer}) {
            var refused = api(session, HttpMethod.POST, cancel, Map.of());
            assertThat(refused.status()).as(refused.text()).isEqualTo(403);
            assertThat(refused.code()).isEqualTo("permission_denied");
        }
        assertThat(lifecycleCommands(merchant)).isEmpty();
        // a viewer may not manage webhooks; a developer may
        var endpoint = Map.of(
                "url", "https://93.184.215.14/hooks/" + UUID.randomUUID(), "enabledEvents", java.util.List.of("*"));
        assertThat(api(viewer, HttpMethod.POST, "/v1/webhook_endpoints", endpoint)
                        .code())
                .isEqualTo("permission_denied");
        var created = api(developer, HttpMethod.POST, "/v1/webhook_endpoints", endpoint);
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        // an admin may cancel, through the same command path as a key
        var canceled = api(admin, HttpMethod.POST, cancel, Map.of("immediate", true));
        assertThat(canceled.status()).as(canceled.text()).isEqualTo(200);
        assertThat(canceled.body().path("subscription").path("status").asString())
                .isEqualTo("canceled");
        assertThat(lifecycleCommands(merchant)).hasSize(1);
    }

    @Test
    void shouldRefuseAStateChangeWithoutTheSessionsCsrfTokenOrFromAnotherSiteAndACallWithoutASession() {
        var merchant = newMerchant(PAYOUT);
        var subscription = subscribe(merchant, "test").subscriptionId();
        var owner = member(merchant.id(), null);
        var other = member(merchant.id(), "admin");
        var pause = "/v1/subscriptions/" + subscription + "/pause";

        for (var csrf : new String[] {null, other.csrf(), "forged"}) {
            var refused = apiWith(owner, HttpMethod.POST, pause, Map.of(), csrf, null);
            assertThat(refused.status()).as(refused.text()).isEqualTo(403);
            assertThat(refused.code()).isEqualTo("permission_denied");
        }
        var fromElsewhere = exchange(
                http.method(HttpMethod.POST)
                        .uri("/dashboard/api" + pause)
                        .cookie("abk_session", owner.token())
                        .header(DashboardSessionFilter.CSRF_HEADER, owner.csrf())
                        .header(HttpHeaders.ORIGIN, "https://evil.example"),
                Map.of());
        assertThat(fromElsewhere.status()).as(fromElsewhere.text()).isEqualTo(403);
        var anonymous = exchange(http.method(HttpMethod.GET).uri("/dashboard/api/v1/subscriptions"), null);
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.code()).isEqualTo("authentication_error");
        assertThat(lifecycleCommands(merchant)).as("nothing refused was sent").isEmpty();
        assertThat(get(merchant, "test", "/v1/subscriptions/" + subscription)
                        .body()
                        .path("status")
                        .asString())
                .isEqualTo("incomplete");
    }

    @Test
    void shouldShowOnlyTheMembersTeamAndTheModeTheSessionShowsOnEveryPageAndCall() {
        var mine = newMerchant(PAYOUT);
        var theirs = newMerchant(PAYOUT);
        var own = subscribe(mine, "test").subscriptionId();
        var foreign = subscribe(theirs, "test").subscriptionId();
        var owner = member(mine.id(), null);

        // another team's subscription is not found, by the API or by a page
        assertThat(api(owner, HttpMethod.GET, "/v1/subscriptions/" + foreign, null)
                        .status())
                .isEqualTo(404);
        assertThat(api(owner, HttpMethod.POST, "/v1/subscriptions/" + foreign + "/cancel", Map.of())
                        .status())
                .isEqualTo(404);
        pageAnswer("/dashboard/subscriptions/" + foreign, owner.token())
                .expectStatus()
                .isNotFound();
        assertThat(page("/dashboard/subscriptions", owner.token()))
                .contains("data-id=\"" + own + "\"")
                .doesNotContain(foreign);

        // switched to live, the test subscription is gone from the list, the page and the API
        switchMode(owner, "live", "subscriptions")
                .expectStatus()
                .isSeeOther()
                .expectHeader()
                .location("/dashboard/subscriptions");
        var live = page("/dashboard/subscriptions", owner.token());
        assertThat(live)
                .contains("data-mode=\"live\"")
                .doesNotContain("data-test-banner")
                .doesNotContain(own);
        pageAnswer("/dashboard/subscriptions/" + own, owner.token())
                .expectStatus()
                .isNotFound();
        assertThat(api(owner, HttpMethod.GET, "/v1/subscriptions/" + own, null).status())
                .isEqualTo(404);
        // and back
        switchMode(owner, "test", "nowhere").expectHeader().location("/dashboard/home");
        assertThat(page("/dashboard/subscriptions", owner.token())).contains("data-id=\"" + own + "\"");
        switchMode(owner, "staging", "home").expectStatus().isBadRequest();
    }

    @Test
    void shouldNameTheMemberInTheAuditEntryOfAChangeMadeThroughTheDashboard() {
        var merchant = newMerchant(PAYOUT);
        member(merchant.id(), null);
        var admin = member(merchant.id(), "admin");
        var userId = admin(http.get().uri("/admin/v1/merchants/{id}/users", merchant.id()))
                .exchange()
                .expectBody(tools.jackson.databind.JsonNode.class)
                .returnResult()
                .getResponseBody()
                .path("users")
                .valueStream()
                .filter(user -> user.path("email").asString().equals(admin.email()))
                .findFirst()
                .orElseThrow()
                .path("id")
                .asString();

        var product = api(admin, HttpMethod.POST, "/v1/products", Map.of("name", "Coffee beans"));

        assertThat(product.status()).as(product.text()).isEqualTo(201);
        var entries = admin(http.get().uri("/admin/v1/audit_log?merchantId={id}", merchant.id()))
                .exchange()
                .expectBody(tools.jackson.databind.JsonNode.class)
                .returnResult()
                .getResponseBody()
                .path("entries");
        assertThat(entries.valueStream()
                        .filter(entry -> entry.path("action").asString().startsWith("product."))
                        .map(entry -> entry.path("actor").asString()))
                .containsExactly(userId);
    }

    @Test
    void shouldDoAnActionOnceWhenTheDashboardSendsItTwiceWithTheSameIdempotencyKey() {
        var merchant = newMerchant(PAYOUT);
        var subscription = subscribe(merchant, "test").subscriptionId();
        member(merchant.id(), null);
        var admin = member(merchant.id(), "admin");
        var change = Map.of("amountUsdc", new java.math.BigDecimal("12.345678"));
        var key = "dash_" + UUID.randomUUID();

        var first = apiWith(admin, HttpMethod.PATCH, "/v1/subscriptions/" + subscription, change, admin.csrf(), key);
        var again = apiWith(admin, HttpMethod.PATCH, "/v1/subscriptions/" + subscription, change, admin.csrf(), key);

        assertThat(first.status()).as(first.text()).isEqualTo(200);
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.body().path("subscription").path("amountUsdc").decimalValue())
                .isEqualByComparingTo("12.345678");
        assertThat(lifecycleCommands(merchant)).hasSize(1);
    }
}
