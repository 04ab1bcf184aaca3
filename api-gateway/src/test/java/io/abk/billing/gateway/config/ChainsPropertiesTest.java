package io.abk.billing.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.config.ChainsProperties.Chain;
import io.abk.billing.schemas.avro.Mode;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Chain settings: each mode's defaults fill what is left out, blanks count as absent, bad values fail naming the
 * setting; the wallet's network settings default to Base's own only while the chain id is Base's.
 */
class ChainsPropertiesTest {

    @Test
    void shouldUseBaseSepoliaForTestAndBaseForLiveWhenNothingIsSet() {
        var chains = ChainsProperties.DEFAULTS;

        assertThat(chains.of(Mode.TEST).name()).isEqualTo("Base Sepolia");
        assertThat(chains.of(Mode.TEST).chainId()).isEqualTo(84532L);
        assertThat(chains.of(Mode.TEST).usdcAddress()).isEqualTo("0x036CbD53842c5426634e7929541eC2318f3dCF7e");
        assertThat(chains.of(Mode.LIVE).name()).isEqualTo("Base");
        assertThat(chains.of(Mode.LIVE).chainId()).isEqualTo(8453L);
        assertThat(chains.of(Mode.LIVE).usdcAddress()).isEqualTo("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
        assertThat(chains.of(Mode.LIVE).vaultAddress()).isNull();
        assertThat(chains.isSandbox(Mode.TEST)).isTrue();
        assertThat(chains.isSandbox(Mode.LIVE)).isFalse();
    }

    @Test
    void shouldFillLeftOutSettingsAndReadBlanksAsAbsentWhenPartlySet() {
        var chains = new ChainsProperties(
                chain(" ", null, "", "0x1111111111111111111111111111111111111111", "http://127.0.0.1:8545"),
                chain("Base mainnet", null, null, "", " "));

        assertThat(chains.test().name()).isEqualTo("Base Sepolia");
        assertThat(chains.test().chainId()).isEqualTo(84532L);
        assertThat(chains.test().vaultAddress()).isEqualTo("0x1111111111111111111111111111111111111111");
        assertThat(chains.isSandbox(Mode.TEST)).as("a test chain is configured").isFalse();
        assertThat(chains.live().name()).isEqualTo("Base mainnet");
        assertThat(chains.live().vaultAddress()).isNull();
        assertThat(chains.live().rpcUrl()).isNull();
    }

    @Test
    void shouldRefuseBadValuesNamingTheSettingWithoutEchoingTheRpcUrl() {
        assertThatThrownBy(() -> new ChainsProperties(chain(null, 0L, null, null, null), null))
                .hasMessageContaining("billing.chains.test")
                .hasMessageContaining("chain-id");
        assertThatThrownBy(() -> new ChainsProperties(null, chain(null, null, "0x12", null, null)))
                .hasMessageContaining("BILLING_CHAINS_LIVE_")
                .hasMessageContaining("usdc-address");
        assertThatThrownBy(() -> new ChainsProperties(chain(null, null, null, "vault", null), null))
                .hasMessageContaining("vault-address");
        assertThatThrownBy(() -> new ChainsProperties(chain(null, null, null, null, "ftp://key-abc123@rpc"), null))
                .hasMessageContaining("rpc-url")
                .hasMessageNotContaining("key-abc123");
    }

    @Test
    void shouldGiveTheWalletBasesPublicUrlsAndTheIndexersConfirmationsWhenNothingIsSet() {
        var chains = ChainsProperties.DEFAULTS;

        assertThat(chains.test().publicRpcUrls()).containsExactly("https://sepolia.base.org");
        assertThat(chains.test().explorerUrl()).isEqualTo("https://sepolia.basescan.org");
        assertThat(chains.test().confirmations()).isEqualTo(3);
        assertThat(chains.test().usdcDecimals()).isEqualTo(6);
        assertThat(chains.live().publicRpcUrls()).containsExactly("https://mainnet.base.org");
        assertThat(chains.live().explorerUrl()).isEqualTo("https://basescan.org");
        assertThat(chains.live().confirmations()).isEqualTo(10);
        assertThat(chains.hasChain(Mode.TEST)).isFalse();
        assertThat(chains.hasChain(Mode.LIVE)).isFalse();
    }

    @Test
    void shouldLendNoBaseUrlsToALocalChainAndKeepTheOnesGiven() {
        var local = new Chain("Local", 31337L, null, null, "http://127.0.0.1:8545", null, List.of(), null, 1);
        var given = new Chain(
                null,
                null,
                null,
                null,
                "https://base-sepolia.example/v2/secret-key",
                18,
                List.of("https://rpc-a.example", " ", "https://rpc-b.example"),
                "https://explorer.example",
                null);

        assertThat(new ChainsProperties(local, null).test().publicRpcUrls())
                .as("a local chain has no public RPC by default")
                .isEmpty();
        assertThat(new ChainsProperties(local, null).test().explorerUrl()).isNull();
        assertThat(new ChainsProperties(local, null).test().confirmations()).isEqualTo(1);
        assertThat(new ChainsProperties(local, null).hasChain(Mode.TEST)).isTrue();
        assertThat(new ChainsProperties(given, null).test().publicRpcUrls())
                .containsExactly("https://rpc-a.example", "https://rpc-b.example");
        assertThat(new ChainsProperties(given, null).test().explorerUrl()).isEqualTo("https://explorer.example");
        assertThat(new ChainsProperties(given, null).test().usdcDecimals()).isEqualTo(18);
        assertThat(new ChainsProperties(given, null).test().confirmations()).isEqualTo(3);
    }

    @Test
    void shouldRefuseWalletSettingsThatCannotBeServed() {
        assertThatThrownBy(
                        () -> new ChainsProperties(new Chain(null, null, null, null, null, 2, null, null, null), null))
                .as("micro-USDC cannot convert exactly to fewer decimals")
                .hasMessageContaining("usdc-decimals");
        assertThatThrownBy(() -> new ChainsProperties(
                        null, new Chain(null, null, null, null, null, null, List.of("wss://rpc"), null, null)))
                .hasMessageContaining("public-rpc-urls");
        assertThatThrownBy(() -> new ChainsProperties(
                        null, new Chain(null, null, null, null, null, null, null, "basescan.org", null)))
                .hasMessageContaining("explorer-url");
        assertThatThrownBy(
                        () -> new ChainsProperties(new Chain(null, null, null, null, null, null, null, null, 0), null))
                .hasMessageContaining("confirmations");
    }

    /** A chain with only the first five settings; the rest take the mode's defaults. */
    private static Chain chain(
            @Nullable String name,
            @Nullable Long chainId,
            @Nullable String usdcAddress,
            @Nullable String vaultAddress,
            @Nullable String rpcUrl) {
        return new Chain(name, chainId, usdcAddress, vaultAddress, rpcUrl, null, null, null, null);
    }
}
