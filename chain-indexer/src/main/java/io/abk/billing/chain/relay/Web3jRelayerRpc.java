package io.abk.billing.chain.relay;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import okhttp3.ConnectionPool;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.Request;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthGetTransactionReceipt;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.protocol.http.HttpService;

/**
 * {@link RelayerRpc} over web3j's HTTP client, one per configured RPC URL: a call goes to the URL that answered
 * last, and on a connection failure to the next ones in the configured order. When none answers, it waits and tries
 * again, doubling the wait, until {@code retryBudget} has passed (a node restarting, a provider's brief outage);
 * then {@link RpcUnavailableException}. Logs and messages name a URL by its position only: URLs carry API keys.
 */
public final class Web3jRelayerRpc implements RelayerRpc {

    private static final Logger log = LoggerFactory.getLogger(Web3jRelayerRpc.class);
    /** The first wait after every URL failed; doubled up to {@link #MAX_BACKOFF}. */
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(200);

    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);
    /**
     * Idle connections kept per client: enough for the relayer's bounded concurrent preflights
     * ({@link RelayBatch#PREFLIGHT_CONCURRENCY}), its receipt waits and sends, so a busy batch reuses connections
     * instead of opening and closing one per call (OkHttp's default keeps 5).
     */
    private static final int IDLE_CONNECTIONS = 64;

    private record Endpoint(HttpService http, Web3j web3j) {}

    private final String chainName;
    private final List<Endpoint> endpoints;
    private final Duration retryBudget;
    private volatile int preferred;

    public Web3jRelayerRpc(String chainName, List<String> rpcUrls, Duration retryBudget) {
        if (rpcUrls.isEmpty()) {
            throw new IllegalArgumentException("no RPC URL for " + chainName);
        }
        this.chainName = chainName;
        this.retryBudget = retryBudget;
        // One client for every URL: one connection pool and one dispatcher, whatever the number of URLs.
        var client = HttpService.getOkHttpClientBuilder()
                .connectionPool(new ConnectionPool(IDLE_CONNECTIONS, 5, TimeUnit.MINUTES))
                .build();
        this.endpoints = rpcUrls.stream()
                .map(url -> {
                    var http = new HttpService(url, client);
                    return new Endpoint(http, Web3j.build(http));
                })
                .toList();
    }

    @Override
    public ChainHead head() {
        var block = send(
                        "eth_getBlockByNumber",
                        e -> e.web3j().ethGetBlockByNumber(DefaultBlockParameterName.LATEST, false))
                .getBlock();
        var baseFee = block.getBaseFeePerGas();
        return new ChainHead(
                block.getNumber().longValueExact(),
                lower(block.getHash()),
                block.getTimestamp().longValueExact(),
                baseFee == null ? BigInteger.ZERO : baseFee);
    }

    @Override
    public Optional<MinedBlock> block(long number) {
        var block = send(
                        "eth_getBlockByNumber",
                        e -> e.web3j()
                                .ethGetBlockByNumber(DefaultBlockParameter.valueOf(BigInteger.valueOf(number)), false))
                .getBlock();
        return Optional.ofNullable(block)
                .map(found -> new MinedBlock(
                        lower(found.getHash()), found.getTimestamp().longValueExact()));
    }

    @Override
    public BigInteger pendingNonce(String address) {
        return transactionCount(address, DefaultBlockParameterName.PENDING);
    }

    @Override
    public BigInteger minedNonce(String address) {
        return transactionCount(address, DefaultBlockParameterName.LATEST);
    }

    private BigInteger transactionCount(String address, DefaultBlockParameterName block) {
        return send("eth_getTransactionCount", e -> e.web3j().ethGetTransactionCount(address, block))
                .getTransactionCount();
    }

    @Override
    public BigInteger suggestedPriorityFee() {
        return send("eth_maxPriorityFeePerGas", e -> e.web3j().ethMaxPriorityFeePerGas())
                .getMaxPriorityFeePerGas();
    }

    @Override
    public String call(@Nullable String from, String to, String data) {
        return send(
                        "eth_call",
                        e -> e.web3j()
                                .ethCall(
                                        Transaction.createEthCallTransaction(from, to, data),
                                        DefaultBlockParameterName.LATEST))
                .getValue();
    }

    @Override
    public BigInteger estimateGas(String from, String to, String data) {
        return send(
                        "eth_estimateGas",
                        e -> e.web3j().ethEstimateGas(Transaction.createEthCallTransaction(from, to, data)))
                .getAmountUsed();
    }

    @Override
    public List<Answer> read(List<Read> reads) {
        if (reads.isEmpty()) {
            return List.of();
        }
        var responses = withFailover("batch", endpoint -> {
            var batch = endpoint.web3j().newBatch();
            for (var read : reads) {
                var transaction = Transaction.createEthCallTransaction(read.from(), read.to(), read.data());
                batch.add(
                        read.estimate()
                                ? endpoint.web3j().ethEstimateGas(transaction)
                                : endpoint.web3j().ethCall(transaction, DefaultBlockParameterName.LATEST));
            }
            return inRequestOrder(batch.getRequests(), batch.send().getResponses());
        });
        var answers = new ArrayList<Answer>(reads.size());
        for (int i = 0; i < reads.size(); i++) {
            var response = responses.get(i);
            var method = reads.get(i).estimate() ? "eth_estimateGas" : "eth_call";
            answers.add(
                    response.hasError()
                            ? new Answer(
                                    null,
                                    new RpcErrorException(
                                            method,
                                            response.getError().getMessage(),
                                            response.getError().getData()))
                            : new Answer(String.valueOf(response.getResult()), null));
        }
        return answers;
    }

    /** A JSON-RPC batch may be answered in any order: the answers by the ids of the requests. */
    private static List<Response<?>> inRequestOrder(
            List<? extends Request<?, ?>> requests, List<? extends Response<?>> responses) {
        if (responses.size() != requests.size()) {
            throw new RpcErrorException(
                    "batch", "answered " + responses.size() + " of " + requests.size() + " calls", null);
        }
        var byId = new java.util.HashMap<Long, Response<?>>();
        responses.forEach(response -> byId.put(response.getId(), response));
        var ordered = new ArrayList<Response<?>>(requests.size());
        for (var request : requests) {
            var response = byId.get(request.getId());
            if (response == null) {
                throw new RpcErrorException("batch", "no answer to call " + request.getId(), null);
            }
            ordered.add(response);
        }
        return ordered;
    }

    @Override
    public String sendRawTransaction(String signedTransaction) {
        return lower(send("eth_sendRawTransaction", e -> e.web3j().ethSendRawTransaction(signedTransaction))
                .getTransactionHash());
    }

    @Override
    public Optional<MinedReceipt> receipt(String txHash) {
        return send("eth_getTransactionReceipt", e -> e.web3j().ethGetTransactionReceipt(txHash))
                .getTransactionReceipt()
                .map(Web3jRelayerRpc::receipt);
    }

    @Override
    public List<Optional<MinedReceipt>> receipts(List<String> txHashes) {
        if (txHashes.isEmpty()) {
            return List.of();
        }
        var responses = withFailover("batch", endpoint -> {
            var batch = endpoint.web3j().newBatch();
            txHashes.forEach(hash -> batch.add(endpoint.web3j().ethGetTransactionReceipt(hash)));
            return inRequestOrder(batch.getRequests(), batch.send().getResponses());
        });
        var receipts = new ArrayList<Optional<MinedReceipt>>(txHashes.size());
        for (var response : responses) {
            if (response.hasError()) {
                throw new RpcErrorException(
                        "eth_getTransactionReceipt",
                        response.getError().getMessage(),
                        response.getError().getData());
            }
            receipts.add(((EthGetTransactionReceipt) response)
                    .getTransactionReceipt()
                    .map(Web3jRelayerRpc::receipt));
        }
        return receipts;
    }

    @Override
    public List<ChainLog> logs(String address, List<@Nullable String> topics, long fromBlock, long toBlock) {
        var filter = new EthFilter(
                DefaultBlockParameter.valueOf(BigInteger.valueOf(fromBlock)),
                DefaultBlockParameter.valueOf(BigInteger.valueOf(toBlock)),
                address);
        for (var topic : topics) {
            if (topic == null) {
                filter.addNullTopic();
            } else {
                filter.addSingleTopic(topic);
            }
        }
        var result = send("eth_getLogs", e -> e.web3j().ethGetLogs(filter)).getLogs();
        var logs = new ArrayList<ChainLog>();
        for (EthLog.LogResult<?> entry : result) {
            if (entry.get() instanceof Log found) {
                logs.add(log(found));
            }
        }
        return logs;
    }

    @Override
    public void setNextBlockTimestamp(long epochSeconds) {
        send("evm_setNextBlockTimestamp", e -> raw("evm_setNextBlockTimestamp", List.of(epochSeconds), e));
    }

    @Override
    public void mine() {
        send("evm_mine", e -> raw("evm_mine", List.of(), e));
    }

    @Override
    public void close() {
        endpoints.forEach(endpoint -> endpoint.web3j().shutdown());
    }

    /** The answer of the first URL that answers, from the preferred one on, retried with backoff within the budget. */
    private <T extends Response<?>> T send(String method, Function<Endpoint, Request<?, T>> request) {
        var response = withFailover(method, endpoint -> request.apply(endpoint).send());
        if (response.hasError()) {
            var error = response.getError();
            throw new RpcErrorException(method, error.getMessage(), error.getData());
        }
        return response;
    }

    /** What {@code call} gives at the first URL that answers, from the preferred one on, with backoff. */
    private <T> T withFailover(String method, Call<T> call) {
        long deadline = System.nanoTime() + retryBudget.toNanos();
        var backoff = FIRST_BACKOFF;
        while (true) {
            IOException last = null;
            int start = preferred;
            for (int i = 0; i < endpoints.size(); i++) {
                int index = (start + i) % endpoints.size();
                try {
                    T answer = call.on(endpoints.get(index));
                    preferred = index;
                    return answer;
                } catch (IOException e) {
                    last = e;
                    log.warn(
                            "event=rpc_failed chain={} method={} rpcUrlIndex={} error={}",
                            chainName,
                            method,
                            index,
                            e.getClass().getSimpleName());
                }
            }
            if (System.nanoTime() + backoff.toNanos() > deadline) {
                throw new RpcUnavailableException(
                        chainName + " did not answer " + method + " within " + retryBudget.toSeconds() + " s", last);
            }
            pause(backoff);
            backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
        }
    }

    private static void pause(Duration backoff) {
        try {
            Thread.sleep(backoff);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RpcUnavailableException("interrupted while waiting to retry", e);
        }
    }

    private static Request<?, RawResponse> raw(String method, List<?> params, Endpoint endpoint) {
        return new Request<>(method, params, endpoint.http(), RawResponse.class);
    }

    private static MinedReceipt receipt(TransactionReceipt receipt) {
        return new MinedReceipt(
                lower(receipt.getTransactionHash()),
                receipt.getBlockNumber().longValueExact(),
                lower(receipt.getBlockHash()),
                receipt.isStatusOK(),
                receipt.getGasUsed(),
                receipt.getLogs().stream().map(Web3jRelayerRpc::log).toList());
    }

    private static ChainLog log(Log log) {
        return new ChainLog(
                lower(log.getAddress()),
                log.getTopics().stream().map(Web3jRelayerRpc::lower).toList(),
                log.getData() == null ? "0x" : log.getData(),
                lower(log.getTransactionHash()),
                log.getBlockNumber().longValueExact());
    }

    private static String lower(@Nullable String hex) {
        return hex == null ? "" : hex.toLowerCase(Locale.ROOT);
    }

    /** One round trip to one endpoint. */
    @FunctionalInterface
    private interface Call<T> {
        T on(Endpoint endpoint) throws IOException;
    }

    /** A JSON-RPC answer whose result is not needed. */
    public static final class RawResponse extends Response<Object> {}
}
