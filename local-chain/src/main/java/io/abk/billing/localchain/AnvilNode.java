package io.abk.billing.localchain;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.http.HttpService;
import org.web3j.utils.Numeric;

/**
 * anvil in a child process on a loopback port, with the test controls anvil offers over JSON-RPC (mining, time,
 * snapshots, reorgs). One node per test class or per local stack; {@link #close()} stops the process.
 */
public final class AnvilNode implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AnvilNode.class);
    /** anvil answers about 0.1 s after start; ten seconds covers a loaded CI machine. */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(10);

    private static final Duration READY_POLL = Duration.ofMillis(25);
    /** Graceful stop lets anvil write its --state file; five seconds is ample for a development chain. */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    /** A free port may be taken between probing and anvil's bind; a few tries make that race harmless. */
    private static final int START_ATTEMPTS = 3;

    private final Process process;
    private final int port;
    private final Path logFile;
    private final boolean deleteLogOnClose;
    private final HttpService http;
    private final Web3j web3j;

    private AnvilNode(Process process, int port, Path logFile, boolean deleteLogOnClose) {
        this.process = process;
        this.port = port;
        this.logFile = logFile;
        this.deleteLogOnClose = deleteLogOnClose;
        this.http = new HttpService(rpcUrl());
        this.web3j = Web3j.build(http);
    }

    public static AnvilNode start() {
        return start(AnvilOptions.defaults());
    }

    public static AnvilNode start(AnvilOptions options) {
        Path binary = options.binary().orElseGet(AnvilBinary::locate);
        IllegalStateException last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int port = options.port() != 0 ? options.port() : freePort();
            try {
                return launch(binary, port, options);
            } catch (IllegalStateException e) {
                last = e;
                if (options.port() != 0) {
                    break;
                }
            }
        }
        throw last;
    }

    private static AnvilNode launch(Path binary, int port, AnvilOptions options) {
        List<String> command = new ArrayList<>(List.of(
                binary.toString(),
                "--host",
                "127.0.0.1",
                "--port",
                Integer.toString(port),
                "--chain-id",
                Long.toString(AnvilOptions.CHAIN_ID),
                "--silent"));
        options.blockTime().ifPresent(blockTime -> command.addAll(List.of("--block-time", seconds(blockTime))));
        options.genesisTimestamp()
                .ifPresent(at -> command.addAll(List.of("--timestamp", Long.toString(at.getEpochSecond()))));
        options.stateFile().ifPresent(state -> command.addAll(List.of("--state", state.toString())));
        options.blockGasLimit().ifPresent(gas -> command.addAll(List.of("--gas-limit", Long.toString(gas))));
        if (options.pruneHistory()) {
            command.add("--prune-history");
        }
        Path logFile;
        try {
            logFile = options.logFile().isPresent()
                    ? options.logFile().get()
                    : Files.createTempFile("anvil-" + port + "-", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create anvil's log file", e);
        }
        Process process;
        try {
            // Output goes to a file: a pipe nobody reads would fill up and block anvil.
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start anvil at " + binary, e);
        }
        AnvilNode node = new AnvilNode(process, port, logFile, options.logFile().isEmpty());
        node.awaitReady();
        LOG.info("event=anvil_started port={} pid={} log={}", port, process.pid(), logFile);
        return node;
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                stopProcess();
                throw new IllegalStateException(
                        "anvil exited with " + process.exitValue() + " at start; see " + logFile);
            }
            try {
                if (web3j.ethChainId().send().getChainId() != null) {
                    return;
                }
            } catch (IOException | RuntimeException notYet) {
                // Not listening yet.
            }
            try {
                process.waitFor(READY_POLL.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopProcess();
                throw new IllegalStateException("interrupted while waiting for anvil", e);
            }
        }
        stopProcess();
        throw new IllegalStateException("anvil did not answer within " + READY_TIMEOUT + "; see " + logFile);
    }

    public String rpcUrl() {
        return "http://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public Web3j web3j() {
        return web3j;
    }

    public long chainId() {
        return AnvilOptions.CHAIN_ID;
    }

    /** anvil's ten funded accounts; public test keys, see {@link AnvilAccounts}. */
    public List<Credentials> accounts() {
        return AnvilAccounts.all();
    }

    /** Signed transactions and calls from these accounts, see {@link LocalChainTransactions}. */
    public LocalChainTransactions transactions() {
        return new LocalChainTransactions(web3j, chainId());
    }

    public Path logFile() {
        return logFile;
    }

    public void mine(int blocks) {
        rpc("anvil_mine", Numeric.encodeQuantity(BigInteger.valueOf(blocks)));
    }

    /** A snapshot id for {@link #revert(String)}; anvil forgets it (and later ones) once reverted to. */
    public String snapshot() {
        return String.valueOf(rpc("evm_snapshot"));
    }

    public void revert(String snapshotId) {
        if (!Boolean.TRUE.equals(rpc("evm_revert", snapshotId))) {
            throw new IllegalStateException("anvil refused to revert to snapshot " + snapshotId);
        }
    }

    /**
     * Replaces the latest {@code depth} blocks with new empty ones: the chain keeps its height, the blocks get new
     * hashes, and the transactions in them are gone.
     */
    public void reorg(int depth) {
        rpc("anvil_reorg", depth, List.of());
    }

    /** The timestamp of the next mined block; must be later than the latest block's. */
    public void setNextBlockTimestamp(Instant at) {
        rpc("evm_setNextBlockTimestamp", at.getEpochSecond());
    }

    /** Mines one block at {@code at}. */
    public void mineAt(Instant at) {
        setNextBlockTimestamp(at);
        mine(1);
    }

    public Instant latestBlockTimestamp() {
        try {
            var block = web3j.ethGetBlockByNumber(DefaultBlockParameterName.LATEST, false)
                    .send()
                    .getBlock();
            return Instant.ofEpochSecond(block.getTimestamp().longValueExact());
        } catch (IOException e) {
            throw new UncheckedIOException("eth_getBlockByNumber failed", e);
        }
    }

    public long blockNumber() {
        try {
            return web3j.ethBlockNumber().send().getBlockNumber().longValueExact();
        } catch (IOException e) {
            throw new UncheckedIOException("eth_blockNumber failed", e);
        }
    }

    /** Sets an account's ETH balance; zero gives a wallet that can sign but cannot pay for any transaction. */
    public void setEthBalance(String address, BigInteger wei) {
        rpc("anvil_setBalance", address, Numeric.encodeQuantity(wei));
    }

    public void setAutomine(boolean enabled) {
        rpc("evm_setAutomine", enabled);
    }

    /** Calls an anvil (or any) JSON-RPC method and returns its result as JSON-decoded Java values. */
    public Object rpc(String method, Object... params) {
        return AnvilRpc.call(http, method, List.of(params));
    }

    /** Stops anvil (SIGTERM, so a --state file is written), then kills it if it does not stop in time. */
    @Override
    public void close() {
        stopProcess();
        if (deleteLogOnClose) {
            try {
                Files.deleteIfExists(logFile);
            } catch (IOException ignored) {
                // A leftover temporary log is harmless.
            }
        }
    }

    /** Stops the process and keeps its log, which explains a failed start. */
    private void stopProcess() {
        web3j.shutdown();
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0
                ? Long.toString(duration.toSeconds())
                : java.math.BigDecimal.valueOf(duration.toMillis(), 3).toPlainString();
    }

    /** A JSON-RPC response whose result is left as plain JSON values. */
}
