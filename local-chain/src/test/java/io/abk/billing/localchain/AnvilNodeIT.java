package io.abk.billing.localchain;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.Erc20Abi;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.protocol.core.DefaultBlockParameter;

/** The chain controls tests rely on: mining, time, snapshots, reorgs, automine and persistence. */
class AnvilNodeIT {

    private static AnvilNode node;

    @BeforeAll
    static void start() {
        node = AnvilNode.start();
    }

    @AfterAll
    static void stop() {
        node.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldServeAnvilsDefaultAccountsOnChain31337() throws IOException {
        assertThat(node.web3j().ethChainId().send().getChainId()).isEqualTo(BigInteger.valueOf(31337));
        assertThat((List<String>) node.rpc("eth_accounts"))
                .containsExactlyElementsOf(node.accounts().stream()
                        .map(account -> account.getAddress())
                        .toList());
        assertThat(node.rpcUrl()).isEqualTo("http://127.0.0.1:" + node.port());
    }

    @Test
    void shouldMineAndMoveTimeAndRevertBoth() {
        String snapshot = node.snapshot();
        long height = node.blockNumber();
        Instant later = node.latestBlockTimestamp().plusSeconds(86_400);

        node.mine(3);
        node.mineAt(later);

        assertThat(node.blockNumber()).isEqualTo(height + 4);
        assertThat(node.latestBlockTimestamp()).isEqualTo(later);
        node.revert(snapshot);
        assertThat(node.blockNumber()).isEqualTo(height);
        assertThat(node.latestBlockTimestamp()).isBefore(later);
    }

    // The indexer detects reorgs by comparing block hashes: a reorg must change them at the same height.
    @Test
    void shouldReplaceTheLatestBlocksOnReorg() throws IOException {
        node.mine(5);
        long height = node.blockNumber();
        String untouched = hashAt(height - 2);
        String before = hashAt(height - 1);

        node.reorg(2);

        assertThat(node.blockNumber()).isEqualTo(height);
        assertThat(hashAt(height - 1)).isNotEqualTo(before);
        assertThat(hashAt(height - 2)).isEqualTo(untouched);
    }

    @Test
    void shouldHoldTransactionsWhileAutomineIsOff() throws IOException {
        var deployer = new LocalChainDeployer(node);
        var deployment =
                deployer.deploy(node.accounts().get(0), node.accounts().get(1).getAddress());
        long height = node.blockNumber();
        node.setAutomine(false);
        try {
            node.web3j()
                    .ethSendTransaction(
                            org.web3j.protocol.core.methods.request.Transaction.createFunctionCallTransaction(
                                    node.accounts().get(0).getAddress(),
                                    null,
                                    null,
                                    BigInteger.valueOf(100_000),
                                    deployment.tokenAddress(),
                                    Erc20Abi.mint(node.accounts().get(2).getAddress(), BigInteger.ONE)))
                    .send();
            assertThat(node.blockNumber()).isEqualTo(height);
            node.mine(1);
            assertThat(node.blockNumber()).isEqualTo(height + 1);
        } finally {
            node.setAutomine(true);
        }
    }

    @Test
    void shouldKeepTheChainInAStateFileAcrossRestarts(@TempDir Path dir) {
        Path state = dir.resolve("anvil-state.json");
        long height;
        try (var first = AnvilNode.start(AnvilOptions.defaults().withStateFile(state))) {
            first.mine(7);
            height = first.blockNumber();
        }
        assertThat(Files.exists(state)).isTrue();
        try (var second = AnvilNode.start(AnvilOptions.defaults().withStateFile(state))) {
            assertThat(second.blockNumber()).isEqualTo(height);
        }
    }

    @Test
    void shouldFindTheAnvilOfTheCheckout() {
        assertThat(AnvilBinary.locate()).isExecutable();
    }

    private static String hashAt(long number) throws IOException {
        return node.web3j()
                .ethGetBlockByNumber(DefaultBlockParameter.valueOf(BigInteger.valueOf(number)), false)
                .send()
                .getBlock()
                .getHash();
    }
}
