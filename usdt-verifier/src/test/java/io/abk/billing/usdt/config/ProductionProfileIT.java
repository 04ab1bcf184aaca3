package io.abk.billing.usdt.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.usdt.UsdtVerifierApplication;
import io.abk.billing.usdt.http.auth.ServiceKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verifier's own process refuses, at start, what production must never run: it exits with status 2 and one line
 * saying why, before it binds a port or reaches Kafka.
 */
class ProductionProfileIT {

    @TempDir
    Path dir;

    private record Exit(int status, String stderr) {}

    private Exit run(Map<String, String> environment) throws IOException, InterruptedException {
        var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var stderr = dir.resolve("stderr.txt");
        var builder = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), UsdtVerifierApplication.class.getName())
                .redirectError(stderr.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("BILLING_") || name.startsWith("SPRING_"));
        builder.environment().put("BILLING_USDT_HTTP_PORT", "0");
        // Nothing listens there: a refusal must come before any Kafka client is made.
        builder.environment().put("BILLING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9");
        builder.environment().put("BILLING_USDT_STATE_DIR", dir.resolve("state").toString());
        builder.environment().putAll(environment);
        var process = builder.start();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the verifier did not exit");
        }
        return new Exit(process.exitValue(), Files.readString(stderr, StandardCharsets.UTF_8));
    }

    @Test
    void shouldExitWithStatusTwoWhenTheSandboxIsOnUnderTheProductionProfile() throws Exception {
        var exit = run(Map.of(
                "SPRING_PROFILES_ACTIVE",
                "production",
                "BILLING_USDT_SANDBOX",
                "true",
                "BILLING_USDT_KEYS",
                "usdt_live_key_0123456789abcdef_0123"));

        assertThat(exit.status()).isEqualTo(2);
        assertThat(exit.stderr())
                .contains("usdt-verifier: invalid configuration:")
                .contains("BILLING_USDT_SANDBOX=true is refused under the production profile");
    }

    @Test
    void shouldExitWithStatusTwoWhenTheDevelopmentKeyIsListedUnderTheProductionProfile() throws Exception {
        var exit = run(Map.of(
                "SPRING_PROFILES_ACTIVE",
                "production",
                "BILLING_USDT_RPC_URLS",
                "http://127.0.0.1:9",
                "BILLING_USDT_KEYS",
                ServiceKeys.DEVELOPMENT_KEY));

        assertThat(exit.status()).isEqualTo(2);
        assertThat(exit.stderr()).contains("development key");
    }

    @Test
    void shouldExitWithStatusTwoWhenNoKeysAreConfiguredUnderTheProductionProfile() throws Exception {
        var exit = run(Map.of("SPRING_PROFILES_ACTIVE", "production", "BILLING_USDT_RPC_URLS", "http://127.0.0.1:9"));

        assertThat(exit.status()).isEqualTo(2);
        assertThat(exit.stderr()).contains("BILLING_USDT_KEYS must be set under the production profile");
    }

    @Test
    void shouldExitWithStatusTwoNamingTheVariableWhenASettingIsInvalid() throws Exception {
        var exit = run(Map.of("BILLING_USDT_SANDBOX", "true", "BILLING_USDT_TOLERANCE_PERCENT", "150"));

        assertThat(exit.status()).isEqualTo(2);
        assertThat(exit.stderr()).contains("BILLING_USDT_TOLERANCE_PERCENT");
    }
}
