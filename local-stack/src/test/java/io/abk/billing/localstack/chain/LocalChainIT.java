package io.abk.billing.localstack.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilBinary;
import io.abk.billing.localchain.AnvilOptions;
import io.abk.billing.localchain.LocalChainTransactions;
import io.abk.billing.schemas.mode.Mode;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.http.HttpService;

/**
 * The local chain part of the stack against a real anvil on a free port and a temporary data directory: deployed
 * and funded on the first start, the same contracts and balances after a restart, deployed again when the chain's
 * state is gone, and an anvil left behind by a killed stack stopped before the new one starts.
 */
class LocalChainIT {

    private static final BigInteger FIVE_USDC = BigInteger.valueOf(5_000_000);

    @TempDir
    Path dataDir;

    @Test
    void shouldDeployFundAndApproveOnFirstStartAndKeepEverythingAcrossARestart() throws IOException {
        String token;
        String vault;
        var customer = ChainAccounts.get(ChainAccounts.FIRST_CUSTOMER);
        var payout = ChainAccounts.address(ChainAccounts.MERCHANT_PAYOUT);
        try (var chain = LocalChain.start(dataDir, 0)) {
            var info = chain.info();
            token = info.tokenAddress();
            vault = info.vaultAddress();
            assertThat(info.deployedNow()).isTrue();
            assertThat(info.chainId()).isEqualTo(AnvilOptions.CHAIN_ID);
            assertThat(info.payoutAddress()).isEqualTo(payout);
            assertThat(info.relayerAddress()).isEqualTo(ChainAccounts.address(ChainAccounts.RELAYER));
            assertThat(info.customers()).hasSize(7).first().satisfies(first -> {
                assertThat(first.address()).isEqualToIgnoringCase(customer.getAddress());
                assertThat(first.privateKey()).matches("0x[0-9a-f]{64}");
            });
            assertThat(info.cast())
                    .as("cast beside anvil in contracts/node_modules")
                    .isPresent();
            try (var rpc = Rpc.at(chain.rpcUrl())) {
                assertThat(rpc.code(token)).isNotEqualTo("0x");
                assertThat(rpc.code(vault)).isNotEqualTo("0x");
                for (var account : AnvilAccounts.all()) {
                    assertThat(rpc.balance(token, account.getAddress())).isEqualTo(ChainAccounts.FUNDING);
                }
                assertThat(rpc.allowance(token, payout, vault)).isEqualTo(Erc20Abi.UNLIMITED);
                // Something happens on the chain after the deployment, and must outlive the restart too.
                rpc.transactions().send(customer, token, Erc20Abi.transfer(payout, FIVE_USDC));
            }
        }

        try (var chain = LocalChain.start(dataDir, 0)) {
            assertThat(chain.info().deployedNow())
                    .as("the contracts were still there")
                    .isFalse();
            assertThat(chain.info().tokenAddress()).isEqualTo(token);
            assertThat(chain.info().vaultAddress()).isEqualTo(vault);
            try (var rpc = Rpc.at(chain.rpcUrl())) {
                assertThat(rpc.balance(token, customer.getAddress()))
                        .isEqualTo(ChainAccounts.FUNDING.subtract(FIVE_USDC));
                assertThat(rpc.balance(token, payout)).isEqualTo(ChainAccounts.FUNDING.add(FIVE_USDC));
                assertThat(rpc.allowance(token, payout, vault)).isEqualTo(Erc20Abi.UNLIMITED);
            }
        }
    }

    @Test
    void shouldDeployAgainWhenTheChainStateIsGone() throws IOException {
        try (var chain = LocalChain.start(dataDir, 0)) {
            assertThat(chain.info().deployedNow()).isTrue();
        }
        Files.delete(dataDir.resolve("chain").resolve("anvil-state.json"));

        try (var chain = LocalChain.start(dataDir, 0);
                var rpc = Rpc.at(chain.rpcUrl())) {
            assertThat(chain.info().deployedNow()).isTrue();
            assertThat(rpc.code(chain.info().vaultAddress())).isNotEqualTo("0x");
            assertThat(rpc.balance(chain.info().tokenAddress(), chain.info().payoutAddress()))
                    .isEqualTo(ChainAccounts.FUNDING);
        }
    }

    @Test
    void shouldGiveChainIndexerTheLocalChainWithTimeTravelAndTheRelayerKey() {
        try (var chain = LocalChain.start(dataDir, 0)) {
            var settings = chain.indexerSettings();

            assertThat(settings.mode()).isEqualTo(Mode.TEST);
            assertThat(settings.configured()).isTrue();
            assertThat(settings.name()).isEqualTo("Anvil (local)");
            assertThat(settings.chainId()).isEqualTo(31337);
            assertThat(settings.rpcUrls()).containsExactly(chain.rpcUrl());
            assertThat(settings.confirmations()).isEqualTo(2);
            assertThat(settings.usdcAddress()).isEqualTo(chain.info().tokenAddress());
            assertThat(settings.vaultAddress()).isEqualTo(chain.info().vaultAddress());
            assertThat(settings.relayerKey()).isNotNull();
            assertThat("0x" + settings.relayerKey().hex()).isEqualTo(ChainAccounts.privateKey(ChainAccounts.RELAYER));
            assertThat(settings.timeTravel()).isTrue();
            assertThat(settings.receiptTimeout()).isEqualTo(java.time.Duration.ofSeconds(5));
            assertThat(settings.startBlock()).isNotNull().isPositive();
            assertThat(settings.toString())
                    .doesNotContain(settings.relayerKey().hex())
                    .doesNotContain(chain.rpcUrl());
        }
    }

    @Test
    void shouldStopAnAnvilLeftBehindOnTheSameStateBeforeStarting() throws Exception {
        var stateFile = dataDir.resolve("chain").resolve("anvil-state.json");
        Files.createDirectories(stateFile.getParent());
        var orphan = new ProcessBuilder(
                        AnvilBinary.locate().toString(),
                        "--port",
                        "0",
                        "--silent",
                        "--state",
                        stateFile.toAbsolutePath().normalize().toString())
                .redirectErrorStream(true)
                .redirectOutput(dataDir.resolve("orphan.log").toFile())
                .start();
        try {
            try (var chain = LocalChain.start(dataDir, 0)) {
                assertThat(orphan.waitFor(Duration.ofSeconds(20).toMillis(), TimeUnit.MILLISECONDS))
                        .as("the leftover anvil was stopped")
                        .isTrue();
                assertThat(chain.info().deployedNow()).isTrue();
            }
        } finally {
            orphan.destroyForcibly();
        }
    }

    /** Reads the chain the way a wallet would, over JSON-RPC. */
    private record Rpc(Web3j web3j) implements AutoCloseable {

        static Rpc at(String url) {
            return new Rpc(Web3j.build(new HttpService(url)));
        }

        String code(String address) throws IOException {
            return web3j.ethGetCode(address, DefaultBlockParameterName.LATEST)
                    .send()
                    .getCode();
        }

        BigInteger balance(String token, String owner) {
            return Erc20Abi.decodeUint256(transactions().call(token, Erc20Abi.balanceOf(owner)));
        }

        BigInteger allowance(String token, String owner, String spender) {
            return Erc20Abi.decodeUint256(transactions().call(token, Erc20Abi.allowance(owner, spender)));
        }

        LocalChainTransactions transactions() {
            return new LocalChainTransactions(web3j, AnvilOptions.CHAIN_ID);
        }

        @Override
        public void close() {
            web3j.shutdown();
        }
    }
}
