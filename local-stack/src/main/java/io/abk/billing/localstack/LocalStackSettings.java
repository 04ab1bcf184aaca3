package io.abk.billing.localstack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How the local stack runs, from {@code BILLING_*} environment variables. A port of 0 means "pick a free port"
 * (tests). Secrets left null are generated once and kept in the data directory; the rate-limit settings are
 * passed to the gateway only when given, so the gateway's own defaults apply otherwise.
 *
 * @param httpPort                   {@code BILLING_HTTP_PORT}, default 8080
 * @param adminToken                 {@code BILLING_ADMIN_TOKEN}, generated when absent
 * @param demoTestKey                {@code BILLING_DEMO_TEST_KEY}, generated when absent
 * @param demoLiveKey                {@code BILLING_DEMO_LIVE_KEY}, generated when absent
 * @param dataDir                    {@code BILLING_DATA_DIR}, default {@code .billing/data} under the current directory
 * @param publicUrl                  {@code BILLING_PUBLIC_URL}, default {@code http://localhost:<http port>}
 * @param kafkaPort                  {@code BILLING_KAFKA_PORT}, default 19092
 * @param postgresPort               {@code BILLING_POSTGRES_PORT}, default 15432
 * @param partitions                 {@code BILLING_PARTITIONS}, default 12: partitions of each topic created
 * @param rateLimitsEnabled          {@code BILLING_RATE_LIMITS_ENABLED}
 * @param rateLimitPerKeyPerSecond   {@code BILLING_RATE_LIMIT_PER_KEY_PER_SECOND}
 * @param rateLimitCheckoutPerMinute {@code BILLING_RATE_LIMIT_CHECKOUT_PER_MINUTE}
 * @param webhooksAllowLoopbackInTest {@code BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST}, default true here (a deployed
 *                                    gateway and sender default to false): test-mode endpoints may be {@code http} to
 *                                    a receiver on this machine; live ones never may
 * @param localChain                 {@code BILLING_LOCAL_CHAIN=anvil} or the {@code --local-chain} argument: test mode
 *                                    settles on an anvil chain the stack runs itself instead of the sandbox
 * @param localChainPort             {@code BILLING_LOCAL_CHAIN_PORT}, default 8545 (anvil's usual port, so wallets and
 *                                    {@code cast} find it); 0 picks a free one
 * @param usdtHttpPort               {@code BILLING_USDT_HTTP_PORT}, default 8787: the companion USDT verifier's port (0 picks
 *                                    a free one; with several replicas the next ones follow it)
 * @param usdtKeys                   {@code BILLING_USDT_KEYS}: the verifier's keys, comma-separated; empty accepts its
 *                                    documented development key
 * @param processes                  the {@code --processes} argument: every service runs as its own OS process (its
 *                                    runnable jar) instead of inside this JVM
 * @param replicas                   the {@code --replicas N} argument (with {@code --processes}; default 1): processes
 *                                    of each stream service, of the webhook sender and of the gateway (on consecutive
 *                                    ports from {@code httpPort})
 * @param readyTimeout               how long the start may take before it fails, naming what is not ready
 */
