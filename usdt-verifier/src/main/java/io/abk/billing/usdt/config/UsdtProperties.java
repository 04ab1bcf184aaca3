package io.abk.billing.usdt.config;

import io.abk.billing.usdt.address.PayToAddress;
import io.abk.billing.usdt.address.PayToAddress.InvalidAddressException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything the verifier is configured with under {@code billing.usdt.*}; {@code usdt-verifier.yml} maps the
 * {@code BILLING_USDT_*} environment variables (docs/operations.md, "Configuration") onto it. Each value is checked
 * here, at start, and a bad one ends the process naming its variable. Secrets (keys, the provider key, RPC URLs that
 * may carry one) never appear in {@link #toString()}.
 *
 * @param keys the API keys accepted in {@code x-service-api-key} or {@code Authorization: Bearer}
 *             (BILLING_USDT_KEYS, comma-separated; none: the development key, outside production only)
 * @param sandbox no chain: reserved transaction hashes select outcomes (BILLING_USDT_SANDBOX; refused in production)
 * @param requestTimeout how long a request waits for its command's outcome before 503 (BILLING_USDT_REQUEST_TIMEOUT)
 * @param intentLifetime how long an intent stays open (BILLING_USDT_INTENT_LIFETIME)
 */
@ConfigurationProperties("billing.usdt")
public record UsdtProperties(
        @DefaultValue List<String> keys,
        @DefaultValue("false") boolean sandbox,
        @DefaultValue("10s") Duration requestTimeout,
        @DefaultValue("24h") Duration intentLifetime,
        @DefaultValue Chain chain,
        @DefaultValue Match match,
        @DefaultValue Kafka kafka) {

    public UsdtProperties {
        keys = keys.stream().map(String::strip).filter(key -> !key.isEmpty()).toList();
        for (var key : keys) {
            if (key.length() < 16 || key.chars().anyMatch(Character::isWhitespace)) {
                // Never the key itself: it is a secret.
                throw new IllegalArgumentException("billing.usdt.keys (BILLING_USDT_KEYS) must list keys of at least 16"
                        + " characters without spaces, comma-separated; key number " + (keys.indexOf(key) + 1)
                        + " is not");
            }
        }
        positive(requestTimeout, "request-timeout (BILLING_USDT_REQUEST_TIMEOUT)");
        positive(intentLifetime, "intent-lifetime (BILLING_USDT_INTENT_LIFETIME)");
        if (sandbox && !chain.rpcUrls().isEmpty()) {
            throw new IllegalArgumentException("BILLING_USDT_SANDBOX=true and BILLING_USDT_RPC_URLS are both set: the"
                    + " sandbox has no chain; set one of them");
        }
        if (!sandbox && chain.rpcUrls().isEmpty()) {
            throw new IllegalArgumentException("billing.usdt.chain.rpc-urls (BILLING_USDT_RPC_URLS) must name the"
                    + " chain's JSON-RPC endpoint, or BILLING_USDT_SANDBOX=true must select the sandbox");
        }
    }

    @Override
    public String toString() {
        return "UsdtProperties[keys=" + keys.size() + " configured, sandbox=" + sandbox + ", requestTimeout="
                + requestTimeout + ", intentLifetime=" + intentLifetime + ", " + chain + ", " + match + ", " + kafka
                + "]";
    }

    /**
     * The chain whose token the verifier reads. Defaults: Tron mainnet (chain id 728126428, as its JSON-RPC's
     * {@code eth_chainId} answers) and its USDT (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t, 6 decimals).
     *
     * @param rpcUrls JSON-RPC URLs, tried in order (BILLING_USDT_RPC_URLS)
     * @param rpcApiKey the data provider's key, sent in {@code rpcApiKeyHeader} (BILLING_USDT_RPC_API_KEY,
     *                  BILLING_USDT_RPC_API_KEY_HEADER: TronGrid's TRON-PRO-API-KEY by default)
     * @param confirmations the depth a transaction needs, its own block included (BILLING_USDT_CONFIRMATIONS): 19 by
     *                      default, Tron's point of solidification (two thirds of its 27 block producers plus one
     *                      have built on the block), after which a block is final
     * @param pollBlocks how many recent blocks a poll scans at most (BILLING_USDT_POLL_BLOCKS; 1,000 Tron blocks are
     *                   about 50 minutes), and the most a poll may ask for
     */
    public record Chain(
            @DefaultValue List<String> rpcUrls,
            @DefaultValue("") String rpcApiKey,
            @DefaultValue("TRON-PRO-API-KEY") String rpcApiKeyHeader,
            @DefaultValue("728126428") long chainId,

            @DefaultValue("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")
            String tokenAddress,

            @DefaultValue("6") int tokenDecimals,
            @DefaultValue("19") int confirmations,
            @DefaultValue("10s") Duration rpcTimeout,
            @DefaultValue("1000") int pollBlocks) {

        public Chain {
            rpcUrls = rpcUrls.stream()
                    .map(String::strip)
                    .filter(url -> !url.isEmpty())
                    .toList();
            for (var url : rpcUrls) {
                if (!url.startsWith("http://") && !url.startsWith("https://")) {
                    throw new IllegalArgumentException("billing.usdt.chain.rpc-urls (BILLING_USDT_RPC_URLS) must be"
                            + " http or https URLs; URL number " + (rpcUrls.indexOf(url) + 1) + " is not");
                }
            }
            if (!rpcApiKey.isBlank() && rpcApiKeyHeader.isBlank()) {
                throw new IllegalArgumentException(
                        "billing.usdt.chain.rpc-api-key-header"
                                + " (BILLING_USDT_RPC_API_KEY_HEADER) must name the header that carries BILLING_USDT_RPC_API_KEY");
            }
            if (chainId <= 0) {
                throw new IllegalArgumentException(
                        "billing.usdt.chain.chain-id (BILLING_USDT_CHAIN_ID) must be positive," + " was " + chainId);
            }
            try {
                tokenAddress = PayToAddress.normalise(tokenAddress.strip());
            } catch (InvalidAddressException e) {
                throw new IllegalArgumentException(
                        "billing.usdt.chain.token-address (BILLING_USDT_TOKEN_ADDRESS) " + e.getMessage(), e);
            }
            // USDT has 6 decimals on Tron and Ethereum and 18 on BNB Chain; the API's 6 decimals must fit in them.
            if (tokenDecimals < 6 || tokenDecimals > 36) {
                throw new IllegalArgumentException(
                        "billing.usdt.chain.token-decimals (BILLING_USDT_TOKEN_DECIMALS) must"
                                + " be between 6 and 36, was " + tokenDecimals);
            }
            if (confirmations < 1) {
                throw new IllegalArgumentException("billing.usdt.chain.confirmations (BILLING_USDT_CONFIRMATIONS) must"
                        + " be at least 1, was " + confirmations);
            }
            positive(rpcTimeout, "chain.rpc-timeout (BILLING_USDT_RPC_TIMEOUT)");
            if (pollBlocks < 1 || pollBlocks > 100_000) {
                throw new IllegalArgumentException("billing.usdt.chain.poll-blocks (BILLING_USDT_POLL_BLOCKS) must be"
                        + " between 1 and 100000, was " + pollBlocks);
            }
        }

        @Override
        public String toString() {
            return "Chain[rpcUrls=" + rpcUrls.size() + ", rpcApiKey=" + (rpcApiKey.isBlank() ? "none" : "set")
                    + ", chainId=" + chainId + ", tokenAddress=" + tokenAddress + ", tokenDecimals=" + tokenDecimals
                    + ", confirmations=" + confirmations + ", rpcTimeout=" + rpcTimeout + ", pollBlocks=" + pollBlocks
                    + "]";
        }
    }

    /** @param tolerancePercent what the {@code tolerance} strategy allows either way (BILLING_USDT_TOLERANCE_PERCENT) */
    public record Match(@DefaultValue("1") BigDecimal tolerancePercent) {

        public Match {
            if (tolerancePercent.signum() < 0 || tolerancePercent.compareTo(BigDecimal.valueOf(100)) >= 0) {
                throw new IllegalArgumentException(
                        "billing.usdt.match.tolerance-percent (BILLING_USDT_TOLERANCE_PERCENT)"
                                + " must be at least 0 and below 100, was " + tolerancePercent.toPlainString());
            }
        }
    }

    /**
     * @param bootstrapServers BILLING_KAFKA_BOOTSTRAP_SERVERS
     * @param applicationId the Streams part's application id: its consumer group and internal topics' prefix
     *                      (BILLING_USDT_APPLICATION_ID)
     * @param stateDir its RocksDB state (BILLING_USDT_STATE_DIR)
     * @param commitInterval its commit interval (BILLING_USDT_COMMIT_INTERVAL): a confirm takes three commits
     *                       (intent, claim, intent), each visible only once committed
     */
    public record Kafka(
            @DefaultValue("localhost:9092") String bootstrapServers,
            @DefaultValue("usdt-verifier") String applicationId,
            @DefaultValue("") String stateDir,
            @DefaultValue("30ms") Duration commitInterval) {

        public Kafka {
            if (bootstrapServers.isBlank()) {
                throw new IllegalArgumentException(
                        "billing.usdt.kafka.bootstrap-servers (BILLING_KAFKA_BOOTSTRAP_SERVERS)" + " must be set");
            }
            if (applicationId.isBlank()) {
                throw new IllegalArgumentException(
                        "billing.usdt.kafka.application-id (BILLING_USDT_APPLICATION_ID) must" + " not be blank");
            }
            positive(commitInterval, "kafka.commit-interval (BILLING_USDT_COMMIT_INTERVAL)");
        }

        public Path stateDirectory() {
            return stateDir.isBlank()
                    ? Path.of(System.getProperty("java.io.tmpdir"), "usdt-verifier")
                    : Path.of(stateDir);
        }
    }

    private static void positive(Duration value, String setting) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("billing.usdt." + setting + " must be positive, was " + value);
        }
    }
}
