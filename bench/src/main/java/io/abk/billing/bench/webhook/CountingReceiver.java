package io.abk.billing.bench.webhook;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A local webhook receiver that answers 204 at once and notes when each delivery first arrived: one delivery is an
 * event id ({@code webhook-id}) at one path, so many endpoints registered on paths of this one receiver are told
 * apart.
 */
final class CountingReceiver implements AutoCloseable {

    static final String PATH = "/bench-hooks/";

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(16);
    /** {@code "<event id> <path>"} -> first arrival ({@link System#nanoTime}). */
    private final Map<String, Long> firstArrivals = new ConcurrentHashMap<>();

    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong lastDistinctAtNanos = new AtomicLong();

    CountingReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                long now = System.nanoTime();
                requests.incrementAndGet();
                var id = exchange.getRequestHeaders().getFirst("webhook-id");
                if (id != null
                        && firstArrivals.putIfAbsent(
                                        id + " " + exchange.getRequestURI().getPath(), now)
                                == null) {
                    lastDistinctAtNanos.accumulateAndGet(now, Math::max);
                }
                exchange.sendResponseHeaders(204, -1);
            }
        });
        server.start();
    }

    /** The URL of endpoint number {@code index} on this receiver. */
    String url(int index) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + PATH + index;
    }

    int distinctDeliveries() {
        return firstArrivals.size();
    }

    /** Event id and path of each delivery, and when it first arrived. */
    Map<String, Long> firstArrivals() {
        return firstArrivals;
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
