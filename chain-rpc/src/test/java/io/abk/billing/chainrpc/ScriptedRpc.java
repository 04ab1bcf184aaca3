package io.abk.billing.chainrpc;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A JSON-RPC URL that misbehaves one way, for every request: an HTTP status with a body, a JSON-RPC error object, or
 * an answer later than any call timeout. Counts the requests it got.
 */
final class ScriptedRpc implements AutoCloseable {

    private final HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    private ScriptedRpc(int status, String body, Duration delay) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            var request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            var id = request.replaceAll("(?s).*\"id\"\\s*:\\s*(\\d+).*", "$1");
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            var bytes = body.replace("ID", id).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (var out = exchange.getResponseBody()) {
                out.write(bytes);
            } catch (IOException ignored) {
                // the client gave up waiting: what this URL is for
            }
        });
        server.start();
    }

    /** Answers HTTP {@code status} (429, 503, ...) with a provider's text. */
    static ScriptedRpc status(int status) {
        return new ScriptedRpc(status, "{\"message\":\"slow down\"}", Duration.ZERO);
    }

    /** Answers 200 with a JSON-RPC error object. */
    static ScriptedRpc error(int code, String message) {
        return new ScriptedRpc(
                200,
                "{\"jsonrpc\":\"2.0\",\"id\":ID,\"error\":{\"code\":" + code + ",\"message\":\"" + message + "\"}}",
                Duration.ZERO);
    }

    /** Answers a block number, after {@code delay}. */
    static ScriptedRpc slow(Duration delay) {
        return new ScriptedRpc(200, "{\"jsonrpc\":\"2.0\",\"id\":ID,\"result\":\"0x1\"}", delay);
    }

    /** This server's URL under {@code pathAndQuery} ({@code /v2/key?apikey=...}, as providers spell them). */
    String url(String pathAndQuery) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery;
    }

    int requests() {
        return requests.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
