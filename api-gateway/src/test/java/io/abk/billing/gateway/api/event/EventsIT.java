package io.abk.billing.gateway.api.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.api.event.EventRows.Event;
import io.abk.billing.gateway.testkit.GatewayIT;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec;
import tools.jackson.databind.JsonNode;

/**
 * The event log and redeliveries through the merchant API, over rows inserted as the webhook sender writes them:
 * payloads answered byte for byte, newest-first cursor pages, the type and subject filters, the 30-day window, isolation across
 * merchants and modes, and redeliveries read back from {@code webhooks.deliveries}.
 */
class EventsIT extends GatewayIT {

    private static final String URL = "https://93.184.215.14/hooks/";
    private final Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    @Test
    void shouldAnswerTheStoredPayloadByteForByteWhenReadById() {
        var merchant = newMerchant();
        var event = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minusSeconds(5));

        var body = get(merchant.testKey(), "/v1/events/" + event.id())
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();

        // Parsed and written again, 10.50 would read 10.5 and the spacing and the \u00e9 escape would change.
        assertThat(body).isEqualTo("{\"event\":" + event.payload() + "}");
    }

    @Test
    void shouldListNewestFirstInCursorPagesAndFilterByType() {
        var merchant = newMerchant();
        var oldest = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minus(Duration.ofDays(29)));
        var middle = EventRows.event(database(), merchant.id(), "test", "subscription.created", now.minusSeconds(60));
        var newest = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minusSeconds(1));
        var key = merchant.testKey();

        assertThat(text(key, "/v1/events?limit=2")).isEqualTo(page(true, newest, middle));
        assertThat(text(key, "/v1/events?limit=2&startingAfter=" + middle.id())).isEqualTo(page(false, oldest));
        assertThat(text(key, "/v1/events")).isEqualTo(page(false, newest, middle, oldest));
        assertThat(text(key, "/v1/events?type=invoice.paid")).isEqualTo(page(false, newest, oldest));
        assertThat(text(key, "/v1/events?type=invoice.paid&limit=1&startingAfter=" + newest.id()))
                .isEqualTo(page(false, oldest));
        assertThat(text(key, "/v1/events?type=payment.paid")).isEqualTo(page(false));
    }

    @Test
    void shouldListTheEventsAboutOneObjectWhenFilteredBySubjectId() {
        // given a subscription's event, its invoice's, a payment of a link, another payment, and another merchant's
        var merchant = newMerchant();
        var other = newMerchant();
        var sub = Ids.newId(IdPrefix.SUBSCRIPTION, now);
        var inv = Ids.newId(IdPrefix.INVOICE, now);
        var pay = Ids.newId(IdPrefix.PAYMENT, now);
        var otherPay = Ids.newId(IdPrefix.PAYMENT, now);
        var link = Ids.newId(IdPrefix.PAYMENT_LINK, now);
        var db = database();
        var created = EventRows.eventWithData(
                db,
                merchant.id(),
                "test",
                "subscription.created",
                sub,
                now.minusSeconds(50),
                "{\"subscription\":{\"id\":\"" + sub + "\"}}");
        var paid = EventRows.eventWithData(
                db,
                merchant.id(),
                "test",
                "invoice.paid",
                sub,
                now.minusSeconds(40),
                "{\"invoice\":{\"id\":\"" + inv + "\",\"subscriptionId\":\"" + sub + "\"},\"subscription\":{\"id\":\""
                        + sub + "\"}}");
        var fromLink = EventRows.eventWithData(
                db,
                merchant.id(),
                "test",
                "payment.paid",
                pay,
                now.minusSeconds(30),
                "{\"payment\":{\"id\":\"" + pay + "\",\"paymentLinkId\":\"" + link + "\"}}");
        var alone = EventRows.eventWithData(
                db,
                merchant.id(),
                "test",
                "payment.created",
                otherPay,
                now.minusSeconds(20),
                "{\"payment\":{\"id\":\"" + otherPay + "\",\"paymentLinkId\":null}}");
        EventRows.eventWithData(
                db,
                other.id(),
                "test",
                "subscription.created",
                sub,
                now.minusSeconds(10),
                "{\"subscription\":{\"id\":\"" + sub + "\"}}");
        var key = merchant.testKey();

        // then each id finds the events about it, newest first, of the caller's merchant only
        assertThat(text(key, "/v1/events?subjectId=" + sub)).isEqualTo(page(false, paid, created));
        assertThat(text(key, "/v1/events?subjectId=" + inv)).isEqualTo(page(false, paid));
        assertThat(text(key, "/v1/events?subjectId=" + pay)).isEqualTo(page(false, fromLink));
        assertThat(text(key, "/v1/events?subjectId=" + link)).isEqualTo(page(false, fromLink));
        assertThat(text(key, "/v1/events?subjectId=" + otherPay)).isEqualTo(page(false, alone));
        assertThat(text(merchant.liveKey(), "/v1/events?subjectId=" + sub)).isEqualTo(page(false));
        // and with the type, and across pages
        assertThat(text(key, "/v1/events?subjectId=" + sub + "&type=subscription.created"))
                .isEqualTo(page(false, created));
        assertThat(text(key, "/v1/events?subjectId=" + sub + "&limit=1")).isEqualTo(page(true, paid));
        assertThat(text(key, "/v1/events?subjectId=" + sub + "&limit=1&startingAfter=" + paid.id()))
                .isEqualTo(page(false, created));
    }

    @Test
    void shouldShowOnlyTheCallersMerchantAndModeWithinThirtyDays() {
        var merchant = newMerchant();
        var other = newMerchant();
        var mine = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minusSeconds(10));
        var live = EventRows.event(database(), merchant.id(), "live", "invoice.paid", now.minusSeconds(9));
        var others = EventRows.event(database(), other.id(), "test", "invoice.paid", now.minusSeconds(8));
        var expired =
                EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minus(Duration.ofDays(31)));
        createEndpoint(merchant.testKey(), List.of());

        assertThat(text(merchant.testKey(), "/v1/events")).isEqualTo(page(false, mine));
        assertThat(text(merchant.liveKey(), "/v1/events")).isEqualTo(page(false, live));
        assertThat(text(other.testKey(), "/v1/events")).isEqualTo(page(false, others));
        for (var id : List.of(live.id(), others.id(), expired.id())) {
            missing(get(merchant.testKey(), "/v1/events/" + id));
            missing(post(merchant.testKey(), "/v1/events/" + id + "/redeliver", Map.of()));
        }
        assertThat(TestKafka.records(
                        Topics.WEBHOOK_DELIVERIES,
                        d -> List.of(live.id(), others.id(), expired.id()).contains(d.getEventId())))
                .isEmpty();
    }

    @Test
    void shouldQueueOneDeliveryPerEnabledSubscribedEndpointWhenRedelivered() {
        var merchant = newMerchant();
        var key = merchant.testKey();
        var all = createEndpoint(key, List.of());
        var paid = createEndpoint(key, List.of("invoice.paid", "invoice.voided"));
        createEndpoint(key, List.of("payment.paid"));
        var disabled = createEndpoint(key, List.of());
        patch(key, "/v1/webhook_endpoints/" + disabled, Map.of("disabled", true))
                .expectStatus()
                .isOk();
        var deleted = createEndpoint(key, List.of());
        http.delete()
                .uri("/v1/webhook_endpoints/" + deleted)
                .header("x-service-api-key", key)
                .exchange()
                .expectStatus()
                .isOk();
        createEndpoint(merchant.liveKey(), List.of());
        var event = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minusSeconds(30));

        var answer = post(key, "/v1/events/" + event.id() + "/redeliver", null)
                .expectStatus()
                .isAccepted()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();

        var records = queued(event);
        assertThat(records).extracting(ConsumerRecord::key).containsExactlyInAnyOrder(all, paid);
        var redeliveryId = records.getFirst().value().getDeliveryId().split(":")[2];
        assertThat(redeliveryId).startsWith("cmd_");
        for (var record : records) {
            var delivery = record.value();
            assertThat(delivery.getDeliveryId()).isEqualTo(event.id() + ":" + record.key() + ":" + redeliveryId);
            assertThat(delivery.getEndpointId()).isEqualTo(record.key());
            assertThat(delivery.getEventId()).isEqualTo(event.id());
            assertThat(delivery.getEventType()).isEqualTo("invoice.paid");
            assertThat(delivery.getMerchantId()).isEqualTo(merchant.id());
            assertThat(delivery.getMode()).isEqualTo(Mode.TEST);
            assertThat(delivery.getPayload()).isEqualTo(event.payload());
            assertThat(delivery.getEventCreatedAt()).isEqualTo(now.minusSeconds(30));
            assertThat(delivery.getQueuedAt()).isBetween(now, Instant.now().plusSeconds(1));
            assertThat(delivery.getRedelivery()).isTrue();
        }
        var sorted = records.stream()
                .map(ConsumerRecord::value)
                .sorted((a, b) -> a.getEndpointId().compareTo(b.getEndpointId()))
                .toList();
        assertThat(answer)
                .isEqualTo("{\"event\":" + event.payload() + ",\"deliveries\":["
                        + String.join(
                                ",",
                                sorted.stream()
                                        .map(d -> "{\"deliveryId\":\"" + d.getDeliveryId() + "\",\"endpointId\":\""
                                                + d.getEndpointId() + "\",\"status\":\"queued\"}")
                                        .toList())
                        + "]}");
    }

    @Test
    void shouldRedeliverToTheOneEndpointGivenEvenWhenNotSubscribed() {
        var merchant = newMerchant();
        var key = merchant.liveKey();
        createEndpoint(key, List.of());
        var payments = createEndpoint(key, List.of("payment.paid"));
        var event = EventRows.event(database(), merchant.id(), "live", "invoice.paid", now.minusSeconds(3));

        var answer = json(post(key, "/v1/events/" + event.id() + "/redeliver", Map.of("endpointId", payments))
                .expectStatus()
                .isAccepted());

        var records = queued(event);
        assertThat(records).extracting(ConsumerRecord::key).containsExactly(payments);
        assertThat(records.getFirst().value().getMode()).isEqualTo(Mode.LIVE);
        assertThat(answer.get("deliveries").size()).isEqualTo(1);
        assertThat(answer.get("deliveries").get(0).get("deliveryId").stringValue())
                .isEqualTo(records.getFirst().value().getDeliveryId());
    }

    @Test
    void shouldAcceptWithNoDeliveriesWhenNoEndpointIsSubscribed() {
        var merchant = newMerchant();
        createEndpoint(merchant.testKey(), List.of("payment.paid"));
        var event = EventRows.event(database(), merchant.id(), "test", "invoice.voided", now.minusSeconds(3));

        var answer = post(merchant.testKey(), "/v1/events/" + event.id() + "/redeliver", Map.of())
                .expectStatus()
                .isAccepted()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();

        assertThat(answer).isEqualTo("{\"event\":" + event.payload() + ",\"deliveries\":[]}");
        assertThat(queued(event)).isEmpty();
    }

    @Test
    void shouldQueueOnceAndReplayWhenTheIdempotencyKeyRepeats() {
        var merchant = newMerchant();
        createEndpoint(merchant.testKey(), List.of());
        var event = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minusSeconds(3));
        var path = "/v1/events/" + event.id() + "/redeliver";

        var first = http.post()
                .uri(path)
                .header("x-service-api-key", merchant.testKey())
                .header("Idempotency-Key", "again-1")
                .exchange()
                .expectStatus()
                .isAccepted()
                .expectBody(String.class)
                .returnResult();
        var again = http.post()
                .uri(path)
                .header("x-service-api-key", merchant.testKey())
                .header("Idempotency-Key", "again-1")
                .exchange()
                .expectStatus()
                .isAccepted()
                .expectBody(String.class)
                .returnResult();

        assertThat(again.getResponseHeaders().getFirst("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.getResponseBody()).isEqualTo(first.getResponseBody());
        assertThat(queued(event)).hasSize(1);
    }

    @Test
    void shouldListTheEndpointsDeliveryAttemptsNewestFirstInPages() {
        var merchant = newMerchant();
        var key = merchant.testKey();
        var endpoint = createEndpoint(key, List.of());
        var neighbour = createEndpoint(key, List.of());
        var event = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minusSeconds(100));
        var retryAt = now.plusSeconds(300);
        var failed = EventRows.attempt(
                database(),
                endpoint,
                merchant.id(),
                "test",
                event.id(),
                1,
                "failed",
                500,
                "HTTP 500",
                retryAt,
                now.minusSeconds(90));
        EventRows.attempt(
                database(),
                neighbour,
                merchant.id(),
                "test",
                event.id(),
                1,
                "succeeded",
                200,
                null,
                null,
                now.minusSeconds(89));
        var succeeded = EventRows.attempt(
                database(),
                endpoint,
                merchant.id(),
                "test",
                event.id(),
                2,
                "succeeded",
                204,
                null,
                null,
                now.minusSeconds(80));
        var skipped = EventRows.attempt(
                database(),
                endpoint,
                merchant.id(),
                "test",
                event.id(),
                3,
                "skipped",
                null,
                "endpoint disabled",
                null,
                now.minusSeconds(70));
        var path = "/v1/webhook_endpoints/" + endpoint + "/deliveries";

        var first = json(get(key, path + "?limit=2").expectStatus().isOk());
        assertThat(first.propertyNames()).containsExactly("deliveries", "hasMore");
        assertThat(ids(first)).containsExactly("wha_" + skipped, "wha_" + succeeded);
        assertThat(first.get("hasMore").booleanValue()).isTrue();
        var second = json(get(key, path + "?limit=2&startingAfter=wha_" + succeeded)
                .expectStatus()
                .isOk());
        assertThat(ids(second)).containsExactly("wha_" + failed);
        assertThat(second.get("hasMore").booleanValue()).isFalse();

        assertThat(second.get("deliveries").get(0).toString())
                .isEqualTo("{\"id\":\"wha_" + failed + "\",\"object\":\"webhook_delivery_attempt\","
                        + "\"endpointId\":\"" + endpoint + "\",\"eventId\":\"" + event.id()
                        + "\",\"eventType\":\"invoice.paid\",\"deliveryId\":\""
                        + event.id() + ":" + endpoint
                        + "\",\"attempt\":1,\"redelivery\":false,\"outcome\":\"failed\",\"statusCode\":500,"
                        + "\"latencyMs\":42,\"error\":\"HTTP 500\",\"responseExcerpt\":\"{\\\"ok\\\":false}\",\"nextRetryAt\":\""
                        + retryAt
                        + "\",\"attemptedAt\":\"" + now.minusSeconds(90) + "\"}");
        var skip = first.get("deliveries").get(0);
        assertThat(skip.get("outcome").stringValue()).isEqualTo("skipped");
        assertThat(skip.get("statusCode").isNull()).isTrue();
        assertThat(skip.get("latencyMs").isNull()).isTrue();
        assertThat(skip.get("nextRetryAt").isNull()).isTrue();
    }

    @Test
    void shouldAnswer404ForDeliveriesOfAnotherMerchantsModesOrDeletedEndpoint() {
        var merchant = newMerchant();
        var other = newMerchant();
        var endpoint = createEndpoint(merchant.testKey(), List.of());
        var event = EventRows.event(database(), merchant.id(), "test", "invoice.paid", now.minusSeconds(10));
        EventRows.attempt(
                database(), endpoint, merchant.id(), "test", event.id(), 1, "succeeded", 200, null, null, now);
        var path = "/v1/webhook_endpoints/" + endpoint + "/deliveries";

        missing(get(merchant.liveKey(), path));
        missing(get(other.testKey(), path));
        assertThat(ids(json(get(merchant.testKey(), path).expectStatus().isOk())))
                .hasSize(1);
        http.delete()
                .uri("/v1/webhook_endpoints/" + endpoint)
                .header("x-service-api-key", merchant.testKey())
                .exchange()
                .expectStatus()
                .isOk();
        missing(get(merchant.testKey(), path));
    }

    @Test
    void shouldClearTheFailureClockAndReasonWhenReEnabled() {
        var merchant = newMerchant();
        var key = merchant.testKey();
        var endpoint = createEndpoint(key, List.of());
        var failing = createEndpoint(key, List.of());
        // The sender's health of both: one disabled after failing for 5 days, one failing for a day.
        database()
                .execute(
                        "INSERT INTO webhook_endpoint_health (endpoint_id, generation, failing_since, disabled_reason,"
                                + " disabled_at) VALUES (?, 0, now() - interval '5 days', 'failing_for_5_days', now())",
                        endpoint);
        database()
                .execute(
                        "INSERT INTO webhook_endpoint_health (endpoint_id, generation, failing_since)"
                                + " VALUES (?, 0, now() - interval '1 day')",
                        failing);

        var enabled = json(patch(key, "/v1/webhook_endpoints/" + endpoint, Map.of("disabled", false))
                .expectStatus()
                .isOk());
        patch(key, "/v1/webhook_endpoints/" + failing, Map.of("description", "still failing"))
                .expectStatus()
                .isOk();

        assertThat(enabled.get("webhookEndpoint").get("disabled").booleanValue())
                .isFalse();
        assertThat(enabled.get("webhookEndpoint").get("disabledReason").isNull())
                .isTrue();
        assertThat(database()
                        .count(
                                "SELECT count(*)" + WITH_HEALTH + " AND h.failing_since IS NULL"
                                        + " AND d.disabled_reason IS NULL AND NOT d.disabled",
                                endpoint))
                .isEqualTo(1);
        // Only re-enabling resets the clock: any other change of a failing endpoint keeps it running.
        assertThat(database().count("SELECT count(*)" + WITH_HEALTH + " AND h.failing_since IS NOT NULL", failing))
                .isEqualTo(1);
    }

    /** An endpoint as the sender delivers to it, with the health of its current generation (none after a re-enable). */
    private static final String WITH_HEALTH = " FROM delivery_endpoints d LEFT JOIN webhook_endpoint_health h"
            + " ON h.endpoint_id = d.id AND h.generation = d.generation WHERE d.id = ?";

    private List<ConsumerRecord<String, WebhookDelivery>> queued(Event event) {
        return TestKafka.keyedRecords(
                Topics.WEBHOOK_DELIVERIES, d -> d.getEventId().equals(event.id()));
    }

    private String createEndpoint(String key, List<String> events) {
        var body = events.isEmpty() ? Map.of("url", URL) : Map.of("url", URL, "enabledEvents", events);
        return json(post(key, "/v1/webhook_endpoints", body).expectStatus().isCreated())
                .get("webhookEndpoint")
                .get("id")
                .stringValue();
    }

    private static String page(boolean hasMore, Event... events) {
        var payloads = new ArrayList<String>();
        for (var event : events) {
            payloads.add(event.payload());
        }
        return "{\"events\":[" + String.join(",", payloads) + "],\"hasMore\":" + hasMore + "}";
    }

    private static List<String> ids(JsonNode page) {
        var ids = new ArrayList<String>();
        page.get("deliveries").forEach(d -> ids.add(d.get("id").stringValue()));
        return ids;
    }

    private static JsonNode json(ResponseSpec response) {
        return response.expectBody(JsonNode.class).returnResult().getResponseBody();
    }

    private String text(String key, String path) {
        return get(key, path)
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
    }

    private static void missing(ResponseSpec response) {
        response.expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("resource_missing")
                .jsonPath("$.error")
                .isNotEmpty();
    }

    private ResponseSpec get(String key, String path) {
        return http.get().uri(path).header("x-service-api-key", key).exchange();
    }

    private ResponseSpec post(String key, String path, @Nullable Object body) {
        var request = http.post().uri(path).header("x-service-api-key", key);
        return body == null
                ? request.exchange()
                : request.contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(body)
                        .exchange();
    }

    private ResponseSpec patch(String key, String path, Object body) {
        return http.method(HttpMethod.PATCH)
                .uri(path)
                .header("x-service-api-key", key)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }
}
