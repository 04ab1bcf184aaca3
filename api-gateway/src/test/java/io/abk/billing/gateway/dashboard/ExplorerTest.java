package io.abk.billing.gateway.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.config.ChainsProperties.Chain;
import io.abk.billing.schemas.avro.Mode;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class ExplorerTest {

    private static final String TX = "0x" + "ab".repeat(32);
    private static final String WALLET = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
    private static final String USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";

    @Test
    void shouldLinkATransactionAndAnAddressToTheExplorerOfAChainThatHasOne() {
        var explorer = new Explorer(new ChainsProperties(chain(84532L, "https://rpc.example.test", null), null));

        assertThat(explorer.tx(Mode.TEST, TX)).isEqualTo("https://sepolia.basescan.org/tx/" + TX);
        assertThat(explorer.address(Mode.TEST, WALLET)).isEqualTo("https://sepolia.basescan.org/address/" + WALLET);
        assertThat(explorer.txField(Mode.TEST, "Transaction", TX))
                .containsEntry("href", "https://sepolia.basescan.org/tx/" + TX)
                .containsEntry("value", TX);
    }

    @Test
    void shouldJoinTheExplorerUrlAndThePathWithOneSlashWhenTheSettingEndsWithOne() {
        var explorer = new Explorer(new ChainsProperties(
                chain(84532L, "https://rpc.example.test", "https://explorer.example.test/"), null));

        assertThat(explorer.tx(Mode.TEST, TX)).isEqualTo("https://explorer.example.test/tx/" + TX);
    }

    @Test
    void shouldLinkNothingOnALocalAnvilChainWhichHasNoExplorer() {
        var explorer = new Explorer(new ChainsProperties(chain(31337L, "http://anvil:8545", null), null));

        assertThat(explorer.tx(Mode.TEST, TX)).isNull();
        assertThat(explorer.txField(Mode.TEST, "Transaction", TX))
                .containsEntry("href", "")
                .containsEntry("value", TX);
    }

    @Test
    void shouldLinkNothingInTheSandboxWhoseHashesAreSimulated() {
        // Test mode without an RPC URL still names Base Sepolia (and its explorer) for wallets, but nothing is on it.
        var explorer = new Explorer(ChainsProperties.DEFAULTS);

        assertThat(explorer.tx(Mode.TEST, TX)).isNull();
        assertThat(explorer.address(Mode.LIVE, WALLET)).isNull();
    }

    @Test
    void shouldLinkNothingThatIsNotAHashOrAnAddress() {
        var explorer = new Explorer(new ChainsProperties(chain(84532L, "https://rpc.example.test", null), null));

        assertThat(explorer.tx(Mode.TEST, Shown.NONE)).isNull();
        assertThat(explorer.tx(Mode.TEST, TX + "/../../x")).isNull();
        assertThat(explorer.tx(Mode.TEST, WALLET)).isNull();
        assertThat(explorer.address(Mode.TEST, TX)).isNull();
        assertThat(explorer.tx(Mode.TEST, null)).isNull();
    }

    private static Chain chain(long chainId, String rpcUrl, @Nullable String explorerUrl) {
        return new Chain(null, chainId, USDC, null, rpcUrl, null, null, explorerUrl, null);
    }
}
