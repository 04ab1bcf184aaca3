package io.abk.billing.usdt.chain;

import io.abk.billing.chainrpc.NodeErrors;
import io.abk.billing.chainrpc.RpcBudget;
import io.abk.billing.chainrpc.RpcClient;
import io.abk.billing.chainrpc.RpcException;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.usdt.domain.match.ObservedTransfer;
import io.abk.billing.usdt.domain.match.TxEvidence;
import io.abk.billing.usdt.domain.match.TxObservation;
import io.abk.billing.usdt.domain.match.TxStatus;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthBlockNumber;
import org.web3j.protocol.core.methods.response.EthGetTransactionReceipt;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.EthTransaction;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * Reads the configured token's transfers through the chain's Ethereum-compatible JSON-RPC, with the shared
 * {@link RpcClient}. A transaction is its receipt (status, logs), its block (which must still be the canonical block at
 * that height, or the receipt came from a reorganised-away block and counts as not found) and the head (its depth). A
 * call tries each URL once, from the one that answered last, moving on at a connection failure, timeout, HTTP error or
 * JSON-RPC error: a request waits on it, so a chain that no URL answers is {@link ChainUnavailableException} (503) at
 * once rather than after retries.
 */
public final class RpcTransactions implements TransactionSource, AutoCloseable {

    private final RpcClient rpc;
    private final String tokenAddress;
    private final int decimals;

    /**
     * @param apiKeyHeader the header that carries {@code apiKey} (e.g. TronGrid's TRON-PRO-API-KEY); no header when
     *                     the key is blank
     */
    public RpcTransactions(
            List<String> rpcUrls,
            String apiKeyHeader,
            String apiKey,
            Duration timeout,
            String tokenAddress,
            int decimals) {
        this.rpc = RpcClient.connect(
                "USDT chain",
                rpcUrls,
                apiKey.isBlank() ? Map.of() : Map.of(apiKeyHeader, apiKey),
                RpcBudget.oneRound(timeout));
        this.tokenAddress = tokenAddress.toLowerCase(Locale.ROOT);
        this.decimals = decimals;
    }

    @Override
    public TxEvidence evidence(String txHash) {
        return new TxEvidence.Observed(observe(txHash));
    }

    @Override
    public boolean sandbox() {
        return false;
    }

    /** The chain id the RPC answers, for the check at start. */
    public long chainId() {
        return reading(rpc::chainId);
    }

    /**
     * The transaction's receipt, the transaction itself (known but unmined: pending) and the head, in one JSON-RPC
     * batch; then, when mined, its block, to check that the receipt's block is still the canonical one.
     */
    public TxObservation observe(String txHash) {
        var answers =
                reading(() -> rpc.batch("eth_getTransactionReceipt", NodeErrors.FAIL_OVER, 3, (web3j, i) -> switch (i) {
                    case 0 -> web3j.ethGetTransactionReceipt(txHash);
                    case 1 -> web3j.ethGetTransactionByHash(txHash);
                    default -> web3j.ethBlockNumber();
                }));
        var first = new FirstRead(
                ((EthGetTransactionReceipt) answers.get(0)).getResult(),
                ((EthTransaction) answers.get(1)).getResult() != null,
                ((EthBlockNumber) answers.get(2)).getBlockNumber().longValueExact());
        var mined = first.receipt();
        if (mined == null) {
            return first.known() ? TxObservation.pending(txHash, decimals) : TxObservation.notFound(txHash, decimals);
        }
        long blockNumber = mined.getBlockNumber().longValueExact();
        var block = block(blockNumber);
        if (block == null || !block.getHash().equalsIgnoreCase(mined.getBlockHash())) {
            // A receipt from a block a reorganisation replaced: not a payment, at least not yet.
            return TxObservation.notFound(txHash, decimals);
        }
        var transfers = new ArrayList<ObservedTransfer>();
        for (var entry : mined.getLogs()) {
            transfer(entry).ifPresent(transfers::add);
        }
        return new TxObservation(
                txHash,
                mined.isStatusOK() ? TxStatus.MINED : TxStatus.REVERTED,
                blockNumber,
                Instant.ofEpochSecond(block.getTimestamp().longValueExact()),
                Math.max(0, first.head() - blockNumber + 1),
                decimals,
                transfers);
    }

