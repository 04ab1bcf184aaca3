package io.abk.billing.chain.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.NotExecuted;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.errors.DeadLetterRecords;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the relayer does when relaying a request throws, against the in-process broker: the chain being unreachable
 * is an answer ({@code CHAIN_UNAVAILABLE} for a verification), a bug in our own code is not. No chain is needed: the
 * relayer is given the RPC client each case calls for.
 */
class RelayerFailuresIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final String TX = "0x" + "ab".repeat(32);
    private static final String PAYOUT = "0x000000000000000000000000000000000000dEaD";

    @TempDir
    static Path dir;

    private static TestBroker broker;
    private static KafkaProducer<String, ChainRequest> requests;
    private final List<Relayer> relayers = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TestBroker.start(dir.resolve("kafka"));
        broker.createTopics(List.of(Topics.CHAIN_REQUESTS, Topics.CHAIN_RESULTS, Topics.CHAIN_DEAD_LETTERS).stream()
                .map(topic -> new NewTopic(topic.name(Deployment.DEFAULT), 1, (short) 1).configs(topic.configs()))
                .toList());
        requests = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
                Topics.CHAIN_REQUESTS.keySerde().serializer(),
                Topics.CHAIN_REQUESTS.valueSerde().serializer());
    }

    @AfterAll
    static void stopBroker() {
        requests.close();
        broker.close();
    }

    @AfterEach
    void stopRelayers() {
        relayers.forEach(Relayer::close);
    }

    @Test
    void shouldDeadLetterAndAnswerNothingWhenRelayingThrowsABugOfOurs() throws Exception {
        // Given a relayer whose own code throws, as decoding a block without a number would
        var bug = new NullPointerException("block.getNumber() is null");
        start(rpc(bug));
        var request = verify();

        // When it reads a verification
        send(request);

        // Then the request is dead-lettered with the bug, and no CHAIN_UNAVAILABLE reaches the customer
        var deadLetter = await().atMost(PATIENCE)
                .until(() -> deadLettersOf(request.getRequestId()), d -> !d.isEmpty())
                .getFirst();
        assertThat(header(deadLetter, DeadLetterRecords.EXCEPTION_HEADER))
                .isEqualTo(NullPointerException.class.getName());
        assertThat(header(deadLetter, DeadLetterRecords.TOPIC_HEADER))
                .isEqualTo(Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT));
        assertThat(header(deadLetter, DeadLetterRecords.NODE_HEADER)).isEqualTo("relayer-test");
        assertThat(resultsOf(request.getRequestId())).isEmpty();
    }

    @Test
    void shouldAnswerChainUnavailableWhenNoRpcUrlAnswers() throws Exception {
        // Given a relayer whose only RPC URL refuses connections, with a short retry budget
        start(new Web3jRelayerRpc("anvil", List.of("http://127.0.0.1:" + closedPort()), Duration.ofSeconds(1)));
        var request = verify();

        send(request);

        // Then the outage is the answer, and nothing is dead-lettered
        var result = await().atMost(PATIENCE)
                .until(() -> resultsOf(request.getRequestId()), r -> !r.isEmpty())
                .getFirst();
        assertThat(result.getOutcome()).isInstanceOfSatisfying(NotExecuted.class, refused -> {
            assertThat(refused.getFailureCode()).isEqualTo("CHAIN_UNAVAILABLE");
            assertThat(refused.getFailureMessage()).contains("anvil did not answer");
        });
        assertThat(deadLettersOf(request.getRequestId())).isEmpty();
    }

    private void start(RelayerRpc rpc) {
        var chain = new ChainSettings(
                Mode.TEST,
                "anvil",
                31337,
                List.of("http://127.0.0.1:8545"),
                1,
                "0x" + "11".repeat(20),
                6,
                null,
                null,
                ChainSettings.TEST_FEE_CAPS,
                null,
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                false,
                null,
                ChainSettings.DEFAULT_USDT_DECIMALS);
        var applicationId = "relayer-failures-it-" + UUID.randomUUID();
        var config = new ChainIndexerSettings(
                broker.bootstrapServers(),
                applicationId,
                dir.resolve(applicationId),
                Duration.ofMillis(30),
                chain,
                ChainSettings.unconfigured(Mode.LIVE),
                ChainIndexerSettings.DEFAULT_LEASE_SESSION_TIMEOUT,
                AutoSettlementSettings.DEFAULT_PENDING_VAULT_EVENT_RETENTION,
                KafkaClientSecurity.PLAINTEXT,
                Deployment.DEFAULT);
        relayers.add(Relayer.start(config, chain, rpc));
    }

    /** An RPC client whose every call throws {@code bug}. */
    private static RelayerRpc rpc(RuntimeException bug) {
        return (RelayerRpc) Proxy.newProxyInstance(
                RelayerRpc.class.getClassLoader(), new Class<?>[] {RelayerRpc.class}, (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        return null;
                    }
                    throw bug;
                });
    }

    private static ChainRequest verify() {
        var paymentId = "pay_" + UUID.randomUUID();
        var requestId = paymentId + ":verify:1";
        return ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId("cmd_" + requestId)
                .setSubscriptionId(null)
                .setInvoiceId(null)
                .setPaymentId(paymentId)
                .setMerchantId("mer_failures_it")
                .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                .setRequestedAt(java.time.Instant.EPOCH)
                .setAmountMicros(1_000_000)
                .setWalletAddress(null)
                .setPayoutAddress(PAYOUT)
                .setOnChainSubscriptionId(null)
                .setPayload(new io.abk.billing.schemas.avro.VerifyPaymentRequest(TX, null))
                .build();
    }

    private static void send(ChainRequest request) throws Exception {
        requests.send(new ProducerRecord<>(
                        Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT), request.getPaymentId(), request))
                .get(30, TimeUnit.SECONDS);
    }

    private static List<ChainResult> resultsOf(String requestId) {
        var topic = Topics.CHAIN_RESULTS;
        return readAll(topic.name(Deployment.DEFAULT)).stream()
                .map(record ->
                        topic.valueSerde().deserializer().deserialize(topic.name(Deployment.DEFAULT), record.value()))
                .filter(result -> result.getRequest().getRequestId().equals(requestId))
                .toList();
    }

    private static List<ConsumerRecord<byte[], byte[]>> deadLettersOf(String requestId) {
        var requestsTopic = Topics.CHAIN_REQUESTS;
        return readAll(Topics.CHAIN_DEAD_LETTERS.name(Deployment.DEFAULT)).stream()
                .filter(record -> requestsTopic
                        .valueSerde()
                        .deserializer()
                        .deserialize(requestsTopic.name(Deployment.DEFAULT), record.value())
                        .getRequestId()
                        .equals(requestId))
                .toList();
    }

    /** Every record of the one-partition {@code topic} up to its end now, as the settlement side reads it. */
    private static List<ConsumerRecord<byte[], byte[]>> readAll(String topic) {
        try (var consumer =
                ReadCommitted.fromStart(broker, topic, 1, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            var partition = new TopicPartition(topic, 0);
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            var records = new ArrayList<ConsumerRecord<byte[], byte[]>>();
            while (consumer.position(partition) < end) {
                consumer.poll(Duration.ofMillis(100)).forEach(records::add);
            }
            return records;
        }
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }

    /** A loopback port nobody listens on: the socket is closed again before the relayer connects. */
    private static int closedPort() throws Exception {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
