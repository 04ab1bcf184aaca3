package io.abk.billing.chain;

import static io.abk.billing.chain.ChainRequests.INVOICE;
import static io.abk.billing.chain.ChainRequests.SUB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app against a real broker with the production settings (exactly-once): what the topology test cannot show,
 * namely waiting for topics that do not exist yet, results committed where billing-streams reads them (as a
 * read_committed consumer), the consumer group the gateway's health watches, and answers that survive a restart.
 */
class ChainIndexerAppIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final int PARTITIONS = 2;

    @TempDir
    Path dir;

    @Test
    void shouldAnswerEachRequestOnceOnTheSubscriptionCommandsWhenStartedBeforeItsTopicsExist() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"))) {
            var config = ChainIndexerConfig.defaults(broker.bootstrapServers(), dir.resolve("chain-indexer"));
            List<SubscriptionCommand> firstRun;
            try (var app = ChainIndexerApp.start(config)) {
                // Given no topics yet: the app waits for them instead of failing.
                await().atMost(PATIENCE).until(() -> app.missingTopics().contains(Topics.CHAIN_REQUESTS.name()));
                assertThat(app.state()).isEqualTo(KafkaStreams.State.CREATED);
                createTopics(broker);
                await().atMost(PATIENCE).until(app::isRunning);

                // When billing-streams asks for a charge, a refund, and the same charge again
                try (var producer = producer(broker); var results = results(broker)) {
                    send(producer, ChainRequests.charge(1, Mode.TEST, null, null));
                    send(producer, ChainRequests.refund(1, Mode.TEST, 1_000_000));
                    send(producer, ChainRequests.charge(1, Mode.TEST, "insufficient_balance", null));

                    // Then three committed answers keyed by the subscription, the repeat identical to the first
                    var seen = new ArrayList<ConsumerRecord<String, SubscriptionCommand>>();
                    await().atMost(PATIENCE).until(() -> poll(results, seen).size() >= 3);
                    assertThat(seen).extracting(ConsumerRecord::key).containsOnly(SUB);
                    firstRun = seen.stream().map(ConsumerRecord::value).toList();
                    assertThat(firstRun).extracting(SubscriptionCommand::getCommandId).containsExactly(
                            ChainRequests.resultCommandId(INVOICE + ":1"),
                            ChainRequests.resultCommandId(INVOICE + ":refund:1"),
                            ChainRequests.resultCommandId(INVOICE + ":1"));
                    assertThat(firstRun.get(2)).isEqualTo(firstRun.get(0));
                    assertThat(((SettleCharge) firstRun.get(0).getPayload()).getSucceeded()).isTrue();
                    assertThat(((SettleRefund) firstRun.get(1).getPayload()).getAmountMicros()).isEqualTo(1_000_000);
                }
                // The gateway's settlement health checks this group by name.
                try (var admin = broker.admin()) {
                    var group = admin.describeConsumerGroups(List.of("chain-indexer")).describedGroups()
                            .get("chain-indexer").get(30, TimeUnit.SECONDS);
                    assertThat(group.groupState()).isEqualTo(GroupState.STABLE);
                    assertThat(group.members()).isNotEmpty();
                }
            }

            try (var app = ChainIndexerApp.start(config); var producer = producer(broker); var results = results(broker)) {
                // The first instance left the group on close, so this one is assigned without a session timeout.
                await().atMost(Duration.ofSeconds(20)).until(app::isRunning);
                // After a restart on the same state, the settled attempt is still answered from the store.
                send(producer, ChainRequests.charge(1, Mode.TEST, "allowance_revoked", null));

                var seen = new ArrayList<ConsumerRecord<String, SubscriptionCommand>>();
                await().atMost(PATIENCE).until(() -> poll(results, seen).size() >= 4);
                assertThat(seen.get(3).value()).isEqualTo(firstRun.get(0));
            }
        }
    }

    private static void createTopics(TestBroker broker) throws Exception {
        broker.createTopics(Topics.all().stream()
                .map(topic -> new NewTopic(topic.name(), PARTITIONS, (short) 1).configs(topic.configs()))
                .toList());
    }

    private static KafkaProducer<String, ChainRequest> producer(TestBroker broker) {
        return new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 20_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                ProducerConfig.LINGER_MS_CONFIG, 0),
                Topics.CHAIN_REQUESTS.keySerde().serializer(), Topics.CHAIN_REQUESTS.valueSerde().serializer());
    }

    /** Keyed by invoice id, as billing-streams writes them. */
    private static void send(KafkaProducer<String, ChainRequest> producer, ChainRequest request) throws Exception {
        producer.send(new ProducerRecord<>(Topics.CHAIN_REQUESTS.name(), request.getInvoiceId(), request))
                .get(30, TimeUnit.SECONDS);
    }

    private static KafkaConsumer<String, SubscriptionCommand> results(TestBroker broker) {
        var topic = Topics.SUBSCRIPTION_COMMANDS;
        var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                topic.keySerde().deserializer(), topic.valueSerde().deserializer());
        var partitions = new ArrayList<TopicPartition>();
        for (int partition = 0; partition < PARTITIONS; partition++) {
            partitions.add(new TopicPartition(topic.name(), partition));
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return consumer;
    }

    private static List<ConsumerRecord<String, SubscriptionCommand>> poll(
            KafkaConsumer<String, SubscriptionCommand> consumer, List<ConsumerRecord<String, SubscriptionCommand>> into) {
        consumer.poll(Duration.ofMillis(200)).forEach(into::add);
        return into;
    }
}
