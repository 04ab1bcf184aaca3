package io.abk.billing.chain.rpc;

import io.abk.billing.chain.domain.follow.ChainLog;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.exceptions.ClientConnectionException;
import org.web3j.protocol.http.HttpService;

/**
 * The follower's view of one chain through one or more RPC URLs. A call goes to the URL in use; a connection
 * error, an HTTP error (5xx, 429), a timeout or a JSON-RPC error moves to the next URL, and a round over all of
 * them that failed waits with exponential backoff ({@link RpcRetry}). Only the thread that owns it calls it.
 */
public final class ChainRpc implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ChainRpc.class);

    /** Several public providers refuse JSON-RPC batches of more than 100 calls. */
    static final int MAX_BATCH = 100;
    /**
     * What providers answer when an {@code eth_getLogs} range is too much for them: -32005 "query returned more
     * than 10000 results" (Infura), "Log response size exceeded" (Alchemy), "block range is too wide" (Ankr),
     * "exceed maximum block range" (geth-based nodes), "range too large"; matched loosely on purpose.
     */
    private static final Pattern RANGE_REFUSAL = Pattern.compile(
            "range|too many|more than|exceed|limit|too large|too wide|response size", Pattern.CASE_INSENSITIVE);

    private static final int LIMIT_EXCEEDED = -32005;

    private final long chainId;
    private final OkHttpClient http;
    private final List<Web3j> endpoints;
    private final RpcRetry retry;
    private int current;

    private ChainRpc(long chainId, OkHttpClient http, List<Web3j> endpoints, RpcRetry retry) {
        this.chainId = chainId;
        this.http = http;
        this.endpoints = endpoints;
        this.retry = retry;
    }

    /** A client over {@code urls}, tried in this order. */
    public static ChainRpc connect(long chainId, List<String> urls, RpcRetry retry) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("at least one RPC URL is needed for chain " + chainId);
        }
        var http = new OkHttpClient.Builder().callTimeout(retry.callTimeout()).build();
        var endpoints = urls.stream()
                .map(url -> Web3j.build(new HttpService(url, http)))
                .toList();
        return new ChainRpc(chainId, http, endpoints, retry);
    }

    public long blockNumber() {
        return call("eth_blockNumber", false, web3j -> {
            var answer = web3j.ethBlockNumber().send();
            answer(answer);
            return answer.getBlockNumber().longValueExact();
        });
    }

    /** Headers of blocks {@code from..to} in order, fetched in batches; ends early at a block the chain does not have. */
    public List<BlockHeader> headers(long from, long to) {
        var headers = new ArrayList<BlockHeader>();
        for (long start = from; start <= to; start += MAX_BATCH) {
            long end = Math.min(to, start + MAX_BATCH - 1);
            var chunk = batch(start, end);
            headers.addAll(chunk);
            if (chunk.size() < end - start + 1) {
                break;
            }
        }
        return headers;
    }

    /** The logs of {@code addresses} with any of {@code topic0s} in blocks {@code from..to}, in chain order. */
    public List<ChainLog> logs(long from, long to, List<String> addresses, List<String> topic0s) {
        var filter = new EthFilter(block(from), block(to), addresses).addOptionalTopics(topic0s.toArray(String[]::new));
        return call("eth_getLogs", true, web3j -> {
            var answer = web3j.ethGetLogs(filter).send();
            var logs = new ArrayList<ChainLog>();
            for (var result : answer(answer)) {
                var entry = (Log) ((EthLog.LogObject) result).get();
                logs.add(new ChainLog(
                        entry.getAddress(),
                        entry.getTopics(),
                        entry.getData(),
                        entry.getBlockNumber().longValueExact(),
                        entry.getBlockHash(),
                        entry.getTransactionHash(),
                        entry.getLogIndex().intValueExact()));
            }
            return logs;
        });
    }

    private List<BlockHeader> batch(long from, long to) {
        return call("eth_getBlockByNumber", false, web3j -> {
            var batch = web3j.newBatch();
            for (long n = from; n <= to; n++) {
                batch.add(web3j.ethGetBlockByNumber(block(n), false));
            }
            var headers = new ArrayList<BlockHeader>();
            for (var response : batch.send().getResponses()) {
                var block = answer((EthBlock) response);
                if (block == null) {
                    break; // not mined yet, or no longer there after the chain shrank
                }
                headers.add(new BlockHeader(
                        block.getNumber().longValueExact(),
                        block.getHash().toLowerCase(Locale.ROOT),
                        block.getParentHash().toLowerCase(Locale.ROOT),
                        block.getTimestamp().longValueExact()));
            }
            return headers;
        });
    }

    private <T> T call(String method, boolean refusesRange, Call<T> call) {
        RuntimeException last = null;
        for (int round = 1; round <= retry.rounds(); round++) {
            for (int tried = 0; tried < endpoints.size(); tried++) {
                int index = current;
                try {
                    return call.on(endpoints.get(index));
                } catch (JsonRpcError e) {
                    if (refusesRange
                            && (e.code == LIMIT_EXCEEDED
                                    || RANGE_REFUSAL.matcher(e.message).find())) {
                        throw new RpcException.RangeRefused(
                                method + " refused by rpc=" + position(index) + ": " + e.code + " " + e.message);
                    }
                    last = failed(method, index, round, "json_rpc_error code=" + e.code + " message=" + e.message, e);
                } catch (InterruptedIOException e) {
                    if (Thread.currentThread().isInterrupted()) {
                        throw new RpcException.Unavailable(method + " interrupted", e);
                    }
                    if (refusesRange) {
                        // A range call that times out is most often a range too heavy for the provider.
                        current = (index + 1) % endpoints.size();
                        throw new RpcException.RangeRefused(method + " timed out at rpc=" + position(index));
                    }
                    last = failed(method, index, round, "timeout", e);
                } catch (IOException | ClientConnectionException e) {
                    last = failed(method, index, round, e.getClass().getSimpleName(), e);
                }
            }
            if (round < retry.rounds()) {
                pause(retry.backoffAfter(round).toMillis(), method);
            }
        }
        throw new RpcException.Unavailable(
                method + " failed at every RPC URL of chain " + chainId + " (" + endpoints.size() + ") after "
                        + retry.rounds() + " rounds",
                last);
    }

    /** Logs the failure by URL position (never the URL, nor a message that may echo it) and moves to the next URL. */
    private RuntimeException failed(String method, int index, int round, String error, Exception cause) {
        current = (index + 1) % endpoints.size();
        log.warn(
                "event=rpc_call_failed chainId={} method={} rpc={} round={} error={}",
                chainId,
                method,
                position(index),
                round,
                error);
        // The cause's message may carry the host or the URL: keep only its type.
        return new RuntimeException(cause.getClass().getName() + (cause instanceof JsonRpcError ? ": " + error : ""));
    }

    private String position(int index) {
        return (index + 1) + " of " + endpoints.size();
    }

    private static void pause(long millis, String method) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RpcException.Unavailable(method + " interrupted", e);
        }
    }

    private static <R> R answer(Response<R> response) {
        if (response.hasError()) {
            throw new JsonRpcError(
                    response.getError().getCode(),
                    String.valueOf(response.getError().getMessage()));
        }
        return response.getResult();
    }

    private static DefaultBlockParameter block(long number) {
        return DefaultBlockParameter.valueOf(BigInteger.valueOf(number));
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
    private static final class JsonRpcError extends RuntimeException {

        private final int code;
        private final String message;

        JsonRpcError(int code, String message) {
            super(code + " " + message);
            this.code = code;
            this.message = message.length() > 200 ? message.substring(0, 200) : message;
        }
    }
}
