package io.abk.billing.webhooks.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.testkit.Fixtures;
import io.abk.billing.webhooks.testkit.Receiver;
import io.abk.billing.webhooks.testkit.SenderInfra;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/** Fan-out reaches exactly the enabled, non-deleted endpoints of the event's merchant and mode that want its type. */
class FanOutIT {

    private final SenderInfra.Sender sender = SenderInfra.sender();

    @Test
    void shouldDeliverOnlyToSubscribedEndpointsOfTheEventsMerchantAndModeWhenEventsAreProduced() {
        var jdbc = sender.jdbc();
        var merchant = Fixtures.merchant(jdbc);
        var other = Fixtures.merchant(jdbc);
        try (var all = Receiver.ok();
                var paidOnly = Receiver.ok();
                var disabled = Receiver.ok();
                var deleted = Receiver.ok();
                var live = Receiver.ok();
                var otherMerchant = Receiver.ok()) {
            Fixtures.endpoint(jdbc, merchant, Mode.TEST, all.url());
            Fixtures.endpoint(jdbc, merchant, Mode.TEST, paidOnly.url(), "invoice.paid", "invoice.voided");
            var disabledId = Fixtures.endpoint(jdbc, merchant, Mode.TEST, disabled.url());
            jdbc.update(
                    "UPDATE webhook_endpoints SET disabled = true, disabled_reason = 'gone' WHERE id = ?", disabledId);
            var deletedId = Fixtures.endpoint(jdbc, merchant, Mode.TEST, deleted.url());
            jdbc.update("UPDATE webhook_endpoints SET deleted_at = now() WHERE id = ?", deletedId);
            // Live endpoints must be https to a public address, so this loopback one is refused at each attempt: the
            // delivery log shows which events reached it.
            var liveId = Fixtures.endpoint(jdbc, merchant, Mode.LIVE, live.url());
            Fixtures.endpoint(jdbc, other, Mode.TEST, otherMerchant.url());
            var created = Fixtures.event(merchant, Mode.TEST, "subscription.created");
            var paid = Fixtures.event(merchant, Mode.TEST, "invoice.paid");
            var livePayment = Fixtures.event(merchant, Mode.LIVE, "payment.created");
            var otherCreated = Fixtures.event(other, Mode.TEST, "subscription.created");

            Fixtures.produce(sender.bootstrapServers(), List.of(created, paid, livePayment, otherCreated));

            await().atMost(Duration.ofSeconds(60))
                    .until(() -> all.deliveredCount() == 2
                            && paidOnly.deliveredCount() == 1
                            && otherMerchant.deliveredCount() == 1
                            && !attemptedEvents(liveId).isEmpty());
            assertThat(all.deliveredIds()).isEqualTo(ids(created, paid));
            assertThat(paidOnly.deliveredIds()).isEqualTo(ids(paid));
            assertThat(attemptedEvents(liveId)).isEqualTo(ids(livePayment));
            assertThat(live.requestCount())
                    .as("the guard refuses loopback for live endpoints")
                    .isZero();
            assertThat(otherMerchant.deliveredIds()).isEqualTo(ids(otherCreated));
            assertThat(disabled.requestCount()).isZero();
            assertThat(deleted.requestCount()).isZero();
            assertThat(jdbc.queryForObject(
                            "SELECT count(*) FROM webhook_delivery_attempts WHERE endpoint_id IN (?, ?)",
                            Integer.class,
                            disabledId,
                            deletedId))
                    .as("no delivery was even queued for them")
                    .isZero();
        }
    }

