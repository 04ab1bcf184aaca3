package io.abk.billing.examples.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example reads billing.events from a real broker as the platform writes them: transactionally, Avro-encoded. */
class BillingEventsConsumerIT {

    private static final Instant AT = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    Path logDir;

    @Test
    void shouldReadCommittedEventsInOrderPerAggregateAndSkipAbortedOnes() throws Exception {
        try (var broker = TestBroker.start(logDir)) {
            broker.createTopics(List.of(new NewTopic(Topics.EVENTS.name(Deployment.DEFAULT), 3, (short) 1)));
            // given three events in one committed transaction and one in an aborted transaction
            try (var producer = transactionalProducer(broker)) {
                producer.initTransactions();
                producer.beginTransaction();
                producer.send(record(invoice("evt_1", "invoice.created", "inv_1", 9_990_000L)));
                producer.send(record(invoice("evt_2", "invoice.paid", "inv_1", 9_990_000L)));
                producer.send(record(payment("evt_3", "payment.paid", "pay_1", 19_990_000L)));
                producer.commitTransaction();
                producer.beginTransaction();
                producer.send(record(payment("evt_aborted", "payment.paid", "pay_2", 1_000_000L)));
                producer.flush();
                producer.abortTransaction();
            }

            // when the example consumes them
            var rows = new ArrayList<String>();
            try (var consumer =
                    new BillingEventsConsumer(broker.bootstrapServers(), Deployment.DEFAULT, "analytics-test")) {
                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    consumer.poll(Duration.ofMillis(200), event -> rows.add(BillingEventsConsumer.row(event)));
                    return rows.size() >= 3;
                });
                // then nothing else arrives: the aborted event is never read
                consumer.poll(Duration.ofSeconds(1), event -> rows.add(BillingEventsConsumer.row(event)));
            }

            assertThat(rows).hasSize(3);
            assertThat(rows.stream().filter(row -> row.contains("\tsub_1\t")).toList())
                    .containsExactly(
                            "2026-03-01T10:00:00Z\tmer_1\tTEST\tinvoice.created\tsub_1\t9.99\tevt_1",
                            "2026-03-01T10:00:00Z\tmer_1\tTEST\tinvoice.paid\tsub_1\t9.99\tevt_2");
            assertThat(rows).contains("2026-03-01T10:00:00Z\tmer_1\tTEST\tpayment.paid\tpay_1\t19.99\tevt_3");
        }
    }

    private static KafkaProducer<String, BillingEvent> transactionalProducer(TestBroker broker) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                        "billing-streams-like",
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        20_000,
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                        30_000),
                Topics.EVENTS.keySerde().serializer(),
                Topics.EVENTS.valueSerde().serializer());
    }

    private static ProducerRecord<String, BillingEvent> record(BillingEvent event) {
        return new ProducerRecord<>(Topics.EVENTS.name(Deployment.DEFAULT), event.getAggregateId(), event);
    }

    private static BillingEvent invoice(String eventId, String type, String invoiceId, long micros) {
        var invoice = InvoiceSnapshot.newBuilder()
                .setId(invoiceId)
                .setSubscriptionId("sub_1")
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setVersion(1)
                .setStatus("open")
                .setAmountMicros(micros)
                .setAmountRefundedMicros(0)
                .setBillingReason("subscription_create")
                .setPeriodStart(AT)
                .setPeriodEnd(AT.plus(Duration.ofDays(31)))
                .setDueAt(AT)
                .setAttemptCount(0)
                .setCreatedAt(AT)
                .build();
        return event(
                eventId,
                type,
                "sub_1",
                EventData.newBuilder().setInvoice(invoice).build());
    }

    private static BillingEvent payment(String eventId, String type, String paymentId, long micros) {
        var payment = PaymentSnapshot.newBuilder()
                .setId(paymentId)
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setVersion(2)
                .setStatus("paid")
                .setAmountMicros(micros)
                .setPayoutAddress("0x3333333333333333333333333333333333333333")
                .setMerchantRef("order-1")
                .setCheckoutUrl("https://billing.example/checkout/pay/" + paymentId)
                .setExpiresAt(AT.plus(Duration.ofDays(1)))
                .setCreatedAt(AT)
                .build();
        return event(
                eventId,
                type,
                paymentId,
                EventData.newBuilder().setPayment(payment).build());
    }

    private static BillingEvent event(String eventId, String type, String aggregateId, EventData data) {
        return BillingEvent.newBuilder()
                .setEventId(eventId)
                .setType(type)
                .setCreatedAt(AT)
                .setMerchantId("mer_1")
                .setMode(Mode.TEST)
                .setAggregateId(aggregateId)
                .setData(data)
                .build();
    }
}
