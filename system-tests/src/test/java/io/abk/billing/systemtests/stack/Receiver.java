package io.abk.billing.systemtests.stack;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A merchant's webhook receiver on this machine: records every POST it gets (headers and raw body) and answers
 * 200. Loopback http, which the local stack allows for test-mode endpoints.
 */
final class Receiver implements AutoCloseable {

    /** One request as received: header names lower-cased, the body's exact bytes. */
    record Request(Map<String, String> headers, byte[] body) {

        String header(String name) {
            return headers.getOrDefault(name, "");
        }

        String text() {
            return new String(body, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private final HttpServer server;
    private final List<Request> requests = new CopyOnWriteArrayList<>();

    private Receiver(HttpServer server) {
        this.server = server;
    }

    static Receiver start() {
        try {
            var server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            var receiver = new Receiver(server);
            server.createContext("/", exchange -> {
                try (exchange) {
                    var headers = new java.util.HashMap<String, String>();
                    exchange.getRequestHeaders()
                            .forEach((name, values) ->
                                    headers.put(name.toLowerCase(java.util.Locale.ROOT), String.join(",", values)));
                    receiver.requests.add(new Request(
                            Map.copyOf(headers), exchange.getRequestBody().readAllBytes()));
                    exchange.sendResponseHeaders(200, -1);
                }
            });
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The requests whose {@code webhook-id} is {@code eventId}. */
    List<Request> requestsFor(String eventId) {
        return requests.stream()
                .filter(r -> r.header("webhook-id").equals(eventId))
                .toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
