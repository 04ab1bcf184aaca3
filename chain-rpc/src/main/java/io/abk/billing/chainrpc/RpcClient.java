package io.abk.billing.chainrpc;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.Request;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.exceptions.ClientConnectionException;
import org.web3j.protocol.http.HttpService;
import org.web3j.utils.Numeric;

/**
 * One chain through one or more JSON-RPC URLs, tried in the configured order. A call goes to the URL that answered
 * last; a connection error, a timeout, an HTTP error (5xx, 429 and the rest) or, where the call says so
 * ({@link NodeErrors}), a JSON-RPC error moves it to the next URL, and a round over all of them that failed waits and
 * tries again within its {@link RpcBudget}. Logs and messages name a URL by its position ({@code url=1/3}), never by
 * its text, and an exception's cause keeps only the failure's type: URLs carry providers' keys in their path or query.
 * Safe to call from several threads.
 */
public final class RpcClient implements AutoCloseable {

    /** Several public providers refuse JSON-RPC batches of more than 100 calls. */
    public static final int MAX_BATCH = 100;

    private static final Logger log = LoggerFactory.getLogger(RpcClient.class);
    /**
     * Idle connections kept: enough for the relayer's concurrent preflights, receipt waits and sends, so a busy batch
     * reuses connections instead of opening and closing one per call (OkHttp's default keeps 5).
     */
    private static final int IDLE_CONNECTIONS = 64;
    /**
     * What providers answer when an {@code eth_getLogs} range is too much for them: -32005 "query returned more than
     * 10000 results" (Infura), "Log response size exceeded" (Alchemy), "block range is too wide" (Ankr), "exceed
     * maximum block range" (geth-based nodes), "range too large"; matched loosely on purpose.
     */
    private static final Pattern RANGE_REFUSAL = Pattern.compile(
            "range|too many|more than|exceed|limit|too large|too wide|response size", Pattern.CASE_INSENSITIVE);

    private static final int LIMIT_EXCEEDED = -32005;
    /** A node's error message is cut to this in logs: some echo the whole request. */
    private static final int LOGGED_MESSAGE = 200;

    private record Endpoint(HttpService service, Web3j web3j) {}

    private final String chain;
    private final OkHttpClient http;
    private final List<Endpoint> endpoints;
    private final RpcBudget budget;
    private volatile int preferred;

    private RpcClient(String chain, OkHttpClient http, List<Endpoint> endpoints, RpcBudget budget) {
        this.chain = chain;
        this.http = http;
        this.endpoints = endpoints;
        this.budget = budget;
    }

    /** A client of the chain called {@code chain} in logs and messages, over {@code urls}. */
    public static RpcClient connect(String chain, List<String> urls, RpcBudget budget) {
        return connect(chain, urls, Map.of(), budget);
    }

