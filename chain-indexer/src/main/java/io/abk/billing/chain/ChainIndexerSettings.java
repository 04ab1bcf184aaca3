package io.abk.billing.chain;

import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.errors.ChainRequestFailureHandler;
import io.abk.billing.chain.errors.UnreadableRequestHandler;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.config.StreamsProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/**
 * How chain-indexer runs: where Kafka is, its application id (the consumer group, which the gateway's health
 * watches, and the prefix of its internal topics), its local state directory, its commit interval, the chain of
 * each mode ({@link ChainSettings}: no RPC URL = no chain, so test mode is the sandbox), and how soon a replica
 * that vanished loses its chains' leases ({@link io.abk.billing.chain.lease.ChainLeases}).
 *
 * <p>Environment ({@link #fromEnv()}): {@code BILLING_KAFKA_BOOTSTRAP_SERVERS} (localhost:9092),
 * {@code BILLING_CHAIN_INDEXER_APPLICATION_ID} (chain-indexer), {@code BILLING_CHAIN_INDEXER_STATE_DIR}
 * (&lt;tmpdir&gt;/chain-indexer), {@code BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS} (30),
 * {@code BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS} (10000),
 * {@code BILLING_CHAIN_INDEXER_PENDING_VAULT_EVENT_RETENTION_MS} (604800000, 7 days: how long a vault event waits
 * for its subscription before it is dropped, see {@link io.abk.billing.chain.autosettle.AutoSettlementSettings}), and
 * {@code BILLING_CHAINS_TEST_*} / {@code BILLING_CHAINS_LIVE_*} for the chains (see {@link ChainSettings}): the same
 * variables the gateway's checkout shows, so messages name the chain the customer was shown.
 *
 * {@code BILLING_KAFKA_SECURITY_PROTOCOL} and the other settings of {@link KafkaClientSecurity}, which every Kafka
 * client of the service takes; {@code BILLING_DEPLOYMENT_ID} ({@link Deployment}), which prefixes the application id
 * (and with it the lease and relayer groups), the followers' transactional ids and every topic's name.
 *
 * <p>An RPC URL often carries a provider's API key and the relayer key is a secret, so {@link #toString()} and the
 * logs show neither.
 *
 * @param applicationId the application id the app runs under: the deployment's prefix, then the configured id
 */
