package io.abk.billing.kafkatestkit;

import static org.awaitility.Awaitility.await;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;

/**
 * One real Kafka broker (KRaft, broker and controller in one node) inside the test JVM, on free loopback ports,
 * with its log in a temporary directory. Topics are never created automatically: the services must not depend
 * on that, so a test creates them itself ({@link #createTopics}). Besides its plaintext listener it has one that
 * takes only clients who log in ({@link #saslBootstrapServers()}: SASL PLAIN as {@link #SASL_USER}), for tests of
 * the clients' security settings.
 *
 * @param server               the running broker
 * @param bootstrapServers     its plaintext listener, {@code 127.0.0.1:<port>}
 * @param saslBootstrapServers the listener that takes only clients logged in as {@link #SASL_USER} (SASL_PLAINTEXT,
 *                             mechanism PLAIN)
 */
public record TestBroker(KafkaRaftServer server, String bootstrapServers, String saslBootstrapServers)
        implements AutoCloseable {

    /** Generous: other builds share the machine's two cores. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    /** The one user of the SASL listener, and its password. */
    public static final String SASL_USER = "billing-client";

    public static final String SASL_PASSWORD = "sasl-password-of-the-test-broker-0123";

    /** Formats {@code logDir}, starts the broker and returns once it accepts writes. */
    public static TestBroker start(Path logDir) throws Exception {
        return start(logDir, freePort());
    }

    /**
     * As {@link #start(Path)}, listening on {@code port}: for a test whose client was given the address before the
     * broker existed.
     */
    public static TestBroker start(Path logDir, int port) throws Exception {
        return start(logDir, port, Map.of());
    }

    /**
     * As {@link #start(Path)}, with broker {@code settings} over the defaults: for a test that needs the broker to act
     * sooner than in production (a transaction timed out within a second rather than ten, say).
     */
    public static TestBroker start(Path logDir, Map<String, String> settings) throws Exception {
        return start(logDir, freePort(), settings);
    }

    private static TestBroker start(Path logDir, int port, Map<String, String> settings) throws Exception {
        int controllerPort = freePort();
        int saslPort = freePort();
        new Formatter()
                .setPrintStream(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .setNodeId(1)
                .setClusterId(Uuid.randomUuid().toString())
                .setControllerListenerName("CONTROLLER")
                .setMetadataLogDirectory(logDir.toString())
                .addDirectory(logDir.toString())
                .run();
        var defaults = Map.ofEntries(
                Map.entry("process.roles", "broker,controller"),
                Map.entry("node.id", "1"),
                Map.entry("controller.quorum.voters", "1@127.0.0.1:" + controllerPort),
                Map.entry("controller.listener.names", "CONTROLLER"),
                Map.entry(
                        "listeners",
                        "PLAINTEXT://127.0.0.1:" + port + ",SASL://127.0.0.1:" + saslPort + ",CONTROLLER://127.0.0.1:"
                                + controllerPort),
                Map.entry("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port + ",SASL://127.0.0.1:" + saslPort),
                Map.entry(
                        "listener.security.protocol.map",
                        "PLAINTEXT:PLAINTEXT,SASL:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT"),
                Map.entry("inter.broker.listener.name", "PLAINTEXT"),
                Map.entry("listener.name.sasl.sasl.enabled.mechanisms", "PLAIN"),
                Map.entry(
                        "listener.name.sasl.plain.sasl.jaas.config",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required user_" + SASL_USER + "=\""
                                + SASL_PASSWORD + "\";"),
                Map.entry("log.dirs", logDir.toString()),
                Map.entry("offsets.topic.replication.factor", "1"),
                Map.entry("offsets.topic.num.partitions", "1"),
                Map.entry("transaction.state.log.replication.factor", "1"),
                Map.entry("transaction.state.log.min.isr", "1"),
                Map.entry("transaction.state.log.num.partitions", "1"),
                Map.entry("share.coordinator.state.topic.replication.factor", "1"),
                Map.entry("share.coordinator.state.topic.min.isr", "1"),
                // Saves about 2.7 s per Kafka Streams start: one node has nobody else to wait for.
                Map.entry("group.initial.rebalance.delay.ms", "0"),
                Map.entry("auto.create.topics.enable", "false"));
        var props = new HashMap<>(defaults);
        props.putAll(settings);
        var server = new KafkaRaftServer(new KafkaConfig(props, false), Time.SYSTEM);
        server.startup();
        var broker = new TestBroker(server, "127.0.0.1:" + port, "127.0.0.1:" + saslPort);
        broker.awaitServing();
        return broker;
    }

    /**
     * The environment that makes a service's Kafka clients log in to {@link #saslBootstrapServers()}: the variables
     * ops-kit's {@code KafkaClientSecurity} reads, with this broker's user.
     */
    public static Map<String, String> saslClientEnvironment() {
        return Map.of(
                "BILLING_KAFKA_SECURITY_PROTOCOL", "SASL_PLAINTEXT",
                "BILLING_KAFKA_SASL_MECHANISM", "PLAIN",
                "BILLING_KAFKA_SASL_JAAS_CONFIG", saslJaasConfig());
    }

    /** The {@code sasl.jaas.config} line of a client of {@link #saslBootstrapServers()}. */
    public static String saslJaasConfig() {
        return "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + SASL_USER
                + "\" password=\"" + SASL_PASSWORD + "\";";
    }

    /** A new admin client; the caller closes it. */
    public Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
    }

    /**
     * Creates {@code topics} and returns once every partition has a leader: producing right after creation can
     * strand a batch until it expires (a known flake of a broker just started: a partition without a leader yet
     * leaves its batch unsent).
     */
    public void createTopics(Collection<NewTopic> topics) throws Exception {
        try (var admin = admin()) {
            admin.createTopics(topics).all().get(30, TimeUnit.SECONDS);
            var names = topics.stream().map(NewTopic::name).toList();
            await().atMost(PATIENCE)
                    .until(() -> admin.describeTopics(names).allTopicNames().get().values().stream()
                            .allMatch(description ->
                                    description.partitions().stream().allMatch(p -> p.leader() != null)));
        }
    }

    private void awaitServing() {
        try (var admin = admin()) {
            // Metadata lists the broker once the controller has unfenced it: then it accepts writes.
            await().atMost(PATIENCE)
                    .ignoreExceptions()
                    .until(() -> !admin.describeCluster()
                            .nodes()
                            .get(2, TimeUnit.SECONDS)
                            .isEmpty());
        }
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }

    /** A free loopback port below the kernel's ephemeral range, for a listener ({@link LoopbackPorts}). */
    public static int freePort() {
        return LoopbackPorts.pick();
    }
}
