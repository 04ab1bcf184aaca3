package io.abk.billing.bench.webhook;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/** A local webhook receiver that answers 204 at once and counts deliveries and distinct event ids. */
final class CountingReceiver implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(16);
    private final Set<String> eventIds = ConcurrentHashMap.newKeySet();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong lastDistinctAtNanos = new AtomicLong();

    CountingReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                requests.incrementAndGet();
                var id = exchange.getRequestHeaders().getFirst("webhook-id");
                if (id != null && eventIds.add(id)) {
                    lastDistinctAtNanos.set(System.nanoTime());
                }
                exchange.sendResponseHeaders(204, -1);
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/bench-hooks";
    }

    int distinctEvents() {
        return eventIds.size();
    }

    long requests() {
        return requests.get();
    }

    long lastDistinctAtNanos() {
        return lastDistinctAtNanos.get();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