public record ChainIndexerSettings(
        String bootstrapServers,
        String applicationId,
        Path stateDir,
        Duration commitInterval,
        ChainSettings testChain,
        ChainSettings liveChain,
        Duration leaseSessionTimeout,
        Duration pendingVaultEventRetention,
        KafkaClientSecurity kafkaSecurity,
        Deployment deployment) {

    /**
     * A result becomes visible to billing-streams (a read_committed reader) only when the transaction commits,
     * and the HTTP request that asked for the charge waits for it, so Kafka's EOS default of 100 ms would add up
     * to 100 ms to every activate, charge and refund; 30 ms is what billing-streams measured as its best
     * trade-off on 2 cores.
     */
    public static final Duration DEFAULT_COMMIT_INTERVAL = Duration.ofMillis(30);

    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";
    /** Also the consumer group id that the gateway's {@code settlement} health component checks. */
    public static final String DEFAULT_APPLICATION_ID = "chain-indexer";
    /**
     * A replica killed without leaving the group keeps its chains' relayer and follower leases this long, so it is
     * also about how long those chains stand still after a crash. Ten seconds rides out a broker's leader move or a
     * long GC pause without moving the chains, where Kafka's default of 45 s would stop a chain for most of a
     * minute.
     */
    public static final Duration DEFAULT_LEASE_SESSION_TIMEOUT = Duration.ofSeconds(10);
    /** The session timeouts a broker accepts by default (group.min/max.session.timeout.ms). */
    private static final Duration MIN_SESSION_TIMEOUT = Duration.ofSeconds(6);

    private static final Duration MAX_SESSION_TIMEOUT = Duration.ofMinutes(30);

    public ChainIndexerSettings {
        require(!bootstrapServers.isBlank(), "BILLING_KAFKA_BOOTSTRAP_SERVERS must not be blank");
        require(!applicationId.isBlank(), "BILLING_CHAIN_INDEXER_APPLICATION_ID must not be blank");
        require(
                commitInterval.isPositive(),
                "BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS must be positive, was " + commitInterval.toMillis());
        require(testChain.mode() == Mode.TEST && liveChain.mode() == Mode.LIVE, "testChain and liveChain swapped");
        // One follower and one checkpoint per chain id: the two modes never share a chain (data never crosses modes).
        require(
                !(testChain.configured() && liveChain.configured() && testChain.chainId() == liveChain.chainId()),
                "BILLING_CHAINS_TEST_CHAIN_ID and BILLING_CHAINS_LIVE_CHAIN_ID must differ, both were "
                        + testChain.chainId());
        require(
                leaseSessionTimeout.compareTo(MIN_SESSION_TIMEOUT) >= 0
                        && leaseSessionTimeout.compareTo(MAX_SESSION_TIMEOUT) <= 0,
                "BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS must be between 6000 and 1800000 (the broker's "
                        + "group.min.session.timeout.ms and group.max.session.timeout.ms defaults), was "
                        + leaseSessionTimeout.toMillis());
        require(
                pendingVaultEventRetention.isPositive(),
                "BILLING_CHAIN_INDEXER_PENDING_VAULT_EVENT_RETENTION_MS must " + "be positive, was "
                        + pendingVaultEventRetention.toMillis());
    }

    public static ChainIndexerSettings fromEnv() {
        return fromEnv(System.getenv());
    }

    /** Reads the variables from {@code env}; an unusable value fails with a message naming the variable. */
    public static ChainIndexerSettings fromEnv(Map<String, String> env) {
        var vars = new Env(env);
        var deployment = Deployment.of(env.get(Deployment.VARIABLE));
        return new ChainIndexerSettings(
                vars.text("BILLING_KAFKA_BOOTSTRAP_SERVERS", DEFAULT_BOOTSTRAP_SERVERS),
                deployment.name(vars.text("BILLING_CHAIN_INDEXER_APPLICATION_ID", DEFAULT_APPLICATION_ID)),
                vars.path("BILLING_CHAIN_INDEXER_STATE_DIR", defaultStateDir()),
                vars.millis("BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS", DEFAULT_COMMIT_INTERVAL),
                ChainSettings.fromEnv(Mode.TEST, vars),
                ChainSettings.fromEnv(Mode.LIVE, vars),
                vars.millis("BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS", DEFAULT_LEASE_SESSION_TIMEOUT),
                vars.millis(
                        "BILLING_CHAIN_INDEXER_PENDING_VAULT_EVENT_RETENTION_MS",
                        AutoSettlementSettings.DEFAULT_PENDING_VAULT_EVENT_RETENTION),
                KafkaClientSecurity.fromEnv(vars),
                deployment);
    }

    /**
     * The production settings (an empty environment's: no chain, so test mode is the sandbox) against
     * {@code bootstrapServers} and {@code stateDir}, for a launcher that knows only where Kafka and its data are.
     */
    public static ChainIndexerSettings defaults(String bootstrapServers, Path stateDir) {
        return fromEnv(Map.of()).withKafka(bootstrapServers, stateDir);
    }

    /** These settings with another broker and state directory (a launcher's own), everything else kept. */
    public ChainIndexerSettings withKafka(String bootstrapServers, Path stateDir) {
        return copy(bootstrapServers, stateDir, testChain);
    }

    /** These settings with the test chain replaced (a launcher that runs its own local chain). */
    public ChainIndexerSettings withTestChain(ChainSettings testChain) {
        return copy(bootstrapServers, stateDir, testChain);
    }

    private ChainIndexerSettings copy(String bootstrapServers, Path stateDir, ChainSettings testChain) {
        return new ChainIndexerSettings(
                bootstrapServers,
                applicationId,
                stateDir,
                commitInterval,
                testChain,
                liveChain,
                leaseSessionTimeout,
                pendingVaultEventRetention,
                kafkaSecurity,
                deployment);
    }

    /** The chain of {@code mode}, configured or not. */
    public ChainSettings chain(Mode mode) {
        return mode == Mode.LIVE ? liveChain : testChain;
    }

    /** Which chains are configured, as the settlement decision sees it. */
    public ConfiguredChains chains() {
        return new ConfiguredChains(
                testChain.configured(),
                liveChain.configured(),
                testChain.name(),
                liveChain.name(),
                testChain.chainId(),
                liveChain.chainId());
    }

    /** The complete Kafka Streams configuration. */
    public Properties streamsProperties() {
        var props =
                StreamsProperties.exactlyOnce(bootstrapServers, applicationId, stateDir, commitInterval, kafkaSecurity);
        props.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, ChainRequestFailureHandler.class.getName());
        props.put(
                StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, UnreadableRequestHandler.class.getName());
        // Our handlers take the catalog's topic from here (Kafka Streams configures them with these properties), and
        // Kafka's built-in handlers (e.g. for production errors) write to the same place.
        props.put(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG, Topics.CHAIN_DEAD_LETTERS.name(deployment));
        return props;
    }

    @Override
    public String toString() {
        return "ChainIndexerSettings[bootstrapServers=" + bootstrapServers + ", applicationId=" + applicationId
                + ", stateDir=" + stateDir + ", commitInterval=" + commitInterval + ", testChainConfigured="
                + testChain.configured() + ", liveChainConfigured=" + liveChain.configured() + ", testChain="
                + testChain + ", liveChain=" + liveChain + ", leaseSessionTimeout=" + leaseSessionTimeout
                + ", pendingVaultEventRetention=" + pendingVaultEventRetention + ", kafkaSecurity=" + kafkaSecurity
                + ", deployment=" + deployment + "]";
    }

    private static Path defaultStateDir() {
        return Path.of(System.getProperty("java.io.tmpdir"), "chain-indexer");
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