    /**
     * As {@link #connect(String, List, RpcBudget)}, sending {@code headers} (a provider's key, never logged) with every
     * call.
     */
    public static RpcClient connect(String chain, List<String> urls, Map<String, String> headers, RpcBudget budget) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("at least one RPC URL is needed for " + chain);
        }
        // One OkHttp client for every URL: one connection pool whatever the number of URLs. Not web3j's own builder,
        // which adds a logging interceptor that would print the URL when its logger is at debug.
        var http = new OkHttpClient.Builder()
                .callTimeout(budget.callTimeout())
                .connectionPool(new ConnectionPool(IDLE_CONNECTIONS, 5, TimeUnit.MINUTES))
                .build();
        var endpoints = urls.stream()
                .map(url -> {
                    var service = new HttpService(url, http);
                    service.addHeaders(headers);
                    return new Endpoint(service, Web3j.build(service));
                })
                .toList();
        return new RpcClient(chain, http, endpoints, budget);
    }

    /** What {@code call} gives at the first URL that answers, from the one that answered last, within the budget. */
    public <T> T call(String method, NodeErrors errors, Call<T> call) {
        return attempt(method, errors, endpoint -> call.on(endpoint.web3j()));
    }

    /**
     * The requests {@code request} makes (index {@code 0..count-1}), sent as JSON-RPC batches of at most
     * {@link #MAX_BATCH}, their answers in request order. Under {@link NodeErrors#THROW} an error answer to one of them
     * is that request's answer; otherwise it fails the batch at that URL.
     */
    public List<Response<?>> batch(String method, NodeErrors errors, int count, BatchItem request) {
        var answers = new ArrayList<Response<?>>(count);
        for (int start = 0; start < count; start += MAX_BATCH) {
            int from = start;
            int to = Math.min(count, start + MAX_BATCH);
            answers.addAll(attempt(method, errors, endpoint -> {
                var batch = endpoint.web3j().newBatch();
                for (int i = from; i < to; i++) {
                    batch.add(request.on(endpoint.web3j(), i));
                }
                var ordered =
                        inRequestOrder(method, batch.getRequests(), batch.send().getResponses());
                if (errors != NodeErrors.THROW) {
                    ordered.forEach(answer -> result(method, answer));
                }
                return ordered;
            }));
        }
        return answers;
    }

    /** A call web3j has no method for (a development chain's {@code evm_mine}); its result is not read. */
    public void raw(String method, List<?> params, NodeErrors errors) {
        attempt(
                method,
                errors,
                endpoint ->
                        result(method, new Request<>(method, params, endpoint.service(), UnreadResponse.class).send()));
    }

    /** The latest block's number. */
    public long blockNumber() {
        return quantity("eth_blockNumber", web3j -> web3j.ethBlockNumber().send());
    }

    /** The chain id the URLs answer ({@code eth_chainId}), for a check at start. */
    public long chainId() {
        return quantity("eth_chainId", web3j -> web3j.ethChainId().send());
    }

    /** A call without parameters whose result is one number, a JSON-RPC quantity ({@code 0x} hex). */
    private long quantity(String method, Call<? extends Response<String>> call) {
        return call(
                method,
                NodeErrors.FAIL_OVER,
                web3j -> Numeric.decodeQuantity(result(method, call.on(web3j))).longValueExact());
    }

    /** The answer's result; its error object as {@link RpcErrorException}. */
    public static <R> R result(String method, Response<R> answer) {
        return checked(method, answer).getResult();
    }

    /** The answer itself, for its typed getters; its error object as {@link RpcErrorException}. */
    public static <A extends Response<?>> A checked(String method, A answer) {
        if (answer.hasError()) {
            var error = answer.getError();
            throw new RpcErrorException(method, error.getCode(), String.valueOf(error.getMessage()), error.getData());
        }
        return answer;
    }

    /** A hex string from the node in lower case (hex is case-insensitive; ids compared as strings need one spelling). */
    public static String lower(@Nullable String hex) {
        return hex == null ? "" : hex.toLowerCase(Locale.ROOT);
    }

    @Override
    public void close() {
        // Web3j.shutdown() would also stop web3j's shared scheduler, which other clients in this JVM may use.
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    private <T> T attempt(String method, NodeErrors errors, EndpointCall<T> call) {
        long deadline = System.nanoTime() + budget.within().toNanos();
        RuntimeException last = null;
        for (int round = 1; ; round++) {
            int start = preferred;
            for (int i = 0; i < endpoints.size(); i++) {
                int index = (start + i) % endpoints.size();
                try {
                    T answer = call.on(endpoints.get(index));
                    preferred = index;
                    return answer;
                } catch (RpcErrorException e) {
                    if (errors == NodeErrors.THROW) {
                        throw e;
                    }
                    if (errors == NodeErrors.RANGE_REFUSAL && refusesRange(e)) {
                        throw new RpcRangeRefusedException(method + " refused by url=" + position(index) + ": "
                                + e.code() + " " + shortened(e.nodeMessage()));
                    }
                    last = failed(
                            method,
                            index,
                            round,
                            "json_rpc_error code=" + e.code() + " message=\"" + shortened(e.nodeMessage()) + "\"");
                } catch (InterruptedIOException e) {
                    if (Thread.currentThread().isInterrupted()) {
                        throw new RpcUnavailableException(chain + " did not answer " + method + ": interrupted", null);
                    }
                    if (errors == NodeErrors.RANGE_REFUSAL) {
                        // A range call that times out is most often a range too heavy for the provider.
                        moveOn(index);
                        throw new RpcRangeRefusedException(method + " timed out at url=" + position(index));
                    }
                    last = failed(method, index, round, "timeout");
                } catch (IOException | ClientConnectionException e) {
                    last = failed(method, index, round, e.getClass().getSimpleName());
                }
            }
            var backoff = budget.backoffAfter(round);
            if (round >= budget.rounds() || System.nanoTime() + backoff.toNanos() > deadline) {
                throw new RpcUnavailableException(
                        chain + " did not answer " + method + " at any of its " + endpoints.size() + " RPC URLs in "
                                + round + (round == 1 ? " round" : " rounds"),
                        last);
            }
            pause(backoff, method);
        }
    }

    /**
     * Logs the failure by URL position (never the URL, nor an exception message, which may echo the host or the
     * URL) and moves on to the next URL; returns a cause that keeps only what was logged.
     */
    private RuntimeException failed(String method, int index, int round, String error) {
        moveOn(index);
        log.warn(
                "event=rpc_call_failed chain=\"{}\" method={} url={} round={} error={}",
                chain,
                method,
                position(index),
                round,
                error);
        return new UrlFailure("url=" + position(index) + " " + error);
    }

    /** The next call starts at the URL after {@code index}, unless another thread has moved on already. */
    private void moveOn(int index) {
        if (preferred == index) {
            preferred = (index + 1) % endpoints.size();
        }
    }

    private String position(int index) {
        return (index + 1) + "/" + endpoints.size();
    }

    private static boolean refusesRange(RpcErrorException e) {
        return e.code() == LIMIT_EXCEEDED
                || RANGE_REFUSAL.matcher(e.nodeMessage()).find();
    }

    private static String shortened(String message) {
        return message.length() > LOGGED_MESSAGE ? message.substring(0, LOGGED_MESSAGE) : message;
    }

    private void pause(Duration backoff, String method) {
        try {
            Thread.sleep(backoff);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RpcUnavailableException(chain + " did not answer " + method + ": interrupted", e);
        }
    }

    /** A JSON-RPC batch may be answered in any order: the answers by the ids of the requests. */
    private static List<Response<?>> inRequestOrder(
            String method, List<? extends Request<?, ?>> requests, List<? extends Response<?>> responses) {
        if (responses.size() != requests.size()) {
            throw new RpcErrorException(
                    method, 0, "batch answered " + responses.size() + " of " + requests.size() + " calls", null);
        }
        var byId = new HashMap<Long, Response<?>>();
        responses.forEach(response -> byId.put(response.getId(), response));
        var ordered = new ArrayList<Response<?>>(requests.size());
        for (var request : requests) {
            var response = byId.get(request.getId());
            if (response == null) {
                throw new RpcErrorException(method, 0, "batch has no answer to call " + request.getId(), null);
            }
            ordered.add(response);
        }
        return ordered;
    }

    /** One round trip through web3j. */
    @FunctionalInterface
    public interface Call<T> {
        T on(Web3j web3j) throws IOException;
    }

    /** Request {@code index} of a batch, made with {@code web3j}. */
    @FunctionalInterface
    public interface BatchItem {
        Request<?, ? extends Response<?>> on(Web3j web3j, int index);
    }

    @FunctionalInterface
    private interface EndpointCall<T> {
        T on(Endpoint endpoint) throws IOException;
    }

    /** Why one URL failed, as logged: the cause of {@link RpcUnavailableException}, without the original's message. */
    private static final class UrlFailure extends RuntimeException {

        UrlFailure(String message) {
            super(message, null, false, false);
        }
    }

    /** A JSON-RPC answer whose result is not read. web3j makes it by reflection, hence public. */
    public static final class UnreadResponse extends Response<Object> {}
}
