package io.abk.billing.systemtests.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Under the production profile every service, run as its own process by its own {@code main}, refuses a secret that
 * everyone knows or that is too short: it exits with status 2 and one line on standard error naming the variable,
 * never the value, before it opens a port or reaches Kafka or PostgreSQL (nothing listens where they point). Each
 * service is tried with another rule, so that together they cover the shared rules on every start path (the gateway
 * included, which started without them before).
 */
@Execution(ExecutionMode.SAME_THREAD)
class ProductionRefusalIT {

    private static final String STRONG = "q8Vx2mT9rLw4Zp7Kc1Nf6Hs3Jd5Gb0Ya";
    /** anvil's account 1, the local stack's relayer: a key published with Foundry. */
    private static final String ANVIL_RELAYER_KEY =
            "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
    /** The admin token .env.example shipped before the secrets became files: long enough for the length rule. */
    private static final String SHIPPED_TOKEN = "change-me-admin-token-of-32-characters";

    @TempDir
    static Path dir;

    private record Exit(int status, String stderr, String stdout) {}

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of(
                        "api-gateway: the admin token .env.example shipped",
                        "io.abk.billing.gateway.GatewayApplication",
                        Map.of(
                                "BILLING_ADMIN_TOKEN",
                                SHIPPED_TOKEN,
                                "BILLING_DB_PASSWORD",
                                STRONG,
                                "BILLING_SECRETS_KEYS",
                                "k1:" + STRONG + "AAAAAAAAAAAA",
                                "BILLING_ADMIN_PORT",
                                "0"),
                        "api-gateway: invalid configuration: BILLING_ADMIN_TOKEN is a value shipped in .env.example",
                        SHIPPED_TOKEN),
                Arguments.of(
                        "api-gateway: the operator API left on the public port",
                        "io.abk.billing.gateway.GatewayApplication",
                        Map.of(
                                "BILLING_ADMIN_TOKEN", STRONG,
                                "BILLING_DB_PASSWORD_FILE", "@" + STRONG + "\n",
                                "BILLING_SECRETS_KEYS", "k1:" + STRONG + "AAAAAAAAAAAA"),
                        "api-gateway: invalid configuration: BILLING_ADMIN_PORT must be set under the production"
                                + " profile",
                        STRONG),
                Arguments.of(
                        "webhook-sender: a database password too short, given as a file",
                        "io.abk.billing.webhooks.WebhookSenderApplication",
                        Map.of(
                                "BILLING_DB_PASSWORD_FILE",
                                "@pg-password-too-short",
                                "BILLING_SECRETS_KEYS",
                                "k1:" + STRONG + "AAAAAAAAAAAA"),
                        "webhook-sender: invalid configuration: BILLING_DB_PASSWORD must be at least 32 characters",
                        "pg-password-too-short"),
                Arguments.of(
                        "usdt-verifier: one of its keys too short (the verifier alone took 16 characters)",
                        "io.abk.billing.usdt.UsdtVerifierApplication",
                        Map.of(
                                "BILLING_USDT_KEYS",
                                STRONG + ",usdt_key_of_20_chars",
                                "BILLING_USDT_RPC_URLS",
                                "http://127.0.0.1:9"),
                        "usdt-verifier: invalid configuration: BILLING_USDT_KEYS (key 2) must be at least 32 characters",
                        "usdt_key_of_20_chars"),
                Arguments.of(
                        "chain-indexer: anvil's relayer key as the live relayer",
                        "io.abk.billing.chain.ChainIndexerApp",
                        Map.of("BILLING_CHAINS_LIVE_RELAYER_KEY", ANVIL_RELAYER_KEY),
                        "chain-indexer: invalid configuration: BILLING_CHAINS_LIVE_RELAYER_KEY is one of anvil's"
                                + " public test account keys",
                        ANVIL_RELAYER_KEY.substring(2)),
                Arguments.of(
                        "billing-streams: a short Kafka keystore password",
                        "io.abk.billing.streams.BillingStreamsApp",
                        Map.of(
                                "BILLING_KAFKA_SECURITY_PROTOCOL", "SSL",
                                "BILLING_KAFKA_SSL_KEYSTORE_LOCATION", "@not read",
                                "BILLING_KAFKA_SSL_KEYSTORE_PASSWORD", "changeit"),
                        "billing-streams: invalid configuration: BILLING_KAFKA_SSL_KEYSTORE_PASSWORD must be at least"
                                + " 32 characters",
                        "changeit"),
                Arguments.of(
                        "renewal-scheduler: a JAAS line .env.example shipped",
                        "io.abk.billing.scheduler.RenewalSchedulerApp",
                        Map.of(
                                "BILLING_KAFKA_SECURITY_PROTOCOL", "SASL_SSL",
                                "BILLING_KAFKA_SASL_MECHANISM", "SCRAM-SHA-512",
                                "BILLING_KAFKA_SASL_JAAS_CONFIG", SHIPPED_TOKEN),
                        "renewal-scheduler: invalid configuration: BILLING_KAFKA_SASL_JAAS_CONFIG is a value shipped",
                        SHIPPED_TOKEN));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void shouldExitWithStatusTwoAndOneLineNamingTheVariableWhenProductionRefusesASecret(
            String name, String mainClass, Map<String, String> settings, String line, String secret) throws Exception {
        var exit = run(mainClass, settings);

        assertThat(exit.status()).as(exit.stderr()).isEqualTo(2);
        assertThat(exit.stderr().lines().filter(text -> !text.isBlank()))
                .as("standard error")
                .singleElement()
                .asString()
                .startsWith(line);
        assertThat(exit.stderr() + exit.stdout()).doesNotContain(secret.strip());
    }

    /** Runs {@code mainClass} under the production profile with {@code settings}; {@code @text} is a file of text. */
    private static Exit run(String mainClass, Map<String, String> settings) throws IOException, InterruptedException {
        var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var run = Files.createTempDirectory(dir, "run");
        var builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), mainClass)
                .redirectError(run.resolve("stderr.txt").toFile())
                .redirectOutput(run.resolve("stdout.txt").toFile());
        var env = builder.environment();
        env.keySet().removeIf(variable -> variable.startsWith("BILLING_") || variable.startsWith("SPRING_"));
        env.put("SPRING_PROFILES_ACTIVE", "production");
        // Nothing listens at these: a refusal comes before any client or port is opened.
        env.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9");
        env.put("BILLING_JDBC_URL", "jdbc:postgresql://127.0.0.1:9/billing");
        env.put("BILLING_R2DBC_URL", "r2dbc:postgresql://127.0.0.1:9/billing");
        env.put("BILLING_HTTP_PORT", "0");
        env.put("BILLING_USDT_HTTP_PORT", "0");
        env.put("BILLING_MANAGEMENT_PORT", "0");
        var resolved = new HashMap<String, String>();
        for (var entry : settings.entrySet()) {
            var value = entry.getValue();
            if (value.startsWith("@")) {
                var file = Files.writeString(Files.createTempFile(run, "secret", ""), value.substring(1));
                value = file.toString();
            }
            resolved.put(entry.getKey(), value);
        }
        env.putAll(resolved);
        var process = builder.start();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            return new Exit(-1, "did not exit within 90 s", "");
        }
        return new Exit(
                process.exitValue(),
                Files.readString(run.resolve("stderr.txt"), StandardCharsets.UTF_8),
                Files.readString(run.resolve("stdout.txt"), StandardCharsets.UTF_8));
    }
}
