package io.abk.billing.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LocalStackSettingsTest {

    private static final Path WORKING_DIR = Path.of("/work/project");

    @Test
    void shouldUseDocumentedDefaultsWhenNothingIsSet() {
        var config = LocalStackSettings.fromEnv(Map.of(), WORKING_DIR);

        assertThat(config.httpPort()).isEqualTo(8080);
        assertThat(config.kafkaPort()).isEqualTo(19092);
        assertThat(config.postgresPort()).isEqualTo(15432);
        assertThat(config.partitions()).isEqualTo(12);
        assertThat(config.dataDir()).isEqualTo(Path.of("/work/project/.billing/data"));
        assertThat(config.adminToken()).isNull();
        assertThat(config.demoTestKey()).isNull();
        assertThat(config.demoLiveKey()).isNull();
        assertThat(config.rateLimitsEnabled()).isNull();
        assertThat(config.rateLimitPerKeyPerSecond()).isNull();
        assertThat(config.rateLimitCheckoutPerMinute()).isNull();
        assertThat(config.webhooksAllowLoopbackInTest())
                .as("local receivers work out of the box")
                .isTrue();
        assertThat(config.publicUrlFor(8080)).isEqualTo("http://localhost:8080");
        assertThat(config.localChain()).as("test mode stays the sandbox").isFalse();
        assertThat(config.localChainPort()).isEqualTo(8545);
        assertThat(config.processes()).as("every service in this JVM").isFalse();
        assertThat(config.replicas()).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource({"anvil, true", "ANVIL, true", "none, false", "sandbox, false", "' ', false"})
    void shouldRunTheLocalChainOnlyWhenAskedForAnvil(String value, boolean expected) {
        var config = LocalStackSettings.fromEnv(
                Map.of("BILLING_LOCAL_CHAIN", value, "BILLING_LOCAL_CHAIN_PORT", "18545"), WORKING_DIR);

        assertThat(config.localChain()).isEqualTo(expected);
        assertThat(config.localChainPort()).isEqualTo(18545);
    }

    @Test
    void shouldRunTheLocalChainWhenGivenTheArgument() {
        var config = LocalStackSettings.fromEnv(Map.of(), List.of("--local-chain"), WORKING_DIR);

        assertThat(config.localChain()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = ';',
            value = {
                "--processes; 1",
                "--processes --replicas 2; 2",
                "--replicas=3 --processes; 3",
                "--local-chain --processes --replicas 8; 8"
            })
    void shouldRunEveryServiceAsAProcessWithItsReplicasWhenAsked(String arguments, int replicas) {
        var config = LocalStackSettings.fromEnv(Map.of(), List.of(arguments.split(" ")), WORKING_DIR);

        assertThat(config.processes()).isTrue();
        assertThat(config.replicas()).isEqualTo(replicas);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = ';',
            value = {
                "--replicas 2; --replicas needs --processes",
                "--processes --replicas 0; --replicas must be between 1 and 8",
                "--processes --replicas 9; --replicas must be between 1 and 8",
                "--processes --replicas two; --replicas takes a number, got 'two'",
                "--processes --replicas; --replicas takes a number, got ''"
            })
    void shouldRefuseReplicasItCannotRun(String arguments, String message) {
        assertThatThrownBy(() -> LocalStackSettings.fromEnv(Map.of(), List.of(arguments.split(" ")), WORKING_DIR))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void shouldRefuseAnUnknownArgumentNamingTheOneThereIs() {
        assertThatThrownBy(() -> LocalStackSettings.fromEnv(Map.of(), List.of("--local-chian"), WORKING_DIR))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--local-chian")
                .hasMessageContaining("--local-chain");
    }

    @Test
    void shouldReadEveryVariableWhenSet() {
        var config = LocalStackSettings.fromEnv(
                Map.ofEntries(
                        Map.entry("BILLING_HTTP_PORT", "9090"),
                        Map.entry("BILLING_ADMIN_TOKEN", "admin-token-of-sixteen"),
                        Map.entry("BILLING_DEMO_TEST_KEY", "abk_test_x"),
                        Map.entry("BILLING_DEMO_LIVE_KEY", "abk_live_y"),
                        Map.entry("BILLING_DATA_DIR", "state"),
                        Map.entry("BILLING_PUBLIC_URL", "https://pay.example.com"),
                        Map.entry("BILLING_KAFKA_PORT", "29092"),
                        Map.entry("BILLING_POSTGRES_PORT", "25432"),
                        Map.entry("BILLING_PARTITIONS", "3"),
                        Map.entry("BILLING_RATE_LIMITS_ENABLED", "FALSE"),
                        Map.entry("BILLING_RATE_LIMIT_PER_KEY_PER_SECOND", "500"),
                        Map.entry("BILLING_RATE_LIMIT_CHECKOUT_PER_MINUTE", "60"),
                        Map.entry("BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST", "false")),
                WORKING_DIR);

        assertThat(config.httpPort()).isEqualTo(9090);
        assertThat(config.adminToken()).isEqualTo("admin-token-of-sixteen");
        assertThat(config.demoTestKey()).isEqualTo("abk_test_x");
        assertThat(config.demoLiveKey()).isEqualTo("abk_live_y");
        assertThat(config.dataDir()).isEqualTo(Path.of("/work/project/state"));
        assertThat(config.publicUrlFor(9090)).isEqualTo("https://pay.example.com");
        assertThat(config.kafkaPort()).isEqualTo(29092);
        assertThat(config.postgresPort()).isEqualTo(25432);
        assertThat(config.partitions()).isEqualTo(3);
        assertThat(config.rateLimitsEnabled()).isFalse();
        assertThat(config.rateLimitPerKeyPerSecond()).isEqualTo(500);
        assertThat(config.rateLimitCheckoutPerMinute()).isEqualTo(60);
        assertThat(config.webhooksAllowLoopbackInTest()).isFalse();
    }

    @Test
    void shouldKeepAnAbsoluteDataDirWhenGivenOne() {
        var config = LocalStackSettings.fromEnv(Map.of("BILLING_DATA_DIR", "/var/billing"), WORKING_DIR);

        assertThat(config.dataDir()).isEqualTo(Path.of("/var/billing"));
    }

    @Test
    void shouldTreatBlankValuesAsUnsetWhenReading() {
        var config =
                LocalStackSettings.fromEnv(Map.of("BILLING_ADMIN_TOKEN", "  ", "BILLING_HTTP_PORT", ""), WORKING_DIR);

        assertThat(config.adminToken()).isNull();
        assertThat(config.httpPort()).isEqualTo(8080);
    }

    @ParameterizedTest
    @CsvSource({
        "BILLING_HTTP_PORT, eighty, BILLING_HTTP_PORT must be a whole number",
        "BILLING_HTTP_PORT, 70000, BILLING_HTTP_PORT must be a TCP port",
        "BILLING_KAFKA_PORT, -1, BILLING_KAFKA_PORT must be a TCP port",
        "BILLING_POSTGRES_PORT, 5432x, BILLING_POSTGRES_PORT must be a whole number",
        "BILLING_PARTITIONS, 0, BILLING_PARTITIONS must be between 1 and 1000",
        "BILLING_LOCAL_CHAIN, ganache, BILLING_LOCAL_CHAIN must be 'anvil'",
        "BILLING_LOCAL_CHAIN_PORT, 65536, BILLING_LOCAL_CHAIN_PORT must be a TCP port",
        "BILLING_RATE_LIMITS_ENABLED, yes, BILLING_RATE_LIMITS_ENABLED must be true or false",
        "BILLING_RATE_LIMIT_PER_KEY_PER_SECOND, many, BILLING_RATE_LIMIT_PER_KEY_PER_SECOND must be a whole number"
    })
    void shouldNameTheVariableWhenAValueIsInvalid(String name, String value, String message) {
        assertThatThrownBy(() -> LocalStackSettings.fromEnv(Map.of(name, value), WORKING_DIR))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }
}
