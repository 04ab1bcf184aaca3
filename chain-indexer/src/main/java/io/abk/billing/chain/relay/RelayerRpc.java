package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.settlement.TransactionGas;
import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.chainrpc.RpcUnavailableException;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The JSON-RPC the relayer needs, and nothing more: {@link Web3jRelayerRpc} serves it through the shared
 * {@code RpcClient}, and tests give the relayer a failing one. Reads are at the latest block unless a batch's
 * {@link Read} names one.
 * A JSON-RPC error answer throws {@link RpcErrorException} (a revert carries its data); a chain that cannot be
 * reached, after retries, throws {@link RpcUnavailableException}.
 */
public interface RelayerRpc extends AutoCloseable {

    /** The latest block. */
    ChainHead head();

    /** Canonical block {@code number}, if the chain has it. */
    Optional<MinedBlock> block(long number);

    /** {@code eth_getTransactionCount(address, "pending")}: the next nonce, counting the mempool. */
    BigInteger pendingNonce(String address);

    /** {@code eth_getTransactionCount(address, "latest")}: how many of the account's transactions are mined. */
    BigInteger minedNonce(String address);

    /** {@code eth_maxPriorityFeePerGas}: the node's suggested tip. */
    BigInteger suggestedPriorityFee();

    /** {@code eth_call}; the return data, {@code 0x} hex. */
    String call(@Nullable String from, String to, String data);

    BigInteger estimateGas(String from, String to, String data);

    /**
     * Several reads in one JSON-RPC batch (one round trip instead of one each), answered in the order asked. An
     * error answer to one read is that read's answer; only an unreachable chain throws.
     */
    List<Answer> read(List<Read> reads);

    /** {@code eth_sendRawTransaction}; the node's transaction hash. */
    String sendRawTransaction(String signedTransaction);

    Optional<MinedReceipt> receipt(String txHash);

    /** The receipts of {@code txHashes} in one JSON-RPC batch, in order; empty for one not mined. */
    List<Optional<MinedReceipt>> receipts(List<String> txHashes);

    /** {@code eth_getLogs} of {@code address} over {@code [fromBlock, toBlock]}; a null topic matches any. */
    List<ChainLog> logs(String address, List<@Nullable String> topics, long fromBlock, long toBlock);

    /** A development chain's clock: the next block's timestamp ({@code evm_setNextBlockTimestamp}). */
    void setNextBlockTimestamp(long epochSeconds);

    /** A development chain: mines one block ({@code evm_mine}). */
    void mine();

    @Override
    void close();

    /**
     * One read of a batch: {@code eth_call}, or {@code eth_estimateGas} when {@code estimate}; null from: none; at
     * block {@code block}, or at the latest block when null.
     */
    record Read(
            @Nullable String from,
            String to,
            String data,
            boolean estimate,
            @Nullable Long block) {

        static Read call(@Nullable String from, String to, String data) {
            return new Read(from, to, data, false, null);
        }

        static Read estimate(String from, String to, String data) {
            return new Read(from, to, data, true, null);
        }

        /** The same {@code eth_call} at block {@code number}, so several reads see one state of the chain. */
        Read at(long number) {
            return new Read(from, to, data, estimate, number);
        }
    }

    /** The answer to one read: its value ({@code 0x} hex: return data, or the gas estimate) or the node's error. */
    record Answer(@Nullable String value, @Nullable RpcErrorException error) {

        /** The value, or the error thrown. */
        String orThrow() {
            if (error != null) {
                throw error;
            }
            return java.util.Objects.requireNonNull(value);
        }
    }

    /** The latest block: its number, hash, timestamp (seconds) and base fee (wei per gas). */
    record ChainHead(long number, String hash, long timestamp, BigInteger baseFeePerGas) {}

    /** A block of the canonical chain: its hash (lower case) and timestamp (seconds). */
    record MinedBlock(String hash, long timestamp) {}

    /** A log in a receipt or from {@code eth_getLogs}. Addresses and hashes are lower case. */
    record ChainLog(String address, List<String> topics, String data, String txHash, long blockNumber) {}

    /** A mined transaction's receipt; {@code effectiveGasPrice} is the wei per gas the sender paid. */
    record MinedReceipt(
            String txHash,
            long blockNumber,
            String blockHash,
            boolean succeeded,
            BigInteger gasUsed,
            BigInteger effectiveGasPrice,
            List<ChainLog> logs) {

        /** What the transaction cost its sender. */
        TransactionGas gas() {
            return TransactionGas.of(gasUsed, effectiveGasPrice);
        }
    }
}
