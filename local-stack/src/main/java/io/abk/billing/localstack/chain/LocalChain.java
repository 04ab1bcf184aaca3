package io.abk.billing.localstack.chain;

import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.config.FeeCaps;
import io.abk.billing.chain.config.RelayerKey;
import io.abk.billing.contracts.NetworkSettings;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.AnvilOptions;
import io.abk.billing.localstack.lifecycle.FreePorts;
import io.abk.billing.schemas.mode.Mode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Keys;

/**
 * A development chain for test mode: anvil on a loopback port, mining a block every second, with its whole state
 * (blocks, contracts, balances) in {@code <data>/chain/anvil-state.json}, loaded at start and written when it stops,
 * and the test token and the vault deployed once ({@link ContractSetup}). {@link #close()} stops anvil, which writes
 * the state.
 *
 * @param node         the running anvil
 * @param info         the chain's RPC, id, contracts and accounts, as the stack prints and hands on
 * @param deployedFrom the first block that can hold the contracts' events: where the chain follower starts
 */
public record LocalChain(AnvilNode node, LocalChainInfo info, long deployedFrom) implements AutoCloseable {

    public static final String NAME = NetworkSettings.LOCAL.name();
    /** A block every second ({@link NetworkSettings#LOCAL} says why). */
    public static final Duration BLOCK_TIME = NetworkSettings.LOCAL.blockTime();
    /**
     * Blocks on top of a transfer's block before it counts, and before a relayed charge is answered: two blocks are two
     * seconds here ({@link NetworkSettings} says why two).
     */
    public static final int CONFIRMATIONS = NetworkSettings.LOCAL.confirmations();
    /**
     * A relayer transaction not mined within five blocks is stuck (its fee below the base fee, which anvil can be
     * told to raise) and is replaced with a higher fee; a transaction that is merely waiting is mined within one. It is
     * also how long a mined one may take to get deep. The system tests raise it ({@code
     * billing.local-chain.receipt-timeout-ms}): a test that holds the chain still between a charge's block and a
     * reorganisation must not race the relayer's patience on a busy machine.
     */
    static final Duration RECEIPT_TIMEOUT =
            Duration.ofMillis(Long.getLong("billing.local-chain.receipt-timeout-ms", 5_000));
    /** Five looks a block: a local node answers in a millisecond, and a payment shows as paid soon after its depth. */
    static final java.time.Duration POLL_INTERVAL = java.time.Duration.ofMillis(200);
    /**
     * Fee caps far above anvil's fees (1 gwei base fee at genesis, falling while blocks are empty) and its free ether:
     * they never refuse a local charge, yet a runaway loop is still bounded.
     */
    public static final FeeCaps FEE_CAPS = FeeCaps.of("100", "10", "1");
    /** USDC's decimals; the test token has the same. */
    static final int USDC_DECIMALS = NetworkSettings.LOCAL.usdcDecimals();

    private static final Logger log = LoggerFactory.getLogger(LocalChain.class);

