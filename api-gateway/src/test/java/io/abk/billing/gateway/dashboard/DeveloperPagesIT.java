package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.api.event.EventRows;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/**
 * The dashboard's developer sections as a team's members see them: the webhook endpoints with their deliveries and
 * actions, the test clock, and the event log; each action offered only to a developer or above, its confirmation
 * page refused to a viewer, and the same calls through {@code /dashboard/api/v1} allowed or refused by role and
 * CSRF token.
 */
class DeveloperPagesIT extends DashboardIT {

    /** A public address, so the URL guard allows it without resolving a name. */
    private static final String URL = "https://93.184.215.14/hooks/dashboard";

    /** A merchant's test key and the sessions of its members, one per role. */
    private record DeveloperTeam(String merchantId, String testKey, String developer, String viewer) {}

    @Test
    void shouldShowAnEndpointMadeThroughTheApiWithItsDeliveriesAndItsActionsOnlyToADeveloperOrAbove() {
        var team = developerTeam("Hooks Ltd");
        var endpointId = createEndpoint(team.testKey());
        var eventId = EventRows.event(
                        database(),
                        team.merchantId(),
                        "test",
                        "invoice.paid",
                        Instant.now().minusSeconds(5))
                .id();
        var attempt = EventRows.attempt(
                database(),
                endpointId,
                team.merchantId(),
                "test",
                eventId,
                1,
                "failed",
                500,
                "HTTP 500",
                Instant.now().plusSeconds(60),
                Instant.now().minusSeconds(1));

        var list = page("/dashboard/webhooks", team.viewer());
        assertThat(list).contains("data-page=\"webhooks\"").contains("data-id=\"" + endpointId + "\"");
        assertThat(list).as("a viewer may not add one").doesNotContain("data-action=\"create\"");
        assertThat(page("/dashboard/webhooks", team.developer())).contains("data-action=\"create\"");

        var asDeveloper = page("/dashboard/webhooks/" + endpointId, team.developer());
        assertThat(asDeveloper)
                .contains("data-page=\"webhook-endpoint\"")
                .contains(URL)
                .contains("data-deliveries")
                .contains("data-id=\"wha_" + attempt + "\"")
                .contains("data-action=\"rotate-secret\"")
                .contains("data-action=\"disable\"")
                .doesNotContain("whsec_");
        var asViewer = page("/dashboard/webhooks/" + endpointId, team.viewer());
        assertThat(asViewer)
                .contains("data-id=\"wha_" + attempt + "\"")
                .doesNotContain("data-action=\"rotate-secret\"")
                .doesNotContain("data-action=\"disable\"");

        assertThat(page("/dashboard/webhooks/" + endpointId + "/rotate-secret", team.developer()))
                .contains("data-api-path=\"/v1/webhook_endpoints/" + endpointId + "/rotate_secret\"")
                .contains("data-show-secret=\"secret\"")
                .contains("name=\"overlapSeconds\"")
                .contains("data-action=\"confirm\"");
        assertThat(page("/dashboard/webhooks/" + endpointId + "/disable", team.developer()))
                .contains("data-api-method=\"PATCH\"")
                .contains("name=\"disabled\" value=\"true\" data-json=\"boolean\"");
        for (var refused : List.of("/rotate-secret", "/disable")) {
            assertThat(refusedPage("/dashboard/webhooks/" + endpointId + refused, team.viewer()))
                    .contains("you are a viewer")
                    .doesNotContain("data-action=\"confirm\"");
        }
        assertThat(refusedPage("/dashboard/webhooks/new", team.viewer())).contains("you are a viewer");
        assertThat(page("/dashboard/webhooks/new", team.developer()))
                .contains("data-api-path=\"/v1/webhook_endpoints\"")
                .contains("name=\"url\"")
                .contains("name=\"enabledEvents\" data-json=\"lines\"")
                .contains("data-show-secret=\"secret\"");
    }

