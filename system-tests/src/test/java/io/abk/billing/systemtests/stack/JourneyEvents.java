package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.render.ApiJson;
import io.abk.billing.schemas.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The events a journey expects on {@code billing.events} for one subscription, written down step by step next to
 * what the API answered at that step, and the check of the topic against them: the same types in the same order,
 * and each event's snapshots equal to the API's objects (the snapshots rendered the way the API renders them);
 * {@code invoice.finalized} aside.
 */
final class JourneyEvents {

    /**
     * One expected event.
     *
     * @param subscription the API object its subscription snapshot must equal
     * @param invoice the API object its invoice snapshot must equal; null: the event carries no invoice
     */
    record Expected(
            String type, JsonNode subscription, @Nullable JsonNode invoice) {}

    /** As the gateway writes snapshots: plain decimals, so a rendered snapshot parses to the same nodes as the API's. */
    private static final JsonMapper API_JSON = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    /**
     * Each invoice's {@code invoice.finalized} (its number) follows it by milliseconds, answered by the invoice
     * numbering at its own pace, so a journey's steps do not order it: it is left out of the comparison.
     */
    private static final String FINALIZED = "invoice.finalized";

    private final List<Expected> expected = new ArrayList<>();

    /** A {@code subscription.*} event, which carries the subscription only. */
    void expect(String type, JsonNode subscription) {
        expected.add(new Expected(type, subscription, null));
    }

    /** An {@code invoice.*} event, which carries the invoice and its subscription. */
    void expect(String type, JsonNode subscription, JsonNode invoice) {
        expected.add(new Expected(type, subscription, invoice));
    }

    /**
     * Waits until the subscription has as many events as expected, then checks them all against the expectations
     * and returns them (in topic order: one key, one partition).
     */
    List<BillingEvent> assertPublished(Api api, String subscriptionId) {
        var events = api.topics()
                .awaitValues(
                        Topics.EVENTS,
                        (BillingEvent e) -> e.getAggregateId().equals(subscriptionId)
                                && !e.getType().equals(FINALIZED),
                        expected.size());
        assertThat(events)
                .extracting(BillingEvent::getType)
                .containsExactlyElementsOf(expected.stream().map(Expected::type).toList());
        for (int i = 0; i < events.size(); i++) {
            var event = events.get(i);
            var want = expected.get(i);
            assertThat(subscription(event))
                    .as("subscription of event %d (%s)", i, event.getType())
                    .isEqualTo(want.subscription());
            if (want.invoice() == null) {
                assertThat(event.getData().getInvoice())
                        .as("invoice of event %d (%s)", i, event.getType())
                        .isNull();
            } else {
                assertThat(withoutNumber(invoice(event)))
                        .as("invoice of event %d (%s)", i, event.getType())
                        .isEqualTo(withoutNumber(want.invoice()));
            }
        }
        return events;
    }

    /**
     * Every time the platform records is its command's {@code requestedAt}, which each event carries as
     * {@code createdAt} (a settlement result carries its request's): paid, refunded, voided, paused, resumed (the
     * new period's start) and canceled at it, and a failed attempt n retried exactly {@code retryDelays[n-1]} later.
     */
    static void assertTimesAreTheCommandsTimes(List<BillingEvent> published, List<Duration> retryDelays) {
        for (var event : published) {
            var at = event.getCreatedAt();
            var what = event.getType() + " " + event.getEventId();
            switch (event.getType()) {
                case "invoice.paid" ->
                    assertThat(instant(invoice(event), "paidAt")).as(what).isEqualTo(at);
                case "invoice.refunded" ->
                    assertThat(instant(invoice(event), "refundedAt")).as(what).isEqualTo(at);
                case "invoice.voided" ->
                    assertThat(instant(invoice(event), "voidedAt")).as(what).isEqualTo(at);
                case "invoice.payment_failed" -> {
                    var attempt = event.getData().getInvoice().getAttemptCount();
                    var next = invoice(event).path("nextAttemptAt");
                    if (attempt <= retryDelays.size()) {
                        assertThat(Instant.parse(next.asString()))
                                .as(what)
                                .isEqualTo(at.plus(retryDelays.get(attempt - 1)));
                    } else {
                        assertThat(next.isNull())
                                .as("%s: no retry after the last attempt", what)
                                .isTrue();
                    }
                }
                case "subscription.paused" ->
                    assertThat(instant(subscription(event), "pausedAt"))
                            .as(what)
                            .isEqualTo(at);
                case "subscription.resumed" ->
                    assertThat(instant(subscription(event), "currentPeriodStart"))
                            .as(what)
                            .isEqualTo(at);
                case "subscription.canceled" ->
                    assertThat(instant(subscription(event), "canceledAt"))
                            .as(what)
                            .isEqualTo(at);
                default -> {
                    // created, activated, updated, past_due: no time of their own
                }
            }
        }
    }

    private static Instant instant(JsonNode object, String field) {
        return Instant.parse(object.path(field).asString());
    }

    /** The event's subscription snapshot as the API renders it. */
    static JsonNode subscription(BillingEvent event) {
        return Json.parse(
                API_JSON.writeValueAsString(ApiJson.subscription(event.getData().getSubscription())));
    }

    /** The event's invoice snapshot as the API renders it. */
    /**
     * The invoice without what its finalization adds (number, finalizedAt, hostedInvoiceUrl): the numbering answers at
     * its own pace, so an event may be written before or after it whatever the journey's step.
     */
    private static JsonNode withoutNumber(JsonNode invoice) {
        var copy = (ObjectNode) invoice.deepCopy();
        copy.remove(List.of("number", "finalizedAt", "hostedInvoiceUrl"));
        return copy;
    }

    static JsonNode invoice(BillingEvent event) {
        var invoice = event.getData().getInvoice();
        assertThat(invoice).as("invoice of %s", event.getType()).isNotNull();
        return Json.parse(API_JSON.writeValueAsString(ApiJson.invoice(invoice)));
    }

    /**
     * A copy of an API object with some fields replaced: pairs of field name and value (a string, a boolean, or
     * null for JSON null). For the states the API never answers with, such as the one between a command and its
     * settlement.
     */
    static JsonNode with(JsonNode object, @Nullable Object... namesAndValues) {
        var copy = (ObjectNode) object.deepCopy();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            var name = (String) namesAndValues[i];
            assertThat(copy.has(name)).as("%s is a field of %s", name, object).isTrue();
            copy.set(name, Json.parse(Json.write(namesAndValues[i + 1])));
        }
        return copy;
    }

    /** The issue-3 contract's sandbox tx hash of a settlement request: {@code 0x} + hex SHA-256 of {@code sandbox:<requestId>}. */
    static String sandboxTxHash(String requestId) {
        try {
            var digest = MessageDigest.getInstance("SHA-256")
                    .digest(("sandbox:" + requestId).getBytes(StandardCharsets.UTF_8));
            return "0x" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
