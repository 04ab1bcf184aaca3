package io.abk.billing.localstack.services;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
        String sealingActiveKey,
        String demoOwnerEmail,
        String demoOwnerPassword) {

    /** The in-process gateway's projector's static group member id (see {@code billing.kafka.projector-instance-id}). */
    static final String IN_PROCESS_PROJECTOR_ID = "local-stack";

    /**
     * What checkout tells a wallet about test mode's chain. The local chain's RPC is public to the browser too
     * (both run on this machine), and it has no block explorer.
     */
    public record TestChain(
            String name, long chainId, String usdcAddress, String vaultAddress, String rpcUrl, int confirmations) {}

    /** The settings as the gateway's {@code --key=value} arguments, for a gateway run in this JVM. */
    public List<String> toArgs() {
        var args = new ArrayList<String>();
        for (var setting : settings()) {
            if (setting.value() != null) {
                for (var property : setting.properties()) {
                    args.add("--" + property + "=" + setting.value());
                }
            }
        }
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
                sealingActiveKey,
                demoOwnerEmail,
                demoOwnerPassword);
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
        for (var setting : settings()) {
            if (setting.variable() != null && setting.value() != null) {
                env.put(setting.variable(), setting.value().toString());
            }
        }
        return env;
    }

    /**
     * One setting the stack gives: the gateway's configuration properties it sets (as arguments), its environment
     * variable (null for one the stack gives only a gateway in its own JVM) and its value (null leaves the gateway's
     * own default).
     */
    private record Setting(
            List<String> properties,
            @Nullable String variable,
            @Nullable Object value) {

        /** A property whose variable is its name in Spring's environment form ({@code BILLING_DEMO_ENABLED}). */
        Setting(String property, @Nullable Object value) {
            this(
                    List.of(property),
                    property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'),
                    value);
        }

        /** A property whose variable {@code application.yml} names otherwise. */
        Setting(String property, String variable, @Nullable Object value) {
            this(List.of(property), variable, value);
        }
    }

    private List<Setting> settings() {
        var settings = new ArrayList<>(List.of(
                new Setting("server.port", "BILLING_HTTP_PORT", httpPort),
                new Setting("spring.r2dbc.url", "BILLING_R2DBC_URL", r2dbcUrl),
                new Setting("spring.flyway.url", "BILLING_JDBC_URL", jdbcUrl),
                new Setting(List.of("spring.r2dbc.username", "spring.flyway.user"), "BILLING_DB_USER", dbUser),
                new Setting(
                        List.of("spring.r2dbc.password", "spring.flyway.password"), "BILLING_DB_PASSWORD", dbPassword),
                new Setting("billing.admin-token", adminToken),
                new Setting("billing.public-url", publicUrl),
                new Setting("billing.kafka.bootstrap-servers", kafkaBootstrapServers),
                new Setting("billing.demo.enabled", true),
                new Setting("billing.demo.merchant-name", demoMerchantName),
                new Setting("billing.demo.payout-address", demoPayoutAddress),
                new Setting("billing.demo.test-key", demoTestKey),
                new Setting("billing.demo.live-key", demoLiveKey),
                new Setting("billing.demo.owner-email", demoOwnerEmail),
                new Setting("billing.demo.owner-password", demoOwnerPassword),
                new Setting("billing.rate-limits.enabled", rateLimitsEnabled),
                new Setting(
                        "billing.rate-limits.per-key-per-second",
                        "BILLING_RATE_LIMIT_PER_KEY_PER_SECOND",
                        rateLimitPerKeyPerSecond),
                new Setting(
                        "billing.rate-limits.checkout-per-minute",
                        "BILLING_RATE_LIMIT_CHECKOUT_PER_MINUTE",
                        rateLimitCheckoutPerMinute),
                new Setting("billing.webhooks.allow-loopback-in-test", webhooksAllowLoopbackInTest),
                new Setting("billing.secrets.keys", sealingKeys),
                new Setting("billing.secrets.active-key", sealingActiveKey),
                // The stack stops the gateway itself, first and within a bounded time.
                new Setting(
                        "spring.lifecycle.timeout-per-shutdown-phase",
                        "SPRING_LIFECYCLE_TIMEOUTPERSHUTDOWNPHASE",
                        "10s"),
                // The only gateway of its data directory (which one stack holds at a time): after a crash, its
                // projector takes its old place in the group at once. A gateway of its own process gets its own id
                // from its fleet.
                new Setting(List.of("billing.kafka.projector-instance-id"), null, IN_PROCESS_PROJECTOR_ID)));
        if (testChain != null) {
            settings.addAll(List.of(
                    new Setting("billing.chains.test.name", testChain.name()),
                    new Setting("billing.chains.test.chain-id", testChain.chainId()),
                    new Setting("billing.chains.test.usdc-address", testChain.usdcAddress()),
                    new Setting("billing.chains.test.vault-address", testChain.vaultAddress()),
                    new Setting("billing.chains.test.rpc-url", testChain.rpcUrl()),
                    // What checkout tells a wallet to add: the local node itself, and no explorer (a local chain has
                    // none).
                    new Setting("billing.chains.test.public-rpc-urls", testChain.rpcUrl()),
                    new Setting("billing.chains.test.explorer-url", ""),
                    new Setting("billing.chains.test.confirmations", testChain.confirmations())));
        }
        return settings;
    }

    /** Never prints the secrets. */
    @Override
    public String toString() {
        return "GatewayArgs[httpPort=" + httpPort + ", publicUrl=" + publicUrl + ", jdbcUrl=" + jdbcUrl + ", kafka="
                + kafkaBootstrapServers + "]";
    }
}
