package io.abk.billing.chain.follow;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * A JSON-RPC proxy in front of anvil that refuses {@code eth_getLogs} over more than {@code maxBlocks} blocks the
 * way public providers do (a JSON-RPC error, -32005 "block range too large"), and forwards everything else.
 */
final class RangeLimitingProxy implements AutoCloseable {

    private static final Pattern RANGE = Pattern.compile(
            "\"fromBlock\"\\s*:\\s*\"0x([0-9a-f]+)\".*?\"toBlock\"\\s*:\\s*\"0x([0-9a-f]+)\"", Pattern.DOTALL);

    private final HttpServer server;
    private final AtomicInteger refused = new AtomicInteger();

    RangeLimitingProxy(String upstream, int maxBlocks) throws IOException {
        var client = HttpClient.newHttpClient();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String answer;
            var range = RANGE.matcher(body);
            if (body.contains("eth_getLogs")
                    && range.find()
                    && Long.parseLong(range.group(2), 16) - Long.parseLong(range.group(1), 16) + 1 > maxBlocks) {
                refused.incrementAndGet();
                var id = body.replaceAll("(?s).*\"id\"\\s*:\\s*(\\d+).*", "$1");
                answer = "{\"jsonrpc\":\"2.0\",\"id\":" + id
                        + ",\"error\":{\"code\":-32005,\"message\":\"block range too large: at most " + maxBlocks
                        + "\"}}";
            } else {
                try {
                    answer = client.send(
                                    HttpRequest.newBuilder(URI.create(upstream))
                                            .header("Content-Type", "application/json")
                                            .POST(HttpRequest.BodyPublishers.ofString(body))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                }
            }
            var bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (var out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    int refused() {
        return refused.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
