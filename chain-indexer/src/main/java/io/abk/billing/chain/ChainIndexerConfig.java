package io.abk.billing.chain;

import io.abk.billing.chain.domain.settlement.ChainConfiguration;
import io.abk.billing.chain.errors.UnexpectedFailureHandler;
import io.abk.billing.chain.errors.UnreadableRequestHandler;
import io.abk.billing.streamskit.config.Env;
import io.abk.billing.streamskit.config.StreamsProperties;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.streams.StreamsConfig;

/**
 * How chain-indexer runs: where Kafka is, its application id (the consumer group, which the gateway's health
 * watches, and the prefix of its internal topics), its local state directory, its commit interval, and the
 * chains it may settle on (an RPC URL per mode; empty = no chain, so test mode is the sandbox) and their names.
 *
 * <p>Environment ({@link #fromEnv()}): {@code BILLING_KAFKA_BOOTSTRAP_SERVERS} (localhost:9092),
 * {@code BILLING_CHAIN_INDEXER_APPLICATION_ID} (chain-indexer), {@code BILLING_CHAIN_INDEXER_STATE_DIR}
 * (&lt;tmpdir&gt;/chain-indexer), {@code BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS} (30),
 * {@code BILLING_CHAINS_TEST_RPC_URL} and {@code BILLING_CHAINS_LIVE_RPC_URL} (both empty),
 * {@code BILLING_CHAINS_TEST_NAME} (Base Sepolia) and {@code BILLING_CHAINS_LIVE_NAME} (Base): the same variables
 * the gateway's checkout shows, so messages name the chain the customer was shown.
 *
 * <p>An RPC URL often carries a provider's API key, so {@link #toString()} and the logs only say whether a chain
 * is configured, never the URL.
 */
public record ChainIndexerConfig(String bootstrapServers, String applicationId, Path stateDir,
        Duration commitInterval, String testChainRpcUrl, String liveChainRpcUrl, String testChainName,
        String liveChainName) {

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

    private static final Set<String> RPC_SCHEMES = Set.of("http", "https", "ws", "wss");

    public ChainIndexerConfig {
        require(!bootstrapServers.isBlank(), "bootstrapServers must not be blank");
        require(!applicationId.isBlank(), "applicationId must not be blank");
        require(commitInterval.isPositive(), "commitInterval must be positive, was " + commitInterval);
        testChainRpcUrl = rpcUrl("BILLING_CHAINS_TEST_RPC_URL", testChainRpcUrl);
        liveChainRpcUrl = rpcUrl("BILLING_CHAINS_LIVE_RPC_URL", liveChainRpcUrl);
        testChainName = testChainName.strip();
        liveChainName = liveChainName.strip();
        require(!testChainName.isEmpty(), "testChainName must not be blank");
        require(!liveChainName.isEmpty(), "liveChainName must not be blank");
    }

    public static ChainIndexerConfig fromEnv() {
        return fromEnv(System.getenv());
    }

    /** Reads the variables from {@code env}; an unusable value fails with a message naming the variable. */
    public static ChainIndexerConfig fromEnv(Map<String, String> env) {
        var vars = new Env(env);
        return new ChainIndexerConfig(
                vars.text("BILLING_KAFKA_BOOTSTRAP_SERVERS", DEFAULT_BOOTSTRAP_SERVERS),
                vars.text("BILLING_CHAIN_INDEXER_APPLICATION_ID", DEFAULT_APPLICATION_ID),
                vars.path("BILLING_CHAIN_INDEXER_STATE_DIR", defaultStateDir()),
                vars.millis("BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS", DEFAULT_COMMIT_INTERVAL),
                vars.text("BILLING_CHAINS_TEST_RPC_URL", ""),
                vars.text("BILLING_CHAINS_LIVE_RPC_URL", ""),
                name(vars, "BILLING_CHAINS_TEST_NAME", ChainConfiguration.DEFAULT_TEST_CHAIN_NAME),
                name(vars, "BILLING_CHAINS_LIVE_NAME", ChainConfiguration.DEFAULT_LIVE_CHAIN_NAME));
    }

    /** The production settings with no chain (test mode is the sandbox), for a launcher that knows only where Kafka and its data are. */
    public static ChainIndexerConfig defaults(String bootstrapServers, Path stateDir) {
        return new ChainIndexerConfig(bootstrapServers, DEFAULT_APPLICATION_ID, stateDir, DEFAULT_COMMIT_INTERVAL,
                "", "", ChainConfiguration.DEFAULT_TEST_CHAIN_NAME, ChainConfiguration.DEFAULT_LIVE_CHAIN_NAME);
    }

    /** These settings with another broker and state directory (a launcher's own), everything else kept. */
    public ChainIndexerConfig withKafka(String bootstrapServers, Path stateDir) {
        return new ChainIndexerConfig(bootstrapServers, applicationId, stateDir, commitInterval, testChainRpcUrl,
                liveChainRpcUrl, testChainName, liveChainName);
    }

    /** Which chains are configured, as the settlement decision sees it. */
    public ChainConfiguration chains() {
        return new ChainConfiguration(!testChainRpcUrl.isEmpty(), !liveChainRpcUrl.isEmpty(), testChainName,
                liveChainName);
    }

    /** The complete Kafka Streams configuration. */
    public Properties streamsProperties() {
        var props = StreamsProperties.exactlyOnce(bootstrapServers, applicationId, stateDir, commitInterval);
        props.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, UnexpectedFailureHandler.class.getName());
        props.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, UnreadableRequestHandler.class.getName());
        return props;
    }

    @Override
    public String toString() {
        return "ChainIndexerConfig[bootstrapServers=" + bootstrapServers + ", applicationId=" + applicationId
                + ", stateDir=" + stateDir + ", commitInterval=" + commitInterval + ", testChainConfigured="
                + !testChainRpcUrl.isEmpty() + ", liveChainConfigured=" + !liveChainRpcUrl.isEmpty()
                + ", testChainName=" + testChainName + ", liveChainName=" + liveChainName + "]";
    }

    private static Path defaultStateDir() {
        return Path.of(System.getProperty("java.io.tmpdir"), "chain-indexer");
    }

    /** Unset or blank means the default name (a compose file often passes an empty variable through). */
    private static String name(Env vars, String variable, String fallback) {
        var value = vars.text(variable, fallback);
        return value.isBlank() ? fallback : value;
    }

    /** Empty stays empty (no chain); anything else must be an absolute http(s) or ws(s) URL. */
    private static String rpcUrl(String variable, String value) {
        var url = value.strip();
        if (url.isEmpty()) {
            return url;
        }
        try {
            var uri = new URI(url);
            var scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            // The value itself stays out of the message: it may carry an API key.
            require(RPC_SCHEMES.contains(scheme) && uri.getHost() != null,
                    variable + " must be an http(s) or ws(s) URL with a host, or empty for no chain");
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(variable + " is not a valid URL: " + e.getReason());
        }
        return url;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
