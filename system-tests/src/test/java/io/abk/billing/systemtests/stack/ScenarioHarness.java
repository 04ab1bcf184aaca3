package io.abk.billing.systemtests.stack;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The test's side of a client library's scenario, over HTTP on 127.0.0.1 so that a scenario in any language can use
 * it: {@code POST /pay} pays a checkout on the local chain as the customer's wallet would; {@code /hooks/...} is a
 * webhook receiver whose deliveries {@code GET /webhooks?after=<seq>} lists; {@code POST /cut-next} arms the
 * {@link CuttingProxy} in front of the gateway to drop its next answer. {@link #env} gives a scenario the URLs.
 */
final class ScenarioHarness implements AutoCloseable {

    /** The checkout pages a {@code checkoutUrl} names, and the JSON each shows its wallet calls in. */
    private static final Pattern SUBSCRIBE_PAGE = Pattern.compile("/checkout/subscribe/([A-Za-z0-9_-]+)");

    private static final Pattern PAY_PAGE = Pattern.compile("/checkout/pay/([A-Za-z0-9_-]+)");

    /** One webhook request as received: its path, every header (names lower-cased) and the raw body as text. */
    record Delivery(long seq, String path, Map<String, String> headers, String body) {}

    private final Api api;
    private final TestChain chain;
    private final HttpServer server;
    private final ExecutorService executor;
    private final CuttingProxy proxy;
    private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
    private final AtomicLong sequence = new AtomicLong();

    private ScenarioHarness(Api api, TestChain chain, HttpServer server, ExecutorService executor, CuttingProxy proxy) {
        this.api = api;
        this.chain = chain;
        this.server = server;
        this.executor = executor;
        this.proxy = proxy;
    }

    static ScenarioHarness start(Api api, TestChain chain) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // A thread per request: a payment waits for blocks while the scenario reads webhooks.
        var executor = Executors.newVirtualThreadPerTaskExecutor();
        var harness = new ScenarioHarness(
                api, chain, server, executor, CuttingProxy.start(api.info().baseUrl()));
        server.setExecutor(executor);
        server.createContext("/pay", harness.handled("POST", harness::pay));
        server.createContext("/hooks/", harness::receive);
        server.createContext("/webhooks", harness.handled("GET", harness::listDeliveries));
        server.createContext("/cut-next", harness.handled("POST", exchange -> {
            harness.proxy.cutNext();
            return new Answer(200, Map.of("armed", true));
        }));
        server.start();
        return harness;
    }

    /** The scenario's view: the stack, its key, this harness and a webhook URL of its own ({@code /hooks/<name>}). */
    ScenarioEnv env(String apiKey, String name) {
        return new ScenarioEnv(api.info().baseUrl(), apiKey, url(), proxy.url(), url() + "/hooks/" + name);
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** How many answers the proxy dropped. */
    int cuts() {
        return proxy.cuts();
    }

    private record Answer(int status, Object json) {}

    private interface Route {
        Answer answer(HttpExchange exchange) throws IOException;
    }

    /** Pays the checkout page that {@code {"checkoutUrl"}} names with its customer's wallet; answers the hashes. */
    private Answer pay(HttpExchange exchange) throws IOException {
        JsonNode request;
        try {
            request = Json.parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            return error(400, "the body is not JSON: " + e.getMessage());
        }
        var checkoutUrl = request.path("checkoutUrl").asString("");
        String path;
        try {
            path = URI.create(checkoutUrl).getPath();
        } catch (IllegalArgumentException e) {
            return error(400, "checkoutUrl is not a URL: " + checkoutUrl);
        }
        String page;
        if (path != null && SUBSCRIBE_PAGE.matcher(path).matches()) {
            page = path + ".json";
        } else if (path != null && PAY_PAGE.matcher(path).matches()) {
            page = path + "/status";
        } else {
            return error(400, "checkoutUrl names no checkout page: " + checkoutUrl);
        }
        var shown = api.get(page).send();
        if (shown.status() != 200) {
            return error(shown.status() == 404 ? 404 : 422, "the page answered " + shown);
        }
        var session = shown.json();
        var calls = session.path("walletCalls");
        if (!calls.isArray() || calls.isEmpty()) {
            return error(
                    409,
                    "the page has nothing to pay (status "
                            + session.path("status").asString() + ")");
        }
        // The wallet the page expects: the customer's, which anvil signs for and funds with exactly the amount.
        var wallet = session.path("customerWallet").asString("");
        var amount = session.path("amountUsdc");
        if (wallet.isEmpty() || !amount.isNumber()) {
            return error(422, "the page shows no customer wallet or amount: " + session);
        }
        try {
            chain.impersonate(wallet, TestChain.units(amount.decimalValue().toPlainString()))
                    .ifPresent(mint -> chain.awaitReceipt(mint));
            return new Answer(200, Map.of("txHashes", chain.sendWalletCallsAs(wallet, calls)));
        } catch (RuntimeException | AssertionError e) {
            return error(422, "the wallet calls failed: " + e.getMessage());
        }
    }

    private void receive(HttpExchange exchange) throws IOException {
        try (exchange) {
            var headers = new LinkedHashMap<String, String>();
            exchange.getRequestHeaders()
                    .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), String.join(",", values)));
            var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            synchronized (deliveries) {
                deliveries.add(new Delivery(
                        sequence.incrementAndGet(), exchange.getRequestURI().getPath(), Map.copyOf(headers), body));
            }
            exchange.sendResponseHeaders(204, -1);
        }
    }

    private Answer listDeliveries(HttpExchange exchange) {
        var after = 0L;
        var query = exchange.getRequestURI().getQuery();
        if (query != null) {
            for (var pair : query.split("&")) {
                if (pair.startsWith("after=")) {
                    try {
                        after = Long.parseLong(pair.substring("after=".length()));
                    } catch (NumberFormatException e) {
                        return error(400, "after is not a number: " + pair);
                    }
                }
            }
        }
        var from = after;
        return new Answer(
                200,
                Map.of(
                        "deliveries",
                        deliveries.stream().filter(d -> d.seq() > from).toList()));
    }

    private HttpHandler handled(String method, Route route) {
        return exchange -> {
            try (exchange) {
                Answer answer;
                try {
                    answer = exchange.getRequestMethod().equals(method)
                            ? route.answer(exchange)
                            : error(405, exchange.getRequestMethod() + " is not allowed here");
                } catch (RuntimeException | AssertionError e) {
                    answer = error(500, exchange.getRequestURI() + " failed: " + e);
                }
                var bytes = Json.write(answer.json()).getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(answer.status(), bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        };
    }

    private static Answer error(int status, String message) {
        return new Answer(status, Map.of("error", message));
    }

    @Override
    public void close() {
        server.stop(0);
        executor.close();
        proxy.close();
    }
}
