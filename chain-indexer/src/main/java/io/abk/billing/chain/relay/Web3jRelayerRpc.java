package io.abk.billing.chain.relay;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
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

    private record Endpoint(HttpService http, Web3j web3j) {
    }

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
        this.endpoints = rpcUrls.stream().map(url -> {
            var http = new HttpService(url);
            return new Endpoint(http, Web3j.build(http));
        }).toList();
    }

    @Override
    public ChainHead head() {
        var block = send("eth_getBlockByNumber", e -> e.web3j().ethGetBlockByNumber(DefaultBlockParameterName.LATEST,
                false)).getBlock();
        var baseFee = block.getBaseFeePerGas();
        return new ChainHead(block.getNumber().longValueExact(), lower(block.getHash()),
                block.getTimestamp().longValueExact(), baseFee == null ? BigInteger.ZERO : baseFee);
    }

    @Override
    public Optional<String> blockHash(long number) {
        var block = send("eth_getBlockByNumber", e -> e.web3j().ethGetBlockByNumber(
                DefaultBlockParameter.valueOf(BigInteger.valueOf(number)), false)).getBlock();
        return Optional.ofNullable(block).map(found -> lower(found.getHash()));
    }

    @Override
    public BigInteger pendingNonce(String address) {
        return send("eth_getTransactionCount", e -> e.web3j().ethGetTransactionCount(address,
                DefaultBlockParameterName.PENDING)).getTransactionCount();
    }

    @Override
    public BigInteger suggestedPriorityFee() {
        return send("eth_maxPriorityFeePerGas", e -> e.web3j().ethMaxPriorityFeePerGas()).getMaxPriorityFeePerGas();
    }

    @Override
    public String call(@Nullable String from, String to, String data) {
        return send("eth_call", e -> e.web3j().ethCall(Transaction.createEthCallTransaction(from, to, data),
                DefaultBlockParameterName.LATEST)).getValue();
    }

    @Override
    public BigInteger estimateGas(String from, String to, String data) {
        return send("eth_estimateGas", e -> e.web3j().ethEstimateGas(
                Transaction.createEthCallTransaction(from, to, data))).getAmountUsed();
    }

    @Override
    public String sendRawTransaction(String signedTransaction) {
        return lower(send("eth_sendRawTransaction", e -> e.web3j().ethSendRawTransaction(signedTransaction))
                .getTransactionHash());
    }

    @Override
    public Optional<MinedReceipt> receipt(String txHash) {
        return send("eth_getTransactionReceipt", e -> e.web3j().ethGetTransactionReceipt(txHash))
                .getTransactionReceipt().map(Web3jRelayerRpc::receipt);
    }

    @Override
    public List<ChainLog> logs(String address, List<@Nullable String> topics, long fromBlock, long toBlock) {
        var filter = new EthFilter(DefaultBlockParameter.valueOf(BigInteger.valueOf(fromBlock)),
                DefaultBlockParameter.valueOf(BigInteger.valueOf(toBlock)), address);
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
        long deadline = System.nanoTime() + retryBudget.toNanos();
        var backoff = FIRST_BACKOFF;
        while (true) {
            IOException last = null;
            int start = preferred;
            for (int i = 0; i < endpoints.size(); i++) {
                int index = (start + i) % endpoints.size();
                try {
                    T response = request.apply(endpoints.get(index)).send();
                    preferred = index;
                    if (response.hasError()) {
                        var error = response.getError();
                        throw new RpcErrorException(method, error.getMessage(), error.getData());
                    }
                    return response;
                } catch (IOException e) {
                    last = e;
                    log.warn("event=rpc_failed chain={} method={} rpcUrlIndex={} error={}", chainName, method, index,
                            e.getClass().getSimpleName());
                }
            }
            if (System.nanoTime() + backoff.toNanos() > deadline) {
                throw new RpcUnavailableException(chainName + " did not answer " + method + " within "
                        + retryBudget.toSeconds() + " s", last);
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
        return new MinedReceipt(lower(receipt.getTransactionHash()), receipt.getBlockNumber().longValueExact(),
                lower(receipt.getBlockHash()), receipt.isStatusOK(), receipt.getGasUsed(),
                receipt.getLogs().stream().map(Web3jRelayerRpc::log).toList());
    }

    private static ChainLog log(Log log) {
        return new ChainLog(lower(log.getAddress()), log.getTopics().stream().map(Web3jRelayerRpc::lower).toList(),
                log.getData() == null ? "0x" : log.getData(), lower(log.getTransactionHash()),
                log.getBlockNumber().longValueExact());
    }

    private static String lower(@Nullable String hex) {
        return hex == null ? "" : hex.toLowerCase(Locale.ROOT);
    }

    /** A JSON-RPC answer whose result is not needed. */
    public static final class RawResponse extends Response<Object> {
    }
}
