package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.api.event.EventRows;
import io.abk.billing.gateway.platform.web.Html;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Topics;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * A webhook endpoint in depth as a team's members use it through the dashboard: its edit form, the reveal of its
 * signing secret (a developer's, never a viewer's, and never another team's), a delivery attempt's own page, and a
 * test event sent to it alone; and a payment link's URL as a QR code.
 */
class WebhookPagesIT extends DashboardIT {

    /** Public addresses, so the URL guard allows them without resolving a name. */
    private static final String URL = "https://93.184.215.14/hooks/before";

    private static final String NEW_URL = "https://93.184.215.15/hooks/after";

    @Test
    void shouldChangeTheEndpointAsTheEditFormSendsItAndOfferTheFormOnlyToADeveloperOrAbove() {
        var team = newTeam("Edit Ltd");
        var developer = member(team.merchant().id(), "developer");
        var id = createEndpoint(developer, List.of("invoice.paid"));

        var form = page("/dashboard/webhooks/" + id + "/edit", developer.token());
        assertThat(form)
                .contains("data-api-path=\"/v1/webhook_endpoints/" + id + "\" data-api-method=\"PATCH\"")
                .contains("name=\"url\" value=\"" + URL + "\"")
                .contains("name=\"enabledEvents\" data-json=\"lines\"")
                .contains(">invoice.paid</textarea>")
                .contains("data-action=\"confirm\"");
        assertThat(page("/dashboard/webhooks/" + id, developer.token()))
                .contains("href=\"/dashboard/webhooks/" + id + "/edit\" data-action=\"edit\"");
        assertThat(answer("/dashboard/webhooks/" + id + "/edit", team.viewer().token())
                        .status())
                .isEqualTo(403);

        // what the form sends
        var edited = apiWith(
                developer,
                HttpMethod.PATCH,
                "/v1/webhook_endpoints/" + id,
                Map.of(
                        "url",
                        NEW_URL,
                        "enabledEvents",
                        List.of("invoice.paid", "payment.paid"),
                        "description",
                        "Orders"),
                developer.csrf(),
                "dash_" + UUID.randomUUID());
        assertThat(edited.status()).as(edited.text()).isEqualTo(200);

        var read = get(team.merchant(), "test", "/v1/webhook_endpoints/" + id);
        assertThat(read.body().path("webhookEndpoint").path("url").asString()).isEqualTo(NEW_URL);
        assertThat(read.body().path("webhookEndpoint").path("description").asString())
                .isEqualTo("Orders");
        assertThat(read.body().path("webhookEndpoint").path("enabledEvents").toString())
                .isEqualTo("[\"invoice.paid\",\"payment.paid\"]");
        assertThat(page("/dashboard/webhooks/" + id + "?done=edit", developer.token()))
                .contains(NEW_URL)
                .contains("invoice.paid, payment.paid")
                .contains("data-done");
        assertThat(page("/dashboard/webhooks/" + id + "/edit", developer.token()))
                .contains(">invoice.paid\npayment.paid</textarea>");
    }

    @Test
    void shouldRevealTheSecretARotationShowedToADeveloperAndTheKeyButNotToAViewerOrAnotherTeam() {
        var team = newTeam("Reveal Ltd");
        var developer = member(team.merchant().id(), "developer");
        var id = createEndpoint(developer, List.of());
        var rotated = apiWith(
                developer,
                HttpMethod.POST,
                "/v1/webhook_endpoints/" + id + "/rotate_secret",
                Map.of("overlapSeconds", 3600),
                developer.csrf(),
                "dash_" + UUID.randomUUID());
        assertThat(rotated.status()).as(rotated.text()).isEqualTo(200);
        var secret = rotated.body().path("secret").asString();
        assertThat(secret).startsWith("whsec_");

        var revealed = api(developer, HttpMethod.GET, "/v1/webhook_endpoints/" + id + "/secret", null);
        assertThat(revealed.status()).as(revealed.text()).isEqualTo(200);
        assertThat(revealed.body().path("secret").asString()).isEqualTo(secret);
        assertThat(Instant.parse(revealed.body().path("previousSecretExpiresAt").asString()))
                .isAfter(Instant.now().plusSeconds(3000));
        assertThat(revealed.header("Cache-Control")).contains("no-store");
        var byKey = get(team.merchant(), "test", "/v1/webhook_endpoints/" + id + "/secret");
        assertThat(byKey.body().path("secret").asString()).isEqualTo(secret);
        assertThat(database()
                        .count(
                                "SELECT count(*) FROM audit_log WHERE target_id = ? AND action = 'webhook_endpoint.secret_revealed'",
                                id))
                .as("each reveal is audited")
                .isEqualTo(2);

        var asViewer = api(team.viewer(), HttpMethod.GET, "/v1/webhook_endpoints/" + id + "/secret", null);
        assertThat(asViewer.status()).isEqualTo(403);
        assertThat(asViewer.code()).isEqualTo("permission_denied");
        assertThat(asViewer.text()).doesNotContain(secret);
        // the path encoded otherwise is the same read to the router, so the same refusal
        var encoded = http.get()
                .uri(base -> URI.create(base.build() + "/dashboard/api/v1/webhook_endpoints/" + id + "/secre%74"))
                .cookie("abk_session", team.viewer().token())
                .exchange()
                .expectBody(String.class)
                .returnResult();
        assertThat(encoded.getStatus().value()).isEqualTo(403);
        assertThat(encoded.getResponseBody()).contains("permission_denied").doesNotContain(secret);
        var byOwner = http.get()
                .uri(base -> URI.create(base.build() + "/dashboard/api/v1/webhook_endpoints/" + id + "/secre%74"))
                .cookie("abk_session", team.owner().token())
                .exchange()
                .expectBody(String.class)
                .returnResult();
        assertThat(byOwner.getResponseBody())
                .as("the router decodes the segment")
                .contains(secret);
        var other = newTeam("Other Ltd");
        var othersDeveloper = member(other.merchant().id(), "developer");
        var asOtherTeam = api(othersDeveloper, HttpMethod.GET, "/v1/webhook_endpoints/" + id + "/secret", null);
        assertThat(asOtherTeam.status()).isEqualTo(404);
        assertThat(asOtherTeam.text()).doesNotContain(secret);
        assertThat(get(other.merchant(), "test", "/v1/webhook_endpoints/" + id + "/secret")
                        .status())
                .isEqualTo(404);

        assertThat(page("/dashboard/webhooks/" + id, developer.token()))
                .contains("data-action=\"reveal-secret\" data-reveal-path=\"/v1/webhook_endpoints/" + id + "/secret\"")
                .doesNotContain(secret);
        assertThat(page("/dashboard/webhooks/" + id, team.viewer().token()))
                .doesNotContain("data-action=\"reveal-secret\"");
    }

    @Test
    void shouldShowADeliveryAttemptsRequestAndResponseOnItsOwnPageToTheTeamAlone() {
        var team = newTeam("Attempts Ltd");
        var developer = member(team.merchant().id(), "developer");
        var id = createEndpoint(developer, List.of());
        var event = EventRows.event(
                database(),
                team.merchant().id(),
                "test",
                "invoice.paid",
                Instant.now().minusSeconds(5));
        var attempt = "wha_"
                + EventRows.attempt(
                        database(),
                        id,
                        team.merchant().id(),
                        "test",
                        event.id(),
                        2,
                        "failed",
                        503,
                        "the endpoint answered 503",
                        Instant.now().plusSeconds(60),
                        Instant.now().minusSeconds(1));
        var path = "/dashboard/webhooks/" + id + "/deliveries/" + attempt;

        assertThat(page("/dashboard/webhooks/" + id, team.viewer().token())).contains("href=\"" + path + "\"");
        var shown = page(path, team.viewer().token());
        assertThat(shown)
                .contains("data-page=\"webhook-delivery\"")
                .contains("data-status>failed<")
                .contains("<dd>503</dd>")
                .contains("the endpoint answered 503")
                .contains("<dd>42 ms</dd>")
                .contains("webhook-signature")
                .contains("invoice.paid")
                // the body as the event log stores it, escaped, and the response's excerpt
                .contains("data-body>" + Html.escape(event.payload()) + "</pre>")
                .contains("data-excerpt>{&quot;ok&quot;:false}");

        var other = newTeam("Nosy Ltd");
        assertThat(answer(path, other.owner().token()).status()).isEqualTo(404);
        assertThat(answer("/dashboard/webhooks/" + id + "/deliveries/wha_0", developer.token())
                        .status())
                .isEqualTo(404);
        var otherEndpoint = createEndpoint(member(other.merchant().id(), "developer"), List.of());
        assertThat(answer(
                                "/dashboard/webhooks/" + otherEndpoint + "/deliveries/" + attempt,
                                other.owner().token())
                        .status())
                .as("an attempt of another endpoint")
                .isEqualTo(404);
    }

    @Test
    void shouldQueueASignedTestEventForThatEndpointAloneWhenADeveloperSendsIt() {
        var team = newTeam("Test Events Ltd");
        var developer = member(team.merchant().id(), "developer");
        var id = createEndpoint(developer, List.of());
        var bystander = createEndpoint(developer, List.of());

        assertThat(page("/dashboard/webhooks/" + id + "/send-test", developer.token()))
                .contains("data-api-path=\"/v1/webhook_endpoints/" + id + "/test\"")
                .contains("data-action=\"confirm\"");
        assertThat(page("/dashboard/webhooks/" + id, developer.token())).contains("data-action=\"send-test\"");
        assertThat(answer(
                                "/dashboard/webhooks/" + id + "/send-test",
                                team.viewer().token())
                        .status())
                .isEqualTo(403);

        var sent = sendTest(developer, id);
        assertThat(sent.status()).as(sent.text()).isEqualTo(202);
        var event = sent.body().path("event");
        assertThat(event.path("type").asString()).isEqualTo("webhook_endpoint.test");
        assertThat(event.path("data").path("test").asBoolean()).isTrue();
        assertThat(event.path("data").path("webhookEndpointId").asString()).isEqualTo(id);
        var eventId = event.path("id").asString();
        assertThat(eventId).startsWith("evt_");

        var queued = TestKafka.keyedRecords(
                Topics.WEBHOOK_DELIVERIES, (WebhookDelivery d) -> d.getEventId().equals(eventId));
        assertThat(queued).extracting(ConsumerRecord::key).containsExactly(id);
        var delivery = queued.getFirst().value();
        assertThat(delivery.getEndpointId()).isEqualTo(id).isNotEqualTo(bystander);
        assertThat(delivery.getMerchantId()).isEqualTo(team.merchant().id());
        assertThat(delivery.getEventType()).isEqualTo("webhook_endpoint.test");
        assertThat(delivery.getPayload())
                .isEqualTo(sent.text()
                        .substring("{\"event\":".length(), sent.text().length() - 1));
        assertThat(get(team.merchant(), "test", "/v1/events/" + eventId).status())
                .as("the event log does not keep a test event")
                .isEqualTo(404);

        var asViewer = sendTest(team.viewer(), id);
        assertThat(asViewer.status()).isEqualTo(403);
        var other = newTeam("Far Ltd");
        assertThat(sendTest(member(other.merchant().id(), "developer"), id).status())
                .isEqualTo(404);
        var disabled = api(developer, HttpMethod.PATCH, "/v1/webhook_endpoints/" + id, Map.of("disabled", true));
        assertThat(disabled.status()).isEqualTo(200);
        var refused = sendTest(developer, id);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.code()).isEqualTo("endpoint_disabled");
        assertThat(TestKafka.keyedRecords(
                        Topics.WEBHOOK_DELIVERIES,
                        (WebhookDelivery d) -> d.getEndpointId().equals(id)))
                .as("the refused ones queued nothing")
                .hasSize(1);
    }

    @Test
    void shouldShowAPaymentLinksUrlAsAQrCode() {
        var team = newTeam("QR Ltd");
        var link = createLink(team.merchant(), "test", "5.5", Map.of("description", "Poster"))
                .get("id")
                .stringValue();

        var shown = page("/dashboard/payment-links/" + link, team.viewer().token());

        assertThat(shown)
                .containsPattern("<svg data-qr [^>]*aria-label=\"QR code of the payment link&#39;s URL\"")
                .contains("data-copy=\"link-url\"");
    }

    private String createEndpoint(Session developer, List<String> events) {
        var body = events.isEmpty() ? Map.<String, Object>of("url", URL) : Map.of("url", URL, "enabledEvents", events);
        var created = apiWith(
                developer,
                HttpMethod.POST,
                "/v1/webhook_endpoints",
                body,
                developer.csrf(),
                "dash_" + UUID.randomUUID());
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        return created.body().path("webhookEndpoint").path("id").asString();
    }

    private Reply sendTest(Session member, String id) {
        return apiWith(
                member,
                HttpMethod.POST,
                "/v1/webhook_endpoints/" + id + "/test",
                null,
                member.csrf(),
                "dash_" + UUID.randomUUID());
    }
}
