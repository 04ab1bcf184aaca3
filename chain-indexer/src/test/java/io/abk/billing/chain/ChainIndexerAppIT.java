package io.abk.billing.chain;

import static io.abk.billing.chain.ChainRequests.INVOICE;
import static io.abk.billing.chain.ChainRequests.PAYMENT;
import static io.abk.billing.chain.ChainRequests.SUB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettlePayment;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app against a real broker with the production settings (exactly-once): what the topology test cannot show,
 * namely waiting for topics that do not exist yet, results committed where billing-streams reads them (as a
 * read_committed consumer), the consumer group the gateway's health watches, answers that survive a restart, and
 * tx hash claims that hold across partitions through the repartition topic Kafka Streams creates.
 */
class ChainIndexerAppIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int PARTITIONS = 2;
    /** On the other partition of two than {@link ChainRequests#PAYMENT} (the test checks it). */
    private static final String OTHER_PAYMENT_ELSEWHERE = "pay_01jvqz0000000000000000000d";

    private static final String CLAIMED_HASH = "0x" + "9a".repeat(32);
    private static final String TX_CLAIMS_REPARTITION = "chain-indexer-tx-claims-repartition";

    @TempDir
    Path dir;

    @Test
    void shouldAnswerEachRequestOnceOnTheSubscriptionCommandsWhenStartedBeforeItsTopicsExist() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"))) {
            var config = ChainIndexerSettings.defaults(broker.bootstrapServers(), dir.resolve("chain-indexer"));
            List<SubscriptionCommand> firstRun;
            try (var app = ChainIndexerApp.start(config)) {
                // Given no topics yet: the app waits for them instead of failing.
                await().atMost(PATIENCE)
                        .until(() -> app.missingTopics().contains(Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT)));
                assertThat(app.state()).isEqualTo(KafkaStreams.State.CREATED);
                createTopics(broker);
                await().atMost(PATIENCE).until(app::isRunning);

                // When billing-streams asks for a charge, a refund, and the same charge again
                try (var producer = producer(broker);
                        var results = results(broker)) {
                    send(producer, ChainRequests.charge(1, Mode.TEST, null, null));
                    send(producer, ChainRequests.refund(1, Mode.TEST, 1_000_000));
                    send(producer, ChainRequests.charge(1, Mode.TEST, "insufficient_balance", null));

                    // Then three committed answers keyed by the subscription, the repeat identical to the first
                    var seen = new ArrayList<ConsumerRecord<String, SubscriptionCommand>>();
                    await().atMost(PATIENCE).until(() -> poll(results, seen).size() >= 3);
                    assertThat(seen).extracting(ConsumerRecord::key).containsOnly(SUB);
                    firstRun = seen.stream().map(ConsumerRecord::value).toList();
                    assertThat(firstRun)
                            .extracting(SubscriptionCommand::getCommandId)
                            .containsExactly(
                                    ChainRequests.resultCommandId(INVOICE + ":1"),
                                    ChainRequests.resultCommandId(INVOICE + ":refund:1"),
                                    ChainRequests.resultCommandId(INVOICE + ":1"));
                    assertThat(firstRun.get(2)).isEqualTo(firstRun.get(0));
                    assertThat(((SettleCharge) firstRun.get(0).getPayload()).getSucceeded())
                            .isTrue();
                    assertThat(((SettleRefund) firstRun.get(1).getPayload()).getAmountMicros())
                            .isEqualTo(1_000_000);
                }
                verifyOnePaymentPerHashAcrossPartitions(broker);
                // The gateway's settlement health checks this group by name.
                try (var admin = broker.admin()) {
                    var group = admin.describeConsumerGroups(List.of("chain-indexer"))
                            .describedGroups()
                            .get("chain-indexer")
                            .get(30, TimeUnit.SECONDS);
                    assertThat(group.groupState()).isEqualTo(GroupState.STABLE);
                    assertThat(group.members()).isNotEmpty();
                }
            }

            try (var app = ChainIndexerApp.start(config);
                    var producer = producer(broker);
                    var results = results(broker)) {
                // The first instance left the group on close, so this one is assigned without a session timeout.
                await().atMost(Duration.ofSeconds(20)).until(app::isRunning);
                // After a restart on the same state, the settled attempt is still answered from the store.
                send(producer, ChainRequests.charge(1, Mode.TEST, "allowance_revoked", null));

                var seen = new ArrayList<ConsumerRecord<String, SubscriptionCommand>>();
                await().atMost(PATIENCE).until(() -> poll(results, seen).size() >= 4);
                assertThat(seen.get(3).value()).isEqualTo(firstRun.get(0));

                // The claims survived too: the other payment is still refused the hash the first one keeps.
                try (var payments = paymentResults(broker)) {
                    send(
                            producer,
                            OTHER_PAYMENT_ELSEWHERE,
                            ChainRequests.verify(OTHER_PAYMENT_ELSEWHERE, 2, Mode.TEST, CLAIMED_HASH));
                    send(producer, PAYMENT, ChainRequests.verify(PAYMENT, 2, Mode.TEST, CLAIMED_HASH));
                    var answers = new ArrayList<ConsumerRecord<String, PaymentCommand>>();
                    await().atMost(PATIENCE).until(() -> poll(payments, answers).size() >= 4);
                    // Partitions are read in no particular order between them: pick the answers by request id.
                    assertThat(answers)
                            .extracting(answer -> (SettlePayment) answer.value().getPayload())
                            .filteredOn(settle -> settle.getRequestId().endsWith(":verify:2"))
                            .extracting(SettlePayment::getRequestId, SettlePayment::getSucceeded)
                            .containsExactlyInAnyOrder(
                                    tuple(OTHER_PAYMENT_ELSEWHERE + ":verify:2", false),
                                    tuple(PAYMENT + ":verify:2", true));
                }
            }
        }
    }

    /**
     * Two payments on different partitions confirm with the same hash: the first is paid, the second refused,
     * because the claims of one hash meet in one task behind the repartition topic Kafka Streams created.
     */
    private static void verifyOnePaymentPerHashAcrossPartitions(TestBroker broker) throws Exception {
        try (var producer = producer(broker);
                var results = paymentResults(broker)) {
            var first = send(producer, PAYMENT, ChainRequests.verify(PAYMENT, 1, Mode.TEST, CLAIMED_HASH));
            var seen = new ArrayList<ConsumerRecord<String, PaymentCommand>>();
            await().atMost(PATIENCE).until(() -> poll(results, seen).size() >= 1);
            var second = send(
                    producer,
                    OTHER_PAYMENT_ELSEWHERE,
                    ChainRequests.verify(OTHER_PAYMENT_ELSEWHERE, 1, Mode.TEST, CLAIMED_HASH));
            await().atMost(PATIENCE).until(() -> poll(results, seen).size() >= 2);

            assertThat(second.partition()).isNotEqualTo(first.partition());
            assertThat(seen).extracting(ConsumerRecord::key).containsExactly(PAYMENT, OTHER_PAYMENT_ELSEWHERE);
            assertThat(seen.get(0).value().getCommandId())
                    .isEqualTo(ChainRequests.resultCommandId(PAYMENT + ":verify:1"));
            var paid = (SettlePayment) seen.get(0).value().getPayload();
            assertThat(paid.getSucceeded()).isTrue();
            assertThat(paid.getTxHash()).isEqualTo(CLAIMED_HASH);
            var refused = (SettlePayment) seen.get(1).value().getPayload();
            assertThat(refused.getSucceeded()).isFalse();
            assertThat(refused.getFailureCode()).isEqualTo("PAYMENT_TX_ALREADY_USED");
        }
        try (var admin = broker.admin()) {
            var repartition = admin.describeTopics(List.of(TX_CLAIMS_REPARTITION))
                    .allTopicNames()
                    .get(30, TimeUnit.SECONDS)
                    .get(TX_CLAIMS_REPARTITION);
            assertThat(repartition.partitions()).hasSize(PARTITIONS);
        }
    }

    private static void createTopics(TestBroker broker) throws Exception {
        broker.createTopics(Topics.all().stream()
                .map(topic ->
                        new NewTopic(topic.name(Deployment.DEFAULT), PARTITIONS, (short) 1).configs(topic.configs()))
                .toList());
    }

    private static KafkaProducer<String, ChainRequest> producer(TestBroker broker) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                        ProducerConfig.LINGER_MS_CONFIG, 0),
                Topics.CHAIN_REQUESTS.keySerde().serializer(),
                Topics.CHAIN_REQUESTS.valueSerde().serializer());
    }

    /** Keyed by invoice id, as billing-streams writes charges and refunds. */
    private static void send(KafkaProducer<String, ChainRequest> producer, ChainRequest request) throws Exception {
        send(producer, request.getInvoiceId(), request);
    }

    private static RecordMetadata send(KafkaProducer<String, ChainRequest> producer, String key, ChainRequest request)
            throws Exception {
        return producer.send(new ProducerRecord<>(Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), key, request))
                .get(30, TimeUnit.SECONDS);
    }

    private static KafkaConsumer<String, SubscriptionCommand> results(TestBroker broker) {
        return committed(broker, Topics.SUBSCRIPTION_COMMANDS);
    }

    private static KafkaConsumer<String, PaymentCommand> paymentResults(TestBroker broker) {
        return committed(broker, Topics.PAYMENT_COMMANDS);
    }

    /** Reads every partition of {@code topic} from the beginning, as billing-streams does: committed records only. */
    private static <V> KafkaConsumer<String, V> committed(TestBroker broker, Topic<String, V> topic) {
        return ReadCommitted.fromStart(
                broker,
                topic.name(Deployment.DEFAULT),
                PARTITIONS,
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    private static <V> List<ConsumerRecord<String, V>> poll(
            KafkaConsumer<String, V> consumer, List<ConsumerRecord<String, V>> into) {
        consumer.poll(Duration.ofMillis(200)).forEach(into::add);
        return into;
    }
}
