package io.abk.billing.usdt.chain;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.usdt.domain.match.ObservedTransfer;
import io.abk.billing.usdt.domain.match.TxEvidence;
import io.abk.billing.usdt.domain.match.TxObservation;
import io.abk.billing.usdt.domain.match.TxStatus;
import java.io.IOException;
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
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.Request;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthBlockNumber;
import org.web3j.protocol.core.methods.response.EthGetTransactionReceipt;
import org.web3j.protocol.core.methods.response.EthTransaction;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.protocol.exceptions.ClientConnectionException;
import org.web3j.protocol.http.HttpService;

/**
 * Reads the configured token's transfers through the chain's Ethereum-compatible JSON-RPC with web3j as a plain
 * client. A transaction is its receipt (status, logs), its block (which must still be the canonical block at that
 * height, or the receipt came from a reorganised-away block and counts as not found) and the head (its depth). A
 * call goes to the first URL, then to the next on a connection failure, timeout, HTTP error or JSON-RPC error;
 * logs name a URL by its position only, since URLs may carry a provider's key.
 */
public final class RpcTransactions implements TransactionSource, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RpcTransactions.class);

    private final List<Web3j> endpoints;
    private final OkHttpClient http;
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
        if (rpcUrls.isEmpty()) {
            throw new IllegalArgumentException("at least one RPC URL is needed");
        }
        this.http = new OkHttpClient.Builder().callTimeout(timeout).build();
        this.endpoints = rpcUrls.stream()
                .map(url -> {
                    var service = new HttpService(url, http);
                    if (!apiKey.isBlank()) {
                        service.addHeader(apiKeyHeader, apiKey);
                    }
                    return Web3j.build(service);
                })
                .toList();
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
        return call("eth_chainId", web3j -> {
            var answer = web3j.ethChainId().send();
            answer(answer);
            return answer.getChainId().longValueExact();
        });
    }

    /**
     * The transaction's receipt, the transaction itself (known but unmined: pending) and the head, in one JSON-RPC
     * batch; then, when mined, its block, to check that the receipt's block is still the canonical one.
     */
    public TxObservation observe(String txHash) {
        var first = call("eth_getTransactionReceipt", web3j -> {
            var batch = web3j.newBatch()
                    .add(web3j.ethGetTransactionReceipt(txHash))
                    .add(web3j.ethGetTransactionByHash(txHash))
                    .add(web3j.ethBlockNumber());
            var answers = inRequestOrder(batch.getRequests(), batch.send().getResponses());
            return new FirstRead(
                    answer((EthGetTransactionReceipt) answers.get(0)),
                    answer((EthTransaction) answers.get(1)) != null,
                    ((EthBlockNumber) checked(answers.get(2))).getBlockNumber().longValueExact());
        });
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

    /** A JSON-RPC batch may be answered in any order: the answers by the ids of the requests. */
    private static List<Response<?>> inRequestOrder(
            List<? extends Request<?, ?>> requests, List<? extends Response<?>> responses) {
        if (responses.size() != requests.size()) {
            throw new RpcError("batch answered " + responses.size() + " of " + requests.size() + " calls");
        }
        var byId = new java.util.HashMap<Long, Response<?>>();
        responses.forEach(response -> byId.put(response.getId(), response));
        var ordered = new ArrayList<Response<?>>(requests.size());
        for (var request : requests) {
            var response = byId.get(request.getId());
            if (response == null) {
                throw new RpcError("batch has no answer to call " + request.getId());
            }
            ordered.add(response);
        }
        return ordered;
    }

    private static Response<?> checked(Response<?> response) {
        answer(response);
        return response;
    }

    @Override
    public RecentTransfers recent(String payToAddress, int blocks) {
        long head = head();
        long from = Math.max(0, head - blocks + 1);
        var filter = new EthFilter(block(BigInteger.valueOf(from)), block(BigInteger.valueOf(head)), tokenAddress)
                .addSingleTopic(Erc20Abi.TRANSFER_TOPIC)
                .addNullTopic()
                .addSingleTopic("0x" + "0".repeat(24) + payToAddress.substring(2));
        var logs = call(
                "eth_getLogs",
                web3j -> java.util.Objects.requireNonNullElse(
                        answer(web3j.ethGetLogs(filter).send()),
                        List.<org.web3j.protocol.core.methods.response.EthLog.LogResult>of()));
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
        return call("eth_blockNumber", web3j -> {
            var answer = web3j.ethBlockNumber().send();
            answer(answer);
            return answer.getBlockNumber().longValueExact();
        });
    }

    private EthBlock.@Nullable Block block(long number) {
        return call(
                        "eth_getBlockByNumber",
                        web3j -> Optional.ofNullable(
                                answer(web3j.ethGetBlockByNumber(block(BigInteger.valueOf(number)), false)
                                        .send())))
                .orElse(null);
    }

    private static DefaultBlockParameter block(BigInteger number) {
        return DefaultBlockParameter.valueOf(number);
    }

    /** The result of {@code call} at the first URL that answers, in the configured order. */
    private <T> T call(String method, Call<T> call) {
        Exception last = null;
        for (int index = 0; index < endpoints.size(); index++) {
            try {
                return call.on(endpoints.get(index));
            } catch (IOException | ClientConnectionException | RpcError e) {
                last = e;
                log.warn(
                        "event=rpc_call_failed method={} rpc={} of {} error={}",
                        method,
                        index + 1,
                        endpoints.size(),
                        e.getClass().getSimpleName());
            }
        }
        throw new ChainUnavailableException(method + " failed at every RPC URL (" + endpoints.size() + ")", last);
    }

    /** The result of a JSON-RPC answer; an error object in it is a failure of that URL. */
    private static <R> @Nullable R answer(Response<R> response) {
        if (response.hasError()) {
            throw new RpcError(
                    response.getError().getCode() + " " + response.getError().getMessage());
        }
        return response.getResult();
    }

    @Override
    public void close() {
        // Web3j.shutdown() would also stop web3j's shared scheduler, which other clients in this JVM may use.
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    @FunctionalInterface
    private interface Call<T> {
        T on(Web3j web3j) throws IOException;
    }

    /** A JSON-RPC error object in an answer. */
    private static final class RpcError extends RuntimeException {
        RpcError(String message) {
            super(message, null, false, false);
        }
    }
}