public record LocalStackSettings(
        int httpPort,
        @Nullable String adminToken,
        @Nullable String demoTestKey,
        @Nullable String demoLiveKey,
        Path dataDir,
        @Nullable String publicUrl,
        int kafkaPort,
        int postgresPort,
        int partitions,
        @Nullable Boolean rateLimitsEnabled,
        @Nullable Integer rateLimitPerKeyPerSecond,
        @Nullable Integer rateLimitCheckoutPerMinute,
        boolean webhooksAllowLoopbackInTest,
        boolean localChain,
        int localChainPort,
        int usdtHttpPort,
        String usdtKeys,
        boolean processes,
        int replicas,
        Duration readyTimeout) {

    public static final int DEFAULT_HTTP_PORT = 8080;
    public static final int DEFAULT_KAFKA_PORT = 19092;
    public static final int DEFAULT_POSTGRES_PORT = 15432;
    public static final int DEFAULT_PARTITIONS = 12;
    public static final int DEFAULT_LOCAL_CHAIN_PORT = 8545;
    public static final int DEFAULT_USDT_HTTP_PORT = 8787;
    /** The command-line argument that turns the local chain on, like {@code BILLING_LOCAL_CHAIN=anvil}. */
    public static final String LOCAL_CHAIN_ARGUMENT = "--local-chain";
    /** Every service as its own OS process. */
    public static final String PROCESSES_ARGUMENT = "--processes";
    /** {@code --replicas N}: processes of each scalable service (with {@link #PROCESSES_ARGUMENT}). */
    public static final String REPLICAS_ARGUMENT = "--replicas";

    static final String USAGE = "usage: ./billing run [--local-chain] [--processes [--replicas N]]";
    /** Enough to show the distributed shape; each replica is a JVM of its own on this machine. */
    static final int MAX_REPLICAS = 8;
    /** Cold starts on a busy 2-core machine take 20-40 s (PostgreSQL initdb, broker format, Streams rebalance). */
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofMinutes(3);

    public LocalStackSettings {
        checkPort("BILLING_HTTP_PORT", httpPort);
        checkPort("BILLING_KAFKA_PORT", kafkaPort);
        checkPort("BILLING_POSTGRES_PORT", postgresPort);
        checkPort("BILLING_LOCAL_CHAIN_PORT", localChainPort);
        checkPort("BILLING_USDT_HTTP_PORT", usdtHttpPort);
        if (replicas < 1 || replicas > MAX_REPLICAS) {
            throw new IllegalArgumentException(
                    REPLICAS_ARGUMENT + " must be between 1 and " + MAX_REPLICAS + ", got " + replicas);
        }
        if (replicas > 1 && !processes) {
            throw new IllegalArgumentException(REPLICAS_ARGUMENT + " needs " + PROCESSES_ARGUMENT + "; " + USAGE);
        }
        if (partitions < 1 || partitions > 1000) {
            throw new IllegalArgumentException("BILLING_PARTITIONS must be between 1 and 1000, got " + partitions);
        }
        dataDir = dataDir.toAbsolutePath().normalize();
        if (readyTimeout.isNegative() || readyTimeout.isZero()) {
            throw new IllegalArgumentException("readyTimeout must be positive, got " + readyTimeout);
        }
    }

    /** The configuration from this process's environment and arguments, relative to the current directory. */
    public static LocalStackSettings fromEnv(List<String> args) {
        return fromEnv(System.getenv(), args, Path.of("").toAbsolutePath());
    }

    /** The configuration from {@code env} alone; {@code workingDir} anchors the default data directory. */
    public static LocalStackSettings fromEnv(Map<String, String> env, Path workingDir) {
        return fromEnv(env, List.of(), workingDir);
    }

    /**
     * The configuration from {@code env} and the command-line {@code args} ({@code ./billing run} passes its own);
     * {@code workingDir} anchors the default data directory.
     */
    public static LocalStackSettings fromEnv(Map<String, String> env, List<String> args, Path workingDir) {
        var vars = new EnvVars(env);
        var localChainArgument = false;
        var processes = false;
        var replicas = 1;
        for (int i = 0; i < args.size(); i++) {
            var arg = args.get(i);
            if (arg.equals(LOCAL_CHAIN_ARGUMENT)) {
                localChainArgument = true;
            } else if (arg.equals(PROCESSES_ARGUMENT)) {
                processes = true;
            } else if (arg.equals(REPLICAS_ARGUMENT) || arg.startsWith(REPLICAS_ARGUMENT + "=")) {
                var value = arg.contains("=")
                        ? arg.substring(arg.indexOf('=') + 1)
                        : i + 1 < args.size() ? args.get(++i) : "";
                try {
                    replicas = Integer.parseInt(value);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            REPLICAS_ARGUMENT + " takes a number, got '" + value + "'; " + USAGE);
                }
            } else {
                throw new IllegalArgumentException("unknown argument '" + arg + "'; " + USAGE);
            }
        }
        return new LocalStackSettings(
                vars.integer("BILLING_HTTP_PORT").orElse(DEFAULT_HTTP_PORT),
                vars.text("BILLING_ADMIN_TOKEN").orElse(null),
                vars.text("BILLING_DEMO_TEST_KEY").orElse(null),
                vars.text("BILLING_DEMO_LIVE_KEY").orElse(null),
                vars.text("BILLING_DATA_DIR").map(workingDir::resolve).orElse(workingDir.resolve(".billing/data")),
                vars.text("BILLING_PUBLIC_URL").orElse(null),
                vars.integer("BILLING_KAFKA_PORT").orElse(DEFAULT_KAFKA_PORT),
                vars.integer("BILLING_POSTGRES_PORT").orElse(DEFAULT_POSTGRES_PORT),
                vars.integer("BILLING_PARTITIONS").orElse(DEFAULT_PARTITIONS),
                vars.bool("BILLING_RATE_LIMITS_ENABLED").orElse(null),
                vars.integer("BILLING_RATE_LIMIT_PER_KEY_PER_SECOND").orElse(null),
                vars.integer("BILLING_RATE_LIMIT_CHECKOUT_PER_MINUTE").orElse(null),
                vars.bool("BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST").orElse(true),
                localChainArgument || localChain(vars),
                vars.integer("BILLING_LOCAL_CHAIN_PORT").orElse(DEFAULT_LOCAL_CHAIN_PORT),
                vars.integer("BILLING_USDT_HTTP_PORT").orElse(DEFAULT_USDT_HTTP_PORT),
                vars.text("BILLING_USDT_KEYS").orElse(""),
                processes,
                replicas,
                DEFAULT_READY_TIMEOUT);
    }

    /** Defaults for a test: every port picked free, secrets generated, data under {@code dataDir}. */
    public static LocalStackSettings forTest(Path dataDir, int partitions) {
        return new LocalStackSettings(
                0,
                null,
                null,
                null,
                dataDir,
                null,
                0,
                0,
                partitions,
                false,
                null,
                null,
                true,
                false,
                0,
                0,
                "",
                false,
                1,
                DEFAULT_READY_TIMEOUT);
    }

    /** The same configuration with test mode on a local anvil chain at {@code port} (0: a free one). */
    public LocalStackSettings withLocalChain(int port) {
        return copy(
                adminToken,
                demoTestKey,
                demoLiveKey,
                true,
                port,
                processes,
                replicas,
                rateLimitsEnabled,
                rateLimitPerKeyPerSecond,
                rateLimitCheckoutPerMinute);
    }

    /** The same configuration with every service as its own process, {@code replicas} of each scalable one. */
    public LocalStackSettings withProcesses(int replicas) {
        return copy(
                adminToken,
                demoTestKey,
                demoLiveKey,
                localChain,
                localChainPort,
                true,
                replicas,
                rateLimitsEnabled,
                rateLimitPerKeyPerSecond,
                rateLimitCheckoutPerMinute);
    }

    /** The same configuration with the given secrets fixed, as if they came from the environment. */
    public LocalStackSettings withSecrets(
            @Nullable String adminToken, @Nullable String demoTestKey, @Nullable String demoLiveKey) {
        return copy(
                adminToken,
                demoTestKey,
                demoLiveKey,
                localChain,
                localChainPort,
                processes,
                replicas,
                rateLimitsEnabled,
                rateLimitPerKeyPerSecond,
                rateLimitCheckoutPerMinute);
    }

    /**
     * The same configuration with the gateway's rate limits on: {@code perKeyPerSecond} requests a second per API key,
     * {@code checkoutPerMinute} hosted-checkout requests a minute per client address.
     */
    public LocalStackSettings withRateLimits(int perKeyPerSecond, int checkoutPerMinute) {
        return copy(
                adminToken,
                demoTestKey,
                demoLiveKey,
                localChain,
                localChainPort,
                processes,
                replicas,
                true,
                perKeyPerSecond,
                checkoutPerMinute);
    }

    /** The one copy method: this configuration with what the withers change, everything else kept. */
    private LocalStackSettings copy(
            @Nullable String adminToken,
            @Nullable String demoTestKey,
            @Nullable String demoLiveKey,
            boolean localChain,
            int localChainPort,
            boolean processes,
            int replicas,
            @Nullable Boolean rateLimitsEnabled,
            @Nullable Integer rateLimitPerKeyPerSecond,
            @Nullable Integer rateLimitCheckoutPerMinute) {
        return new LocalStackSettings(
                httpPort,
                adminToken,
                demoTestKey,
                demoLiveKey,
                dataDir,
                publicUrl,
                kafkaPort,
                postgresPort,
                partitions,
                rateLimitsEnabled,
                rateLimitPerKeyPerSecond,
                rateLimitCheckoutPerMinute,
                webhooksAllowLoopbackInTest,
                localChain,
                localChainPort,
                usdtHttpPort,
                usdtKeys,
                processes,
                replicas,
                readyTimeout);
    }

    /** The public URL given, or {@code http://localhost:<port>} for the port the gateway really listens on. */
    public String publicUrlFor(int boundHttpPort) {
        return Optional.ofNullable(publicUrl).orElse("http://localhost:" + boundHttpPort);
    }

    /** {@code BILLING_LOCAL_CHAIN}: {@code anvil} runs one; empty, {@code none} or {@code sandbox} leave test mode in the sandbox. */
    private static boolean localChain(EnvVars vars) {
        return vars.text("BILLING_LOCAL_CHAIN")
                .map(value -> switch (value.toLowerCase(Locale.ROOT)) {
                    case "anvil" -> Boolean.TRUE;
                    case "none", "sandbox" -> Boolean.FALSE;
                    default ->
                        throw new IllegalArgumentException(
                                "BILLING_LOCAL_CHAIN must be 'anvil' (or empty for the sandbox), got '" + value + "'");
                })
                .orElse(false);
    }

    private static void checkPort(String name, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(name + " must be a TCP port (0 picks a free one), got " + port);
        }
    }

    /** Reads typed values from the environment, naming the variable when one does not parse. */
    private record EnvVars(Map<String, String> env) {

        Optional<String> text(String name) {
            return Optional.ofNullable(env.get(name)).map(String::strip).filter(value -> !value.isEmpty());
        }

        Optional<Integer> integer(String name) {
            return text(name).map(value -> {
                try {
                    return Integer.valueOf(value);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(name + " must be a whole number, got '" + value + "'");
                }
            });
        }

        Optional<Boolean> bool(String name) {
            return text(name).map(value -> switch (value.toLowerCase(Locale.ROOT)) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException(name + " must be true or false, got '" + value + "'");
            });
        }
    }
}