    @Test
    void shouldLetADeveloperButNotAViewerAddAnEndpointAndMoveTheTestClockThroughTheDashboardApi() {
        var team = developerTeam("Clock Ltd");
        var endpoint = Map.<String, Object>of("url", URL, "enabledEvents", List.of("invoice.paid"));
        var advance = Map.<String, Object>of("advanceBySeconds", 86_400);

        var created = api(team.developer(), "/v1/webhook_endpoints", endpoint, true)
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(created.path("secret").asString()).startsWith("whsec_");
        var id = created.path("webhookEndpoint").path("id").asString();
        assertThat(page("/dashboard/webhooks", team.developer())).contains("data-id=\"" + id + "\"");
        // the disable confirmation's request: its page then offers to enable it again
        http.patch()
                .uri("/dashboard/api/v1/webhook_endpoints/" + id)
                .cookie("abk_session", team.developer())
                .header("x-csrf-token", csrf(team.developer()))
                .bodyValue(Map.of("disabled", true))
                .exchange()
                .expectStatus()
                .isOk();
        assertThat(page("/dashboard/webhooks/" + id + "?done=disable", team.developer()))
                .contains("data-status>disabled<")
                .contains("disabled_by_merchant")
                .contains("data-done")
                .contains("data-action=\"enable\"")
                .doesNotContain("data-action=\"disable\"");

        var before = page("/dashboard/developers", team.developer());
        assertThat(before).contains("data-page=\"developers\"").contains("name=\"advanceBySeconds\"");
        var moved = api(team.developer(), "/v1/test_clock", advance, true)
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        var frozenAt = Instant.parse(moved.path("frozenAt").asString());
        assertThat(frozenAt).isAfter(Instant.now().plusSeconds(86_000));
        assertThat(page("/dashboard/developers", team.developer()))
                .contains("Frozen at this time")
                .contains("/dashboard/events");

        // a viewer's same calls, and a developer's without the CSRF token, change nothing
        for (var refused : List.of(
                api(team.viewer(), "/v1/webhook_endpoints", endpoint, true),
                api(team.viewer(), "/v1/test_clock", advance, true),
                api(team.developer(), "/v1/webhook_endpoints", endpoint, false),
                api(team.developer(), "/v1/test_clock", advance, false))) {
            var error = refused.expectStatus()
                    .isForbidden()
                    .expectBody(JsonNode.class)
                    .returnResult()
                    .getResponseBody();
            assertThat(error.path("code").asString()).isEqualTo("permission_denied");
        }
        assertThat(page("/dashboard/developers", team.viewer()))
                .contains("data-test-clock")
                .doesNotContain("name=\"advanceBySeconds\"");
        assertThat(listed(team.testKey(), "/v1/webhook_endpoints").path("webhookEndpoints"))
                .as("only the developer's endpoint")
                .hasSize(1);
        var clock = listed(team.testKey(), "/v1/test_clock");
        assertThat(clock.path("frozenAt").asString())
                .isEqualTo(moved.path("frozenAt").asString());

        // live mode has no test clock: the page says so and offers no form
        switchMode(new Session("", "", team.developer(), csrf(team.developer())), "live", "developers")
                .expectStatus()
                .isSeeOther();
        assertThat(page("/dashboard/developers", team.developer()))
                .contains("Test clocks are for test mode only")
                .doesNotContain("data-test-clock")
                .doesNotContain("name=\"advanceBySeconds\"");
        assertThat(page("/dashboard/webhooks", team.developer()))
                .as("the test endpoint is not live mode's")
                .doesNotContain("data-id=\"" + id + "\"");
    }

    @Test
    void shouldListTheEventLogNewestFirstWithARedeliveryOfferedOnlyToADeveloperOrAbove() {
        var team = developerTeam("Events Ltd");
        var older = EventRows.event(
                database(),
                team.merchantId(),
                "test",
                "invoice.created",
                Instant.now().minusSeconds(60));
        var newer = EventRows.event(
                database(),
                team.merchantId(),
                "test",
                "invoice.paid",
                Instant.now().minusSeconds(5));

        var asDeveloper = page("/dashboard/events", team.developer());
        assertThat(asDeveloper)
                .contains("data-page=\"events\"")
                .contains("data-id=\"" + older.id() + "\"")
                .contains("href=\"/dashboard/events/" + newer.id() + "/redeliver\" data-action=\"redeliver\"");
        assertThat(asDeveloper.indexOf("data-id=\"" + newer.id() + "\""))
                .as("newest first")
                .isLessThan(asDeveloper.indexOf("data-id=\"" + older.id() + "\""));
        assertThat(page("/dashboard/events?type=invoice.created", team.developer()))
                .contains("data-id=\"" + older.id() + "\"")
                .doesNotContain("data-id=\"" + newer.id() + "\"");

        var asViewer = page("/dashboard/events", team.viewer());
        assertThat(asViewer).contains("data-id=\"" + newer.id() + "\"").doesNotContain("data-action=\"redeliver\"");
        assertThat(refusedPage("/dashboard/events/" + newer.id() + "/redeliver", team.viewer()))
                .contains("you are a viewer");
        assertThat(page("/dashboard/events/" + newer.id() + "/redeliver", team.developer()))
                .contains("data-api-path=\"/v1/events/" + newer.id() + "/redeliver\"")
                .contains("name=\"endpointId\"")
                .contains("data-action=\"confirm\"");
        assertThat(page("/dashboard/events?done=redeliver", team.developer())).contains("data-done");
    }