    @Test
    void shouldRecordTheEventWithTheExactPayloadDeliveredWhenItIsFannedOut() {
        var jdbc = sender.jdbc();
        var merchant = Fixtures.merchant(jdbc);
        try (var receiver = Receiver.ok()) {
            Fixtures.endpoint(jdbc, merchant, Mode.TEST, receiver.url());
            var event = Fixtures.event(merchant, Mode.TEST, "subscription.created");
            var unsubscribed = Fixtures.event(merchant, Mode.LIVE, "subscription.created");

            Fixtures.produce(sender.bootstrapServers(), List.of(event, unsubscribed));

            await().atMost(Duration.ofSeconds(60)).until(() -> receiver.deliveredCount() == 1);
            var stored = jdbc.queryForMap(
                    "SELECT merchant_id, mode, type, aggregate_id, payload::text AS payload FROM events WHERE id = ?",
                    event.getEventId().toString());
            assertThat(stored.get("payload"))
                    .isEqualTo(receiver.received().get(0).body());
            assertThat(stored)
                    .containsEntry("merchant_id", merchant)
                    .containsEntry("mode", "test")
                    .containsEntry("type", "subscription.created")
                    .containsEntry("aggregate_id", event.getAggregateId().toString());
            assertThat((String) stored.get("payload"))
                    .startsWith("{\"id\":\"" + event.getEventId() + "\",\"type\":\"subscription.created\"")
                    .contains("\"amountUsdc\":9.99");
            await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(jdbc.queryForObject(
                                    "SELECT count(*) FROM events WHERE id = ?",
                                    Integer.class,
                                    unsubscribed.getEventId().toString()))
                            .as("an event no endpoint wants is still logged")
                            .isOne());
        }
    }

    /** Guards a real bug: fan-out read billing.events read_uncommitted and sent events whose transaction aborted. */
    @Test
    void shouldNeverDeliverOrLogAnEventWhoseTransactionAbortedWhenEventsAreProducedInTransactions() throws Exception {
        var jdbc = sender.jdbc();
        var merchant = Fixtures.merchant(jdbc);
        try (var receiver = Receiver.ok()) {
            Fixtures.endpoint(jdbc, merchant, Mode.TEST, receiver.url());
            var aborted = Fixtures.event(merchant, Mode.TEST, "invoice.paid");
            var committed = Fixtures.event(merchant, Mode.TEST, "invoice.voided");
            var config = new HashMap<String, Object>();
            config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, sender.bootstrapServers());
            config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "fan-out-it-" + merchant);
            var topic = Topics.EVENTS;
            try (var producer = new KafkaProducer<>(
                    config, topic.keySerde().serializer(), topic.valueSerde().serializer())) {
                producer.initTransactions();
                // as a billing-streams task whose transaction aborts (it failed over), then one that commits
                producer.beginTransaction();
                producer.send(new ProducerRecord<>(
                                topic.name(Deployment.DEFAULT),
                                aborted.getAggregateId().toString(),
                                aborted))
                        .get();
                producer.flush();
                producer.abortTransaction();
                producer.beginTransaction();
                producer.send(new ProducerRecord<>(
                                topic.name(Deployment.DEFAULT),
                                committed.getAggregateId().toString(),
                                committed))
                        .get();
                producer.commitTransaction();
            }

            await().atMost(Duration.ofSeconds(60)).until(() -> receiver.deliveredCount() >= 1);
            assertThat(receiver.deliveredIds()).isEqualTo(ids(committed));
            assertThat(jdbc.queryForObject(
                            "SELECT count(*) FROM events WHERE id = ?",
                            Integer.class,
                            aborted.getEventId().toString()))
                    .as("the aborted event is not in the event log")
                    .isZero();
        }
    }

    private Set<String> attemptedEvents(String endpointId) {
        return Set.copyOf(sender.jdbc()
                .queryForList(
                        "SELECT DISTINCT event_id FROM webhook_delivery_attempts WHERE endpoint_id = ?",
                        String.class,
                        endpointId));
    }

    private static Set<String> ids(BillingEvent... events) {
        return Stream.of(events)
                .map(event -> event.getEventId().toString())
                .collect(java.util.stream.Collectors.toSet());
    }
}
