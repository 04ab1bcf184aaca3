package io.abk.billing.usdt.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsdtPropertiesTest {

    static UsdtProperties.Chain chain(List<String> rpcUrls) {
        return new UsdtProperties.Chain(
                rpcUrls,
                "",
                "TRON-PRO-API-KEY",
                728126428,
                "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
                6,
                19,
                Duration.ofSeconds(10),
                1000);
    }

    static UsdtProperties properties(boolean sandbox, List<String> keys) {
        return new UsdtProperties(
                keys,
                sandbox,
                Duration.ofSeconds(10),
                Duration.ofHours(24),
                chain(sandbox ? List.of() : List.of("https://api.trongrid.io/jsonrpc")),
                new UsdtProperties.Match(BigDecimal.ONE),
                kafka());
    }

    static UsdtProperties.Kafka kafka() {
        return new UsdtProperties.Kafka("localhost:9092", "usdt-verifier", "", Duration.ofMillis(30));
    }

    @Test
    void shouldNormaliseTheTokenAddressWhenItIsGivenInTronForm() {
        assertThat(chain(List.of()).tokenAddress()).isEqualTo("0xa614f803b6fd780986a42c78ec9c7f77e6ded13c");
    }

    @Test
    void shouldDropBlankKeysWhenTheListHasEmptyEntries() {
        assertThat(properties(true, List.of(" ", "usdt_test_key_0123456789", ""))
                        .keys())
                .containsExactly("usdt_test_key_0123456789");
    }

    @Test
    void shouldNameTheVariableWhenASettingCannotBeUsed() {
        assertThatThrownBy(() -> properties(true, List.of("short")))
                .hasMessageContaining("BILLING_USDT_KEYS")
                .hasMessageNotContaining("short");
        assertThatThrownBy(() -> new UsdtProperties(
                        List.of(),
                        false,
                        Duration.ofSeconds(1),
                        Duration.ofHours(1),
                        chain(List.of()),
                        new UsdtProperties.Match(BigDecimal.ONE),
                        kafka()))
                .hasMessageContaining("BILLING_USDT_RPC_URLS")
                .hasMessageContaining("BILLING_USDT_SANDBOX");
        assertThatThrownBy(() -> new UsdtProperties(
                        List.of(),
                        true,
                        Duration.ofSeconds(1),
                        Duration.ofHours(1),
                        chain(List.of("http://127.0.0.1:8545")),
                        new UsdtProperties.Match(BigDecimal.ONE),
                        kafka()))
                .hasMessageContaining("both set");
        assertThatThrownBy(() -> new UsdtProperties.Chain(
                        List.of("ftp://x"),
                        "",
                        "h",
                        1,
                        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
                        6,
                        1,
                        Duration.ofSeconds(1),
                        1))
                .hasMessageContaining("BILLING_USDT_RPC_URLS");
        assertThatThrownBy(() -> new UsdtProperties.Chain(
                        List.of(), "", "h", 1, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", 6, 1, Duration.ofSeconds(1), 1))
                .hasMessageContaining("BILLING_USDT_TOKEN_ADDRESS");
        assertThatThrownBy(() -> new UsdtProperties.Chain(
                        List.of(), "", "h", 1, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 5, 1, Duration.ofSeconds(1), 1))
                .hasMessageContaining("BILLING_USDT_TOKEN_DECIMALS");
        assertThatThrownBy(() -> new UsdtProperties.Chain(
                        List.of(), "", "h", 1, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 6, 0, Duration.ofSeconds(1), 1))
                .hasMessageContaining("BILLING_USDT_CONFIRMATIONS");
        assertThatThrownBy(() -> new UsdtProperties.Chain(
                        List.of(), "", "h", 0, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 6, 1, Duration.ofSeconds(1), 1))
                .hasMessageContaining("BILLING_USDT_CHAIN_ID");
        assertThatThrownBy(() -> new UsdtProperties.Chain(
                        List.of(), "key", "", 1, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 6, 1, Duration.ofSeconds(1), 1))
                .hasMessageContaining("BILLING_USDT_RPC_API_KEY_HEADER");
        assertThatThrownBy(() -> new UsdtProperties.Match(new BigDecimal("100")))
                .hasMessageContaining("BILLING_USDT_TOLERANCE_PERCENT");
        assertThatThrownBy(() -> new UsdtProperties.Kafka(" ", "a", "", Duration.ofMillis(1)))
                .hasMessageContaining("BILLING_KAFKA_BOOTSTRAP_SERVERS");
    }

    @Test
    void shouldHideSecretsWhenPrinted() {
        var properties = new UsdtProperties(
                List.of("usdt_secret_key_0123456789"),
                false,
                Duration.ofSeconds(1),
                Duration.ofHours(1),
                new UsdtProperties.Chain(
                        List.of("https://rpc.example/v1/provider-key-in-url"),
                        "provider-secret",
                        "x-api-key",
                        1,
                        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
                        6,
                        1,
                        Duration.ofSeconds(1),
                        1),
                new UsdtProperties.Match(BigDecimal.ONE),
                kafka());

        assertThat(properties.toString())
                .doesNotContain("usdt_secret_key_0123456789", "provider-secret", "provider-key-in-url");
    }
}
