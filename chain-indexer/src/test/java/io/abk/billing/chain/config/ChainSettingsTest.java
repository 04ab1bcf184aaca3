package io.abk.billing.chain.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.contracts.AnvilKeys;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.schemas.mode.Mode;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChainSettingsTest {

    private static final String KEY = "0x" + "5f".repeat(32);

    @Test
    void shouldDefaultToBaseSepoliaForTestAndBaseForLiveWhenNothingIsSet() {
        var test = ChainSettings.fromEnv(Mode.TEST, new Env(Map.of()));
        var live = ChainSettings.fromEnv(Mode.LIVE, new Env(Map.of()));

        assertThat(test.configured()).isFalse();
        assertThat(test.chainId()).isEqualTo(84532);
        assertThat(test.usdcAddress()).isEqualTo(ChainSettings.BASE_SEPOLIA_USDC);
        assertThat(test.confirmations()).isEqualTo(3);
        assertThat(live.chainId()).isEqualTo(8453);
        assertThat(live.name()).isEqualTo("Base");
        assertThat(live.confirmations()).isEqualTo(10);
        assertThat(live.feeCaps()).isEqualTo(ChainSettings.BASE_FEE_CAPS);
        assertThat(live.relayerKey()).isNull();
        assertThat(live.timeTravel()).isFalse();
    }

    @Test
    void shouldReadEveryVariableOfItsModeWhenSet() {
        var settings = ChainSettings.fromEnv(
                Mode.TEST,
                new Env(Map.ofEntries(
                        Map.entry("BILLING_CHAINS_TEST_NAME", "Anvil"),
                        Map.entry("BILLING_CHAINS_TEST_CHAIN_ID", "31337"),
                        Map.entry("BILLING_CHAINS_TEST_RPC_URL", "http://127.0.0.1:8545, http://127.0.0.1:8546"),
                        Map.entry("BILLING_CHAINS_TEST_CONFIRMATIONS", "2"),
                        Map.entry("BILLING_CHAINS_TEST_USDC_ADDRESS", "0x5FbDB2315678afecb367f032d93F642f64180aa3"),
                        Map.entry("BILLING_CHAINS_TEST_VAULT_ADDRESS", "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"),
                        Map.entry("BILLING_CHAINS_TEST_RELAYER_KEY", KEY),
                        Map.entry("BILLING_CHAINS_TEST_MAX_FEE_PER_GAS_GWEI", "2.5"),
                        Map.entry("BILLING_CHAINS_TEST_MAX_PRIORITY_FEE_GWEI", "0.000000001"),
                        Map.entry("BILLING_CHAINS_TEST_MAX_TX_COST_ETH", "0.001"),
                        Map.entry("BILLING_CHAINS_TEST_START_BLOCK", "12"),
                        Map.entry("BILLING_CHAINS_TEST_TIME_TRAVEL", "true"),
                        Map.entry("BILLING_CHAINS_LIVE_CHAIN_ID", "1"))));

        assertThat(settings.name()).isEqualTo("Anvil");
        assertThat(settings.chainId()).isEqualTo(31337);
        assertThat(settings.rpcUrls()).containsExactly("http://127.0.0.1:8545", "http://127.0.0.1:8546");
        assertThat(settings.confirmations()).isEqualTo(2);
        assertThat(settings.vaultAddress()).isEqualTo("0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512");
        assertThat(settings.relayerKey()).isNotNull();
        assertThat(settings.relayerKey().hex()).isEqualTo("5f".repeat(32));
        assertThat(settings.feeCaps().maxFeePerGasWei()).isEqualTo(BigInteger.valueOf(2_500_000_000L));
        assertThat(settings.feeCaps().maxPriorityFeePerGasWei()).isEqualTo(BigInteger.ONE);
        assertThat(settings.feeCaps().maxCostPerTxWei()).isEqualTo(new BigInteger("1000000000000000"));
        assertThat(settings.startBlock()).isEqualTo(12L);
        assertThat(settings.timeTravel()).isTrue();
    }

    @Test
    void shouldReadTheRelayerKeyFromAFileWhenGivenAPath(@TempDir Path dir) throws Exception {
        var file = Files.writeString(dir.resolve("relayer.key"), KEY + "\n");

        var settings = ChainSettings.fromEnv(
                Mode.LIVE, new Env(Map.of("BILLING_CHAINS_LIVE_RELAYER_KEY_FILE", file.toString())));

        assertThat(settings.relayerKey().hex()).isEqualTo("5f".repeat(32));
    }

    @Test
    void shouldNameTheVariableWithoutEchoingTheSecretWhenAKeyIsUnusable() {
        assertThatThrownBy(() -> ChainSettings.fromEnv(
                        Mode.LIVE, new Env(Map.of("BILLING_CHAINS_LIVE_RELAYER_KEY", "0xdeadbeefsecret"))))
                .hasMessageContaining("BILLING_CHAINS_LIVE_RELAYER_KEY")
                .hasMessageNotContaining("deadbeef");
        assertThatThrownBy(() -> ChainSettings.fromEnv(
                        Mode.LIVE,
                        new Env(Map.of(
                                "BILLING_CHAINS_LIVE_RELAYER_KEY",
                                KEY,
                                "BILLING_CHAINS_LIVE_RELAYER_KEY_FILE",
                                "/run/secrets/key"))))
                .hasMessageContaining("cannot both be set");
    }

    @Test
    void shouldRefuseAFeeFinerThanOneWeiAndADepthOfZero() {
        assertThatThrownBy(() -> ChainSettings.fromEnv(
                        Mode.TEST, new Env(Map.of("BILLING_CHAINS_TEST_MAX_FEE_PER_GAS_GWEI", "0.0000000001"))))
                .hasMessageContaining("BILLING_CHAINS_TEST_MAX_FEE_PER_GAS_GWEI");
        assertThatThrownBy(() ->
                        ChainSettings.fromEnv(Mode.TEST, new Env(Map.of("BILLING_CHAINS_TEST_CONFIRMATIONS", "0"))))
                .hasMessageContaining("BILLING_CHAINS_TEST_CONFIRMATIONS");
        assertThatThrownBy(() ->
                        ChainSettings.fromEnv(Mode.TEST, new Env(Map.of("BILLING_CHAINS_TEST_START_BLOCK", "genesis"))))
                .hasMessageContaining("BILLING_CHAINS_TEST_START_BLOCK");
    }

    @Test
    void shouldFollowNoUsdtWhenItsAddressIsNotSet() {
        var settings = ChainSettings.fromEnv(Mode.TEST, new Env(Map.of()));

        assertThat(settings.usdtAddress()).isNull();
        assertThat(settings.usdtDecimals()).isEqualTo(6);
    }

    @Test
    void shouldFollowTheModesUsdtWhenItsAddressIsSet() {
        var settings = ChainSettings.fromEnv(
                Mode.LIVE,
                new Env(Map.of(
                        "BILLING_CHAINS_LIVE_USDT_ADDRESS", " 0xdAC17F958D2ee523a2206206994597C13D831ec7 ",
                        "BILLING_CHAINS_LIVE_USDT_DECIMALS", "18",
                        "BILLING_CHAINS_TEST_USDT_ADDRESS", "0x" + "11".repeat(20))));

        assertThat(settings.usdtAddress()).isEqualTo("0xdAC17F958D2ee523a2206206994597C13D831ec7");
        assertThat(settings.usdtDecimals()).isEqualTo(18);
        assertThat(settings.toString()).contains("usdtAddress=0xdAC17F958D2ee523a2206206994597C13D831ec7");
    }

    @Test
    void shouldNameTheVariableWhenTheUsdtSettingIsUnusable() {
        assertThatThrownBy(() -> ChainSettings.fromEnv(
                        Mode.TEST,
                        new Env(Map.of("BILLING_CHAINS_TEST_USDT_ADDRESS", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"))))
                .hasMessageContaining("BILLING_CHAINS_TEST_USDT_ADDRESS");
        assertThatThrownBy(() -> ChainSettings.fromEnv(
                        Mode.TEST,
                        new Env(Map.of(
                                "BILLING_CHAINS_TEST_USDT_ADDRESS", "0x" + "11".repeat(20),
                                "BILLING_CHAINS_TEST_VAULT_ADDRESS", "0x" + "11".repeat(20)))))
                .hasMessageContaining("BILLING_CHAINS_TEST_USDT_ADDRESS");
        assertThatThrownBy(() -> ChainSettings.fromEnv(
                        Mode.TEST,
                        new Env(Map.of(
                                "BILLING_CHAINS_TEST_USDT_ADDRESS", ChainSettings.BASE_SEPOLIA_USDC.toLowerCase()))))
                .as("USDC's contract under the USDT name")
                .hasMessageContaining("BILLING_CHAINS_TEST_USDT_ADDRESS");
        assertThatThrownBy(() ->
                        ChainSettings.fromEnv(Mode.TEST, new Env(Map.of("BILLING_CHAINS_TEST_USDT_DECIMALS", "40"))))
                .hasMessageContaining("BILLING_CHAINS_TEST_USDT_DECIMALS");
        assertThatThrownBy(() ->
                        ChainSettings.fromEnv(Mode.TEST, new Env(Map.of("BILLING_CHAINS_TEST_USDT_DECIMALS", "six"))))
                .hasMessageContaining("BILLING_CHAINS_TEST_USDT_DECIMALS");
        // Protects against a cast that wrapped 2^32 + 6 to 6 decimals.
        assertThatThrownBy(() -> ChainSettings.fromEnv(
                        Mode.TEST, new Env(Map.of("BILLING_CHAINS_TEST_USDT_DECIMALS", "4294967302"))))
                .hasMessageContaining("BILLING_CHAINS_TEST_USDT_DECIMALS");
    }

    @Test
    void shouldNeverPrintTheRelayerKeyOrTheRpcUrls() {
        var settings = ChainSettings.fromEnv(
                Mode.LIVE,
                new Env(Map.of(
                        "BILLING_CHAINS_LIVE_RPC_URL",
                        "https://base.example.com/v2/secret-api-key",
                        "BILLING_CHAINS_LIVE_RELAYER_KEY",
                        KEY)));

        assertThat(settings.toString())
                .doesNotContain("secret-api-key")
                .doesNotContain("5f5f")
                .contains("hidden");
    }

    @Test
    void shouldRefuseAnvilsPublicKeysAsARelayerKeyOnlyUnderTheProductionProfile() {
        var anvilRelayer = AnvilKeys.PUBLIC_TEST_KEYS.get(1);

        assertThat(ChainSettings.fromEnv(Mode.TEST, new Env(Map.of("BILLING_CHAINS_TEST_RELAYER_KEY", anvilRelayer)))
                        .relayerKey())
                .as("the local chain's relayer, outside production")
                .isNotNull();
        assertThatThrownBy(() -> ChainSettings.fromEnv(
                        Mode.LIVE,
                        new Env(Map.of(
                                Env.PROFILES_VARIABLE,
                                "production",
                                "BILLING_CHAINS_LIVE_RELAYER_KEY",
                                anvilRelayer.substring(2).toUpperCase()))))
                .hasMessage("BILLING_CHAINS_LIVE_RELAYER_KEY is one of anvil's public test account keys, known to"
                        + " everyone: refused under the production profile");
    }
}
