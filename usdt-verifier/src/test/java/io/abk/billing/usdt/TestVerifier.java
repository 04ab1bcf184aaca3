package io.abk.billing.usdt;

import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.usdt.render.UsdtJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A real verifier for integration tests: an in-process KRaft broker with every catalog topic (3 partitions), the
 * verifier started on a free port with the given settings, an HTTP client, and readers of what it wrote to Kafka.
 * The verifier reaches the broker through its listener that takes only clients who log in, with the security
 * settings of its environment, so every test also shows that each of its Kafka clients (the Streams app, the command
 * producer, the outcome feed, the lag reader) takes them; the readers use the plaintext listener.
 */
public final class TestVerifier implements AutoCloseable {

    public static final String KEY = "usdt_test_key_0123456789abcdef";
    /** A second key of the shared sandbox verifier: what is kept per key is kept apart from {@link #KEY}'s. */
    public static final String OTHER_KEY = "usdt_other_key_0123456789abcdef";

    static final int PARTITIONS = 3;

    private static @Nullable TestVerifier sandbox;

    private final TestBroker broker;
    private final UsdtVerifierApplication.Running app;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final String base;

    private TestVerifier(TestBroker broker, UsdtVerifierApplication.Running app) {
        this.broker = broker;
        this.app = app;
        this.base = "http://127.0.0.1:" + app.port();
    }

    /**
     * The sandbox verifier the HTTP tests share (3 confirmations, keys {@link #KEY} and {@link #OTHER_KEY}), started on
     * first use and closed when the JVM exits: one start for every test class of the sandbox API.
     */
    public static synchronized TestVerifier sandbox() throws Exception {
        if (sandbox == null) {
            var started = start(
                    Files.createTempDirectory("usdt-sandbox"),
                    Map.of(
                            "BILLING_USDT_SANDBOX", "true",
                            "BILLING_USDT_CONFIRMATIONS", "3",
                            "BILLING_USDT_KEYS", KEY + "," + OTHER_KEY));
            Runtime.getRuntime().addShutdownHook(new Thread(started::close));
            sandbox = started;
        }
        return sandbox;
    }

    /** Starts the broker and the verifier, and returns once its Kafka Streams part runs. */
    public static TestVerifier start(Path dir, Map<String, String> settings) throws Exception {
        var broker = TestBroker.start(dir.resolve("kafka"));
        broker.createTopics(Topics.all().stream()
                .map(topic ->
                        new NewTopic(topic.name(Deployment.DEFAULT), PARTITIONS, (short) 1).configs(topic.configs()))
                .toList());
        var all = new HashMap<String, String>();
        all.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", broker.saslBootstrapServers());
        all.putAll(TestBroker.saslClientEnvironment());
        all.put("BILLING_USDT_HTTP_PORT", "0");
        all.put("BILLING_USDT_KEYS", KEY);
        all.put("BILLING_USDT_STATE_DIR", dir.resolve("state").toString());
        all.putAll(settings);
        var app = UsdtVerifierApplication.start(all);
        var verifier = new TestVerifier(broker, app);
        var streams = app.context().getBean(StreamsApp.class);
        await().atMost(Duration.ofSeconds(90)).until(streams::isRunning);
        return verifier;
    }

    public UsdtVerifierApplication.Running app() {
        return app;
    }

    public String baseUrl() {
        return base;
    }

    /** An answer: its status, JSON body, and whether it was an idempotent replay ({@code Idempotent-Replayed}). */
    public record Answer(int status, JsonNode body, boolean replayed) {
        public String code() {
            return body.path("code").asString();
        }
    }

    public Answer get(String path) {
        return get(path, KEY);
    }

    public Answer get(String path, @Nullable String key) {
        var request = HttpRequest.newBuilder(URI.create(base + path)).GET().timeout(Duration.ofSeconds(30));
        if (key != null) {
            request.header("x-service-api-key", key);
        }
        return send(request.build());
    }

    public Answer post(String path, String json) {
        return send(postRequest(path, json, Map.of("x-service-api-key", KEY)));
    }

    public Answer post(String path, String json, Map<String, String> headers) {
        return send(postRequest(path, json, headers));
    }

    public CompletableFuture<Answer> postAsync(String path, String json) {
        return http.sendAsync(
                        postRequest(path, json, Map.of("x-service-api-key", KEY)), HttpResponse.BodyHandlers.ofString())
                .thenApply(TestVerifier::answer);
    }

    private HttpRequest postRequest(String path, String json, Map<String, String> headers) {
        var request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(json));
        var hasType = headers.keySet().stream().anyMatch(name -> name.equalsIgnoreCase("content-type"));
        if (!hasType) {
            request.header("content-type", "application/json");
        }
        headers.forEach(request::header);
        return request.build();
    }

    private Answer send(HttpRequest request) {
        try {
            return answer(http.send(request, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Answer answer(HttpResponse<String> response) {
        var body = response.body().isEmpty() ? UsdtJson.object() : UsdtJson.parse(response.body());
        return new Answer(
                response.statusCode(),
                body,
                response.headers().firstValue("Idempotent-Replayed").orElse("").equals("true"));
    }

    /** Every committed event on usdt.events so far (read_committed, up to the end). */
    public List<UsdtEvent> events() {
        var topic = Topics.USDT_EVENTS;
        try (var consumer = ReadCommitted.fromStart(
                broker,
                topic.name(Deployment.DEFAULT),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer())) {
            var partitions = consumer.assignment();
            var end = consumer.endOffsets(partitions);
            var events = new ArrayList<UsdtEvent>();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> events.add(record.value()));
            }
            return events;
        }
    }

    /** The sum of the end offsets of a topic's partitions: it moves when anything is written to it. */
    public long endOffsets(Topic<?, ?> topic) throws Exception {
        try (var admin = broker.admin()) {
            var partitions = admin
                    .describeTopics(List.of(topic.name(Deployment.DEFAULT)))
                    .allTopicNames()
                    .get()
                    .get(topic.name(Deployment.DEFAULT))
                    .partitions()
                    .stream()
                    .map(p -> new TopicPartition(topic.name(Deployment.DEFAULT), p.partition()))
                    .toList();
            var request = new HashMap<TopicPartition, OffsetSpec>();
            partitions.forEach(p -> request.put(p, OffsetSpec.latest()));
            return admin.listOffsets(request).all().get().values().stream()
                    .mapToLong(o -> o.offset())
                    .sum();
        }
    }

    @Override
    public void close() {
        try {
            app.close();
        } finally {
            broker.close();
        }
    }
}