    /** What the first round trip of {@link #observe} read. */
    private record FirstRead(@Nullable TransactionReceipt receipt, boolean known, long head) {}

    @Override
    public RecentTransfers recent(String payToAddress, int blocks) {
        long head = head();
        long from = Math.max(0, head - blocks + 1);
        var filter = new EthFilter(block(BigInteger.valueOf(from)), block(BigInteger.valueOf(head)), tokenAddress)
                .addSingleTopic(Erc20Abi.TRANSFER_TOPIC)
                .addNullTopic()
                .addSingleTopic("0x" + "0".repeat(24) + payToAddress.substring(2));
        var logs = reading(() -> rpc.call(
                "eth_getLogs",
                NodeErrors.FAIL_OVER,
                web3j -> Objects.requireNonNullElse(
                        RpcClient.result("eth_getLogs", web3j.ethGetLogs(filter).send()),
                        List.<EthLog.LogResult>of())));
        var byTransaction = new LinkedHashMap<String, List<ObservedTransfer>>();
        var blockOf = new LinkedHashMap<String, Long>();
        for (var result : logs) {
            if (result.get() instanceof Log entry && !entry.isRemoved()) {
                var hash = entry.getTransactionHash().toLowerCase(Locale.ROOT);
                transfer(entry)
                        .ifPresent(t -> byTransaction
                                .computeIfAbsent(hash, h -> new ArrayList<>())
                                .add(t));
                blockOf.put(hash, entry.getBlockNumber().longValueExact());
            }
        }
        var times = blockTimes(new TreeSet<>(blockOf.values()));
        var transactions = new ArrayList<TxObservation>();
        byTransaction.forEach((hash, transfers) -> {
            long number = Objects.requireNonNull(blockOf.get(hash));
            transactions.add(new TxObservation(
                    hash, TxStatus.MINED, number, times.get(number), head - number + 1, decimals, transfers));
        });
        return new RecentTransfers(from, head, transactions);
    }

    private Map<Long, Instant> blockTimes(TreeSet<Long> numbers) {
        var times = new LinkedHashMap<Long, Instant>();
        for (long number : numbers) {
            var found = block(number);
            if (found != null) {
                times.put(number, Instant.ofEpochSecond(found.getTimestamp().longValueExact()));
            }
        }
        return times;
    }

    private Optional<ObservedTransfer> transfer(Log entry) {
        if (entry.getAddress() == null || !entry.getAddress().equalsIgnoreCase(tokenAddress)) {
            return Optional.empty();
        }
        return Erc20Abi.decodeTransfer(entry.getTopics(), entry.getData() == null ? "0x" : entry.getData())
                .map(t -> new ObservedTransfer(entry.getLogIndex().intValueExact(), t.from(), t.to(), t.amount()));
    }

    private long head() {
        return reading(rpc::blockNumber);
    }

    private EthBlock.@Nullable Block block(long number) {
        return reading(() -> rpc.call(
                        "eth_getBlockByNumber",
                        NodeErrors.FAIL_OVER,
                        web3j -> Optional.ofNullable(RpcClient.result(
                                "eth_getBlockByNumber",
                                web3j.ethGetBlockByNumber(block(BigInteger.valueOf(number)), false)
                                        .send()))))
                .orElse(null);
    }

    private static DefaultBlockParameter block(BigInteger number) {
        return DefaultBlockParameter.valueOf(number);
    }

    /** What {@code read} gives; a chain that did not answer as {@link ChainUnavailableException}, the API's 503. */
    private static <T> T reading(Supplier<T> read) {
        try {
            return read.get();
        } catch (RpcException e) {
            throw new ChainUnavailableException(String.valueOf(e.getMessage()), e);
        }
    }

    @Override
    public void close() {
        rpc.close();
    }
}
