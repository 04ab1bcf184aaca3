package io.abk.billing.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.payment.PaymentEnvelopes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A payment link's life against a real broker with the production settings: opens mint payments through the
 * payment topic (inside the link processor's exactly-once transaction, read back by the payment processor of
 * another sub-topology), maxUses holds, and a paid minted payment reports back to its link. The chain-indexer's
 * part is played here: it answers the verification request as it would.
 */
class PaymentFlowIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final Instant AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final String LINK = "plink_01jvqz000000000000000000it";

    @TempDir
    Path dir;

    @Test
    void shouldMintMaxUsesPaymentsAndCountTheConversionWhenALinkIsOpenedMoreOftenThanAllowed() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"))) {
            broker.createTopics(Topics.all().stream()
                    .map(topic -> new NewTopic(topic.name(Deployment.DEFAULT), 2, (short) 1).configs(topic.configs()))
                    .toList());
            var config = BillingStreamsSettings.defaults(broker.bootstrapServers(), dir.resolve("streams"));
            try (var app = BillingStreamsApp.start(config);
                    var links = producer(broker, Topics.PAYMENT_LINK_COMMANDS);
                    var payments = producer(broker, Topics.PAYMENT_COMMANDS);
                    var changes = consumer(broker, Topics.CHANGES);
                    var events = consumer(broker, Topics.EVENTS);
                    var requests = consumer(broker, Topics.CHAIN_REQUESTS)) {
                await().atMost(PATIENCE).until(app::isRunning);

                // Given a link with 3 uses, when it is opened 6 times
                send(
                        links,
                        Topics.PAYMENT_LINK_COMMANDS,
                        LINK,
                        PaymentEnvelopes.createLink("cmd_lc", LINK, AT, 3, null));
                for (int n = 1; n <= 6; n++) {
                    send(
                            links,
                            Topics.PAYMENT_LINK_COMMANDS,
                            LINK,
                            PaymentEnvelopes.open("cmd_open" + n, LINK, AT.plusSeconds(n), paymentId(n)));
                }

                // then 3 opens are accepted, 3 refused, and exactly 3 payments exist, each announced once.
                var seen = new ArrayList<Change>();
                await().atMost(PATIENCE).until(() -> poll(changes, seen).size() >= 1 + 6 + 3);
                var linkChanges = seen.stream()
                        .filter(c -> c.getAggregateType().equals("payment_link"))
                        .toList();
                assertThat(linkChanges)
                        .extracting(Change::getOutcome)
                        .containsExactly(
                                Outcome.ACCEPTED,
                                Outcome.ACCEPTED,
                                Outcome.ACCEPTED,
                                Outcome.ACCEPTED,
                                Outcome.REJECTED,
                                Outcome.REJECTED,
                                Outcome.REJECTED);
                var created = seen.stream()
                        .filter(c -> c.getAggregateType().equals("payment"))
                        .toList();
                assertThat(created)
                        .extracting(c -> ((PaymentSnapshot) c.getSnapshots().getFirst()).getMerchantRef())
                        .containsExactlyInAnyOrder("ticket_1", "ticket_2", "ticket_3");
                assertThat(created)
                        .extracting(Change::getCommandId)
                        .containsExactlyInAnyOrderElementsOf(linkChanges.subList(1, 4).stream()
                                .map(Change::getFollowUpCommandId)
                                .toList());
                var published = new ArrayList<BillingEvent>();
                await().atMost(PATIENCE).until(() -> poll(events, published).size() >= 3);
                assertThat(published).extracting(BillingEvent::getType).containsOnly("payment.created");

                // When the first payment is confirmed and the chain side verifies the transfer
                send(
                        payments,
                        Topics.PAYMENT_COMMANDS,
                        paymentId(1),
                        PaymentEnvelopes.confirm("cmd_conf", paymentId(1), AT.plusSeconds(60), null));
                var asked = new ArrayList<ChainRequest>();
                await().atMost(PATIENCE).until(() -> poll(requests, asked).size() >= 1);
                assertThat(asked.getFirst().getRequestId()).isEqualTo(paymentId(1) + ":verify:1");
                send(payments, Topics.PAYMENT_COMMANDS, paymentId(1), PaymentEnvelopes.settled(asked.getFirst(), true));

                // then it is paid once and its link counts the conversion.
                await().atMost(PATIENCE)
                        .until(() -> poll(changes, seen).stream()
                                .anyMatch(c -> c.getAggregateType().equals("payment_link")
                                        && c.getOutcome() == Outcome.ACCEPTED
                                        && ((PaymentLinkSnapshot)
                                                                c.getSnapshots().getFirst())
                                                        .getPaidCount()
                                                == 1));
                await().atMost(PATIENCE)
                        .until(() -> poll(events, published).stream()
                                .anyMatch(e -> e.getType().equals("payment.paid")));
                assertThat(published)
                        .filteredOn(e -> e.getType().equals("payment.paid"))
                        .singleElement()
                        .satisfies(e ->
                                assertThat(e.getData().getPayment().getStatus()).isEqualTo("paid"));
            }
        }
    }

    private static String paymentId(int n) {
        return "pay_01jvqz00000000000000000i" + String.format("%02d", n);
    }

    private static <V> KafkaProducer<String, V> producer(TestBroker broker, Topic<String, V> topic) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                        ProducerConfig.LINGER_MS_CONFIG, 0),
                new StringSerializer(),
                topic.valueSerde().serializer());
    }

    private static <V> void send(KafkaProducer<String, V> producer, Topic<String, V> topic, String key, V value)
            throws Exception {
        producer.send(new ProducerRecord<>(topic.name(Deployment.DEFAULT), key, value))
                .get(30, TimeUnit.SECONDS);
    }

    private static <V> KafkaConsumer<String, V> consumer(TestBroker broker, Topic<String, V> topic) {
        return ReadCommitted.fromStart(
                broker,
                topic.name(Deployment.DEFAULT),
                2,
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    private static <V> List<V> poll(KafkaConsumer<String, V> consumer, List<V> into) {
        consumer.poll(Duration.ofMillis(200)).forEach(record -> into.add(record.value()));
        return into;
    }
}
