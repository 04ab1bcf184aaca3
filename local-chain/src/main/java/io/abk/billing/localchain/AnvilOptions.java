package io.abk.billing.localchain;

import io.abk.billing.contracts.NetworkSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How to start anvil. {@link #defaults()}: automine (a block per transaction), a free loopback port, anvil's own
 * clock, no persistence, binary from {@link AnvilBinary#locate()}.
 *
 * @param binary the anvil executable; empty to locate it
 * @param port the port on 127.0.0.1; 0 for a free one
 * @param blockTime interval mining instead of automine
 * @param genesisTimestamp the timestamp of block 0 (anvil's {@code --timestamp})
 * @param stateFile load the chain from this file at start and write it back on close (anvil's {@code --state})
 * @param logFile where anvil's output goes; empty for a temporary file deleted on a clean close
 * @param blockGasLimit the gas a block may hold (anvil's {@code --gas-limit}); empty for anvil's 30,000,000
 * @param pruneHistory keep no past states (anvil's {@code --prune-history}): a chain of tens of thousands of blocks
 *     otherwise writes its past states to {@code ~/.foundry/anvil/tmp}, gigabytes that a killed anvil leaves behind
 */
public record AnvilOptions(
        Optional<Path> binary,
        int port,
        Optional<Duration> blockTime,
        Optional<Instant> genesisTimestamp,
        Optional<Path> stateFile,
        Optional<Path> logFile,
        Optional<Long> blockGasLimit,
        boolean pruneHistory) {

    /** anvil's chain id unless told otherwise; the project's configuration names the local chain by it. */
    public static final long CHAIN_ID = NetworkSettings.LOCAL.chainId();

    public static AnvilOptions defaults() {
        return new AnvilOptions(
                Optional.empty(),
                0,
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                false);
    }

    public AnvilOptions withBinary(Path value) {
        return new AnvilOptions(
                Optional.of(value), port, blockTime, genesisTimestamp, stateFile, logFile, blockGasLimit, pruneHistory);
    }

    public AnvilOptions withPort(int value) {
        return new AnvilOptions(
                binary, value, blockTime, genesisTimestamp, stateFile, logFile, blockGasLimit, pruneHistory);
    }

    public AnvilOptions withBlockTime(Duration value) {
        return new AnvilOptions(
                binary, port, Optional.of(value), genesisTimestamp, stateFile, logFile, blockGasLimit, pruneHistory);
    }

    public AnvilOptions withGenesisTimestamp(Instant value) {
        return new AnvilOptions(
                binary, port, blockTime, Optional.of(value), stateFile, logFile, blockGasLimit, pruneHistory);
    }

    public AnvilOptions withStateFile(Path value) {
        return new AnvilOptions(
                binary, port, blockTime, genesisTimestamp, Optional.of(value), logFile, blockGasLimit, pruneHistory);
    }

    public AnvilOptions withBlockGasLimit(long value) {
        return new AnvilOptions(
                binary, port, blockTime, genesisTimestamp, stateFile, logFile, Optional.of(value), pruneHistory);
    }

    public AnvilOptions withoutHistory() {
        return new AnvilOptions(binary, port, blockTime, genesisTimestamp, stateFile, logFile, blockGasLimit, true);
    }

    public AnvilOptions withLogFile(Path value) {
        return new AnvilOptions(
                binary, port, blockTime, genesisTimestamp, stateFile, Optional.of(value), blockGasLimit, pruneHistory);
    }
}
