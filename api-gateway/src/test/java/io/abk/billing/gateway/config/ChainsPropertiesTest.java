package io.abk.billing.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.config.ChainsProperties.Chain;
import io.abk.billing.schemas.avro.Mode;
import org.junit.jupiter.api.Test;

/** Chain settings: each mode's defaults fill what is left out, blanks count as absent, bad values fail naming the setting. */
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
        var chains = new ChainsProperties(new Chain(" ", null, "", "0x1111111111111111111111111111111111111111", "http://127.0.0.1:8545"),
                new Chain("Base mainnet", null, null, "", " "));

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
        assertThatThrownBy(() -> new ChainsProperties(new Chain(null, 0L, null, null, null), null))
                .hasMessageContaining("billing.chains.test").hasMessageContaining("chain-id");
        assertThatThrownBy(() -> new ChainsProperties(null, new Chain(null, null, "0x12", null, null)))
                .hasMessageContaining("BILLING_CHAINS_LIVE_").hasMessageContaining("usdc-address");
        assertThatThrownBy(() -> new ChainsProperties(new Chain(null, null, null, "vault", null), null))
                .hasMessageContaining("vault-address");
        assertThatThrownBy(() -> new ChainsProperties(new Chain(null, null, null, null, "ftp://key-abc123@rpc"), null))
                .hasMessageContaining("rpc-url").hasMessageNotContaining("key-abc123");
    }
}
