package io.abk.billing.localstack.services;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The settings the stack hands the in-process gateway, as {@code --key=value} arguments. Keys are the
 * gateway's documented configuration ({@code application.yml} and {@code BillingProperties}).
 *
 * @param rateLimitsEnabled          passed only when given, else the gateway's default applies
 * @param rateLimitPerKeyPerSecond   passed only when given
 * @param rateLimitCheckoutPerMinute passed only when given
 * @param testChain                  test mode's chain when the stack runs a local one; null leaves the gateway's
 *                                   own {@code billing.chains.test.*} (the sandbox unless configured)
 * @param sealingKeys                {@code BILLING_SECRETS_KEYS}, for the gateway and the webhook sender alike
 * @param sealingActiveKey           {@code BILLING_SECRETS_ACTIVE_KEY}; empty when the keyring holds one key
 */
public record GatewayArgs(
        int httpPort,
        String publicUrl,
        String r2dbcUrl,
        String jdbcUrl,
        String dbUser,
        String dbPassword,
        String kafkaBootstrapServers,
        String adminToken,
        String demoMerchantName,
        String demoPayoutAddress,
        String demoTestKey,
        String demoLiveKey,
        @Nullable Boolean rateLimitsEnabled,
        @Nullable Integer rateLimitPerKeyPerSecond,
        @Nullable Integer rateLimitCheckoutPerMinute,
        boolean webhooksAllowLoopbackInTest,
        @Nullable TestChain testChain,
        String sealingKeys,
        String sealingActiveKey) {

    /** The in-process gateway's projector's static group member id (see {@code billing.kafka.projector-instance-id}). */
    static final String IN_PROCESS_PROJECTOR_ID = "local-stack";

    /**
     * What checkout tells a wallet about test mode's chain. The local chain's RPC is public to the browser too
     * (both run on this machine), and it has no block explorer.
     */
    public record TestChain(
            String name, long chainId, String usdcAddress, String vaultAddress, String rpcUrl, int confirmations) {}

    public List<String> toArgs() {
        var args = new ArrayList<String>();
        add(args, "server.port", httpPort);
        add(args, "spring.r2dbc.url", r2dbcUrl);
        add(args, "spring.r2dbc.username", dbUser);
        add(args, "spring.r2dbc.password", dbPassword);
        add(args, "spring.flyway.url", jdbcUrl);
        add(args, "spring.flyway.user", dbUser);
        add(args, "spring.flyway.password", dbPassword);
        add(args, "billing.admin-token", adminToken);
        add(args, "billing.public-url", publicUrl);
        add(args, "billing.kafka.bootstrap-servers", kafkaBootstrapServers);
        add(args, "billing.demo.enabled", true);
        add(args, "billing.demo.merchant-name", demoMerchantName);
        add(args, "billing.demo.payout-address", demoPayoutAddress);
        add(args, "billing.demo.test-key", demoTestKey);
        add(args, "billing.demo.live-key", demoLiveKey);
        add(args, "billing.rate-limits.enabled", rateLimitsEnabled);
        add(args, "billing.rate-limits.per-key-per-second", rateLimitPerKeyPerSecond);
        add(args, "billing.rate-limits.checkout-per-minute", rateLimitCheckoutPerMinute);
        add(args, "billing.webhooks.allow-loopback-in-test", webhooksAllowLoopbackInTest);
        add(args, "billing.secrets.keys", sealingKeys);
        add(args, "billing.secrets.active-key", sealingActiveKey);
        if (testChain != null) {
            add(args, "billing.chains.test.name", testChain.name());
            add(args, "billing.chains.test.chain-id", testChain.chainId());
            add(args, "billing.chains.test.usdc-address", testChain.usdcAddress());
            add(args, "billing.chains.test.vault-address", testChain.vaultAddress());
            add(args, "billing.chains.test.rpc-url", testChain.rpcUrl());
            // What checkout tells a wallet to add: the local node itself, and no explorer (a local chain has none).
            add(args, "billing.chains.test.public-rpc-urls", testChain.rpcUrl());
            add(args, "billing.chains.test.explorer-url", "");
            add(args, "billing.chains.test.confirmations", testChain.confirmations());
        }
        // The only gateway of its data directory (which one stack holds at a time): after a crash, its projector
        // takes its old place in the group at once.
        add(args, "billing.kafka.projector-instance-id", IN_PROCESS_PROJECTOR_ID);
        // The stack stops the gateway itself, first and within a bounded time.
        add(args, "spring.lifecycle.timeout-per-shutdown-phase", "10s");
        return List.copyOf(args);
    }

    /** The same settings on another port (one gateway of several). */
    public GatewayArgs withHttpPort(int port) {
        return new GatewayArgs(
                port,
                publicUrl,
                r2dbcUrl,
                jdbcUrl,
                dbUser,
                dbPassword,
                kafkaBootstrapServers,
                adminToken,
                demoMerchantName,
                demoPayoutAddress,
                demoTestKey,
                demoLiveKey,
                rateLimitsEnabled,
                rateLimitPerKeyPerSecond,
                rateLimitCheckoutPerMinute,
                webhooksAllowLoopbackInTest,
                testChain,
                sealingKeys,
                sealingActiveKey);
    }

    /** The sealing keyring as the webhook sender takes it (the same variables, and values, as the gateway's). */
    public Map<String, String> sealingEnvironment() {
        return Map.of("BILLING_SECRETS_KEYS", sealingKeys, "BILLING_SECRETS_ACTIVE_KEY", sealingActiveKey);
    }

    /**
     * The settings as the environment variables the gateway documents (its {@code application.yml}), for a gateway
     * run as its own process: secrets stay off its command line.
     */
    public Map<String, String> toEnvironment() {
        var env = new LinkedHashMap<String, String>();
        put(env, "BILLING_HTTP_PORT", httpPort);
        put(env, "BILLING_R2DBC_URL", r2dbcUrl);
        put(env, "BILLING_JDBC_URL", jdbcUrl);
        put(env, "BILLING_DB_USER", dbUser);
        put(env, "BILLING_DB_PASSWORD", dbPassword);
        put(env, "BILLING_ADMIN_TOKEN", adminToken);
        put(env, "BILLING_PUBLIC_URL", publicUrl);
        put(env, "BILLING_KAFKA_BOOTSTRAP_SERVERS", kafkaBootstrapServers);
        put(env, "BILLING_DEMO_ENABLED", true);
        put(env, "BILLING_DEMO_MERCHANT_NAME", demoMerchantName);
        put(env, "BILLING_DEMO_PAYOUT_ADDRESS", demoPayoutAddress);
        put(env, "BILLING_DEMO_TEST_KEY", demoTestKey);
        put(env, "BILLING_DEMO_LIVE_KEY", demoLiveKey);
        put(env, "BILLING_RATE_LIMITS_ENABLED", rateLimitsEnabled);
        put(env, "BILLING_RATE_LIMIT_PER_KEY_PER_SECOND", rateLimitPerKeyPerSecond);
        put(env, "BILLING_RATE_LIMIT_CHECKOUT_PER_MINUTE", rateLimitCheckoutPerMinute);
        put(env, "BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST", webhooksAllowLoopbackInTest);
        put(env, "BILLING_SECRETS_KEYS", sealingKeys);
        put(env, "BILLING_SECRETS_ACTIVE_KEY", sealingActiveKey);
        if (testChain != null) {
            put(env, "BILLING_CHAINS_TEST_NAME", testChain.name());
            put(env, "BILLING_CHAINS_TEST_CHAIN_ID", testChain.chainId());
            put(env, "BILLING_CHAINS_TEST_USDC_ADDRESS", testChain.usdcAddress());
            put(env, "BILLING_CHAINS_TEST_VAULT_ADDRESS", testChain.vaultAddress());
            put(env, "BILLING_CHAINS_TEST_RPC_URL", testChain.rpcUrl());
            put(env, "BILLING_CHAINS_TEST_PUBLIC_RPC_URLS", testChain.rpcUrl());
            put(env, "BILLING_CHAINS_TEST_EXPLORER_URL", "");
            put(env, "BILLING_CHAINS_TEST_CONFIRMATIONS", testChain.confirmations());
        }
        put(env, "SPRING_LIFECYCLE_TIMEOUTPERSHUTDOWNPHASE", "10s");
        return env;
    }

    private static void put(Map<String, String> env, String name, @Nullable Object value) {
        if (value != null) {
            env.put(name, value.toString());
        }
    }

    private static void add(List<String> args, String key, @Nullable Object value) {
        if (value != null) {
            args.add("--" + key + "=" + value);
        }
    }

    /** Never prints the secrets. */
    @Override
    public String toString() {
        return "GatewayArgs[httpPort=" + httpPort + ", publicUrl=" + publicUrl + ", jdbcUrl=" + jdbcUrl + ", kafka="
                + kafkaBootstrapServers + "]";
    }
}