    /**
     * Finds or installs anvil, starts it on {@code port} (0: a free one) with its state under {@code dataDir}, and
     * deploys the contracts unless they are already there. On failure anvil is stopped again.
     */
    public static LocalChain start(Path dataDir, int port) {
        var chainDir = dataDir.resolve("chain");
        try {
            Files.createDirectories(chainDir);
        } catch (IOException e) {
            throw new UncheckedIOException("could not create " + chainDir + ": " + e.getMessage(), e);
        }
        var tools = ChainTools.locateOrInstall(dataDir.resolve("tools"));
        var stateFile = chainDir.resolve("anvil-state.json").toAbsolutePath().normalize();
        StaleAnvil.stopIfRunning(stateFile);
        if (port != 0 && FreePorts.isListening(port)) {
            // Checked first: anvil would fail to bind, but until it exits the readiness probe could reach the other
            // node.
            throw new IllegalStateException(
                    "port " + port + " already has a listener (another anvil or node?); stop it "
                            + "or set BILLING_LOCAL_CHAIN_PORT to a free port");
        }
        var node = AnvilNode.start(AnvilOptions.defaults()
                .withBinary(tools.anvil())
                .withPort(port)
                .withBlockTime(BLOCK_TIME)
                .withStateFile(stateFile)
                .withLogFile(chainDir.resolve("anvil.log")));
        try {
            var setup = ContractSetup.ensure(node, dataDir.resolve(DeploymentFile.FILE_NAME), BLOCK_TIME);
            var contracts = setup.deployment().deployment();
            var customers = ChainAccounts.customers().stream()
                    .map(index ->
                            new LocalChainInfo.Account(ChainAccounts.address(index), ChainAccounts.privateKey(index)))
                    .toList();
            var info = new LocalChainInfo(
                    node.rpcUrl(),
                    node.chainId(),
                    Keys.toChecksumAddress(contracts.tokenAddress()),
                    Keys.toChecksumAddress(contracts.vaultAddress()),
                    Keys.toChecksumAddress(contracts.relayerAddress()),
                    ChainAccounts.address(ChainAccounts.MERCHANT_PAYOUT),
                    customers,
                    tools.cast(),
                    setup.deployedNow());
            log.info(
                    "event=local_chain_ready port={} chainId={} token={} vault={} deployedNow={}",
                    node.port(),
                    node.chainId(),
                    info.tokenAddress(),
                    info.vaultAddress(),
                    info.deployedNow());
            return new LocalChain(node, info, setup.deployment().deployedFrom());
        } catch (RuntimeException e) {
            node.close();
            throw new IllegalStateException("the local chain did not start: " + e.getMessage(), e);
        }
    }

    public String rpcUrl() {
        return node.rpcUrl();
    }

    /**
     * Test mode's chain for chain-indexer: this chain's RPC, contracts and relayer key (anvil account 1), time travel
     * on (a test clock's move is carried to the chain's time when a renewal is charged, which only a development
     * chain allows), and the follower starting at the block the contracts were deployed in.
     */
    public ChainSettings indexerSettings() {
        return new ChainSettings(
                Mode.TEST,
                NAME,
                node.chainId(),
                List.of(node.rpcUrl()),
                CONFIRMATIONS,
                info.tokenAddress(),
                USDC_DECIMALS,
                info.vaultAddress(),
                RelayerKey.of(
                        ChainAccounts.privateKey(ChainAccounts.RELAYER), "the local chain's relayer (anvil account 1)"),
                FEE_CAPS,
                deployedFrom,
                POLL_INTERVAL,
                RECEIPT_TIMEOUT,
                true,
                null,
                ChainSettings.DEFAULT_USDT_DECIMALS);
    }

    /**
     * The same settings as {@link #indexerSettings()}, as the {@code BILLING_CHAINS_TEST_*} variables of a chain-indexer
     * run as its own process. The relayer key is anvil's public test key of account 1.
     */
    public Map<String, String> indexerEnvironment() {
        var p = ChainSettings.prefix(Mode.TEST);
        var env = new LinkedHashMap<String, String>();
        env.put(p + "NAME", NAME);
        env.put(p + "CHAIN_ID", Long.toString(node.chainId()));
        env.put(p + "RPC_URL", node.rpcUrl());
        env.put(p + "CONFIRMATIONS", Integer.toString(CONFIRMATIONS));
        env.put(p + "USDC_ADDRESS", info.tokenAddress());
        env.put(p + "USDC_DECIMALS", Integer.toString(USDC_DECIMALS));
        env.put(p + "VAULT_ADDRESS", info.vaultAddress());
        env.put(p + "RELAYER_KEY", ChainAccounts.privateKey(ChainAccounts.RELAYER));
        env.put(p + "MAX_FEE_PER_GAS_GWEI", "100");
        env.put(p + "MAX_PRIORITY_FEE_GWEI", "10");
        env.put(p + "MAX_TX_COST_ETH", "1");
        env.put(p + "START_BLOCK", Long.toString(deployedFrom));
        env.put(p + "POLL_INTERVAL_MS", Long.toString(POLL_INTERVAL.toMillis()));
        env.put(p + "RECEIPT_TIMEOUT_MS", Long.toString(RECEIPT_TIMEOUT.toMillis()));
        env.put(p + "TIME_TRAVEL", "true");
        return env;
    }

    /** Stops anvil (SIGTERM), which writes its state file for the next start. */
    @Override
    public void close() {
        node.close();
        log.info("event=local_chain_stopped");
    }
}
