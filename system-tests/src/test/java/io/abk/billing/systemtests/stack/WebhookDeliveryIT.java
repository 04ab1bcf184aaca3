package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.webhookverify.WebhookVerifier;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * Webhooks through the whole stack: a test-mode endpoint on a receiver of this machine gets the events of
 * the merchant's API calls, signed with its secret; the event log and the delivery log show them; a redelivery
 * sends the same event (same id, same body) again. Nothing of another merchant or of live mode reaches it.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class WebhookDeliveryIT {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private static Api api;
    private static TestMerchant merchant;
    private static Receiver receiver;
    private static String endpointId;
    private static String secret;

    @BeforeAll
    static void setUp(Api shared) {
        api = shared;
        merchant = api.newMerchant("webhook-delivery");
        receiver = Receiver.start();
        var created = api.post("/v1/webhook_endpoints")
                .key(merchant.testKey())
                .json(Map.of(
                        "url",
                        receiver.url("/hooks"),
                        "enabledEvents",
                        java.util.List.of("subscription.created", "invoice.created")))
                .send()
                .expect(201)
                .json();
        endpointId = created.at("/webhookEndpoint/id").asString();
        secret = created.path("secret").asString();
    }

    @AfterAll
    static void tearDown() {
        receiver.close();
    }

    @Test
    void shouldDeliverTheEventsOfACreateSignedAndLogged() throws Exception {
        // when the merchant creates a subscription in test mode (and one in live mode, and another merchant one)
        var created = Subscriptions.create(api, merchant.testKey(), "hook-1");
        var subscriptionId = created.at("/subscription/id").asString();
        Subscriptions.create(api, merchant.liveKey(), "hook-live");
        var other = api.newMerchant("webhook-other");
        Subscriptions.create(api, other.testKey(), "hook-other");

        // then the event log lists subscription.created and invoice.created of that subscription
        var events = await().atMost(DEADLINE).until(() -> eventsOf(subscriptionId), list -> list.size() == 2);
        var types = events.stream().map(e -> e.path("type").asString()).toList();
        assertThat(types).containsExactlyInAnyOrder("subscription.created", "invoice.created");

        // and the receiver got each exactly as the event log holds it, signed with the endpoint's secret
        var verifier = WebhookVerifier.of(secret);
        for (var event : events) {
            var eventId = event.path("id").asString();
            var received = await().atMost(DEADLINE)
                    .until(() -> receiver.requestsFor(eventId), list -> !list.isEmpty())
                    .getFirst();
            verifier.verify(received.body(), received.header("x-service-signature"));
            verifier.verifyStandard(
                    received.body(),
                    received.header("webhook-id"),
                    received.header("webhook-timestamp"),
                    received.header("webhook-signature"));
            assertThat(Json.parse(received.text())).isEqualTo(event);
            var stored = api.get("/v1/events/" + eventId)
                    .key(merchant.testKey())
                    .send()
                    .expect(200)
                    .json()
                    .path("event");
            assertThat(stored).isEqualTo(event);
        }
        var subscriptionCreated = events.stream()
                .filter(e -> e.path("type").asString().equals("subscription.created"))
                .findFirst()
                .orElseThrow();
        assertThat(subscriptionCreated.at("/data/subscription")).isEqualTo(created.path("subscription"));
        assertThat(subscriptionCreated.path("mode").asString()).isEqualTo("test");

        // and the delivery log shows one succeeded attempt per event
        var deliveries = await().atMost(DEADLINE).until(() -> attemptsOf(events), list -> list.size() == 2);
        assertThat(deliveries).allSatisfy(attempt -> {
            assertThat(attempt.path("outcome").asString()).isEqualTo("succeeded");
            assertThat(attempt.path("statusCode").asInt()).isEqualTo(200);
            assertThat(attempt.path("attempt").asInt()).isEqualTo(1);
        });

        // and nothing of live mode or of the other merchant reached this endpoint
        assertThat(receiver.requests())
                .allSatisfy(request -> assertThat(
                                Json.parse(request.text()).path("mode").asString())
                        .isEqualTo("test"));
        assertThat(api.get("/v1/events?limit=100")
                        .key(merchant.liveKey())
                        .send()
                        .expect(200)
                        .json()
                        .path("events")
                        .valueStream()
                        .map(e -> e.path("mode").asString()))
                .containsOnly("live");
    }

    @Test
    void shouldRedeliverAnEventWithTheSameIdAndBody() {
        // given an event already delivered
        var created = Subscriptions.create(api, merchant.testKey(), "hook-2");
        var subscriptionId = created.at("/subscription/id").asString();
        var event = await().atMost(DEADLINE)
                .until(() -> eventsOf(subscriptionId), list -> list.size() == 2)
                .getFirst();
        var eventId = event.path("id").asString();
        var first = await().atMost(DEADLINE)
                .until(() -> receiver.requestsFor(eventId), list -> list.size() == 1)
                .getFirst();

        // when the merchant asks for a redelivery
        var queued = api.post("/v1/events/" + eventId + "/redeliver")
                .key(merchant.testKey())
                .json(Map.of())
                .send()
                .expect(202)
                .json();
        assertThat(queued.path("event")).isEqualTo(event);
        assertThat(queued.at("/deliveries/0/endpointId").asString()).isEqualTo(endpointId);

        // then the receiver gets the same event again: same id, same body
        var again = await().atMost(DEADLINE)
                .until(() -> receiver.requestsFor(eventId), list -> list.size() == 2)
                .get(1);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.header("webhook-id")).isEqualTo(eventId);
        await().atMost(DEADLINE)
                .until(() -> attemptsOf(java.util.List.of(event)).stream()
                        .anyMatch(a -> a.path("redelivery").asBoolean()
                                && a.path("outcome").asString().equals("succeeded")));
    }

    /** The events of the subscription in the merchant's test-mode event log. */
    private static java.util.List<JsonNode> eventsOf(String subscriptionId) {
        var page = api.get("/v1/events?limit=100")
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("events");
        return page.valueStream()
                .filter(e -> subscriptionId.equals(e.at("/data/subscription/id").asString("")))
                // the endpoint's types (the invoice's invoice.finalized follows, for nobody here)
                .filter(e -> Set.of("subscription.created", "invoice.created")
                        .contains(e.path("type").asString()))
                .toList();
    }

    /** The delivery attempts of the endpoint for these events. */
    private static java.util.List<JsonNode> attemptsOf(java.util.List<JsonNode> events) {
        var ids = events.stream().map(e -> e.path("id").asString()).toList();
        var page = api.get("/v1/webhook_endpoints/" + endpointId + "/deliveries?limit=100")
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("deliveries");
        return page.valueStream()
                .filter(a -> ids.contains(a.path("eventId").asString()))
                .toList();
    }
}