    @Test
    void shouldFilterTheEventLogByTheObjectItIsAboutKeepingTheFilterInThePagerAndTheExport() {
        var team = developerTeam("Subjects Ltd");
        var sub = Ids.newId(IdPrefix.SUBSCRIPTION, Instant.now());
        var data = "{\"subscription\":{\"id\":\"" + sub + "\"}}";
        var first = EventRows.eventWithData(
                database(),
                team.merchantId(),
                "test",
                "subscription.created",
                sub,
                Instant.now().minusSeconds(30),
                data);
        var second = EventRows.eventWithData(
                database(),
                team.merchantId(),
                "test",
                "subscription.activated",
                sub,
                Instant.now().minusSeconds(20),
                data);
        var unrelated = EventRows.event(
                database(),
                team.merchantId(),
                "test",
                "invoice.paid",
                Instant.now().minusSeconds(10));

        // when the form asks for the subscription's events, one a page
        var filtered = page("/dashboard/events?type=&subjectId=" + sub + "&limit=1", team.developer());

        // then the form keeps the id, the page shows its newest event only, and Older and the export keep the filter
        assertThat(filtered)
                .contains("<form method=\"get\" action=\"/dashboard/events\"")
                .contains("name=\"subjectId\" value=\"" + sub + "\"")
                .contains("data-id=\"" + second.id() + "\"")
                .doesNotContain("data-id=\"" + first.id() + "\"")
                .doesNotContain("data-id=\"" + unrelated.id() + "\"")
                .containsPattern("href=\"/dashboard/events\\?subjectId(=|&#61;)" + sub
                        + "&(amp;)?startingAfter(=|&#61;)" + second.id() + "\" data-action=\"next-page\"")
                .containsPattern(
                        "href=\"/dashboard/events/export.csv\\?subjectId(=|&#61;)" + sub + "\" data-action=\"export\"");
        assertThat(page("/dashboard/events?subjectId=" + sub + "&startingAfter=" + second.id(), team.developer()))
                .contains("data-id=\"" + first.id() + "\"")
                .doesNotContain("data-id=\"" + unrelated.id() + "\"");
        assertThat(page("/dashboard/events/export.csv?subjectId=" + sub, team.developer()))
                .contains(first.id())
                .contains(second.id())
                .doesNotContain(unrelated.id());
        assertThat(fetched("/dashboard/events?subjectId=evt_1", team.developer(), HttpStatus.BAD_REQUEST))
                .contains("subjectId must be the id of");
    }

    @Test
    void shouldAnswerAFilterOrIdTheApiWouldRefuseWithARefusalPage() {
        var team = developerTeam("Refusals Ltd");

        assertThat(fetched("/dashboard/events?type=invoice.unknown", team.developer(), HttpStatus.BAD_REQUEST))
                .contains("type must be one of");
        assertThat(fetched("/dashboard/events?startingAfter=nope", team.developer(), HttpStatus.BAD_REQUEST))
                .contains("startingAfter");
        assertThat(fetched("/dashboard/webhooks?limit=0", team.developer(), HttpStatus.BAD_REQUEST))
                .contains("limit");
        var missing = "we_01jz0000000000000000000000";
        fetched("/dashboard/webhooks/" + missing, team.developer(), HttpStatus.NOT_FOUND);
        fetched("/dashboard/webhooks/" + missing + "/rotate-secret", team.developer(), HttpStatus.NOT_FOUND);
        fetched("/dashboard/events/evt_01jz0000000000000000000000/redeliver", team.developer(), HttpStatus.NOT_FOUND);
    }

    private DeveloperTeam developerTeam(String name) {
        var merchantId = createMerchant(name);
        var key = createKey(merchantId, "test").path("secret").asString();
        member(merchantId, null);
        return new DeveloperTeam(
                merchantId,
                key,
                member(merchantId, "developer").token(),
                member(merchantId, "viewer").token());
    }

    private String createEndpoint(String key) {
        return http.post()
                .uri("/v1/webhook_endpoints")
                .header("x-service-api-key", key)
                .bodyValue(Map.of("url", URL))
                .exchange()
                .expectStatus()
                .isCreated()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .path("webhookEndpoint")
                .path("id")
                .asString();
    }

    private JsonNode listed(String key, String path) {
        return http.get()
                .uri(path)
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
    }

    /** A POST of the dashboard's script: as the session, with its CSRF token from the page when {@code withCsrf}. */
    private WebTestClient.ResponseSpec api(String session, String path, Map<String, Object> body, boolean withCsrf) {
        var request = http.post().uri("/dashboard/api" + path).cookie("abk_session", session);
        if (withCsrf) {
            request = request.header("x-csrf-token", csrf(session));
        }
        return request.header("Idempotency-Key", "dash_" + UUID.randomUUID())
                .bodyValue(body)
                .exchange();
    }

    private String csrf(String session) {
        return csrfOf(page("/dashboard/home", session));
    }

    private String refusedPage(String path, String session) {
        return fetched(path, session, HttpStatus.FORBIDDEN);
    }

    private String fetched(String path, String session, HttpStatus status) {
        var shown = answer(path, session);
        assertThat(shown.status()).as(path + ": " + shown.body()).isEqualTo(status.value());
        return shown.body();
    }
}
