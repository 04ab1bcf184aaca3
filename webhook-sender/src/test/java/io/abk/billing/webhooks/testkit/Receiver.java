package io.abk.billing.webhooks.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A real webhook receiver on a loopback port: answers each POST with the status {@code behaviour} gives for the
 * request's number (1-based), and records what it received. It can be started later on a port reserved now
 * (a receiver that is down: connections are refused until then).
 */
public final class Receiver implements AutoCloseable {

    /** One request as received, with its signature header. */
    public record Request(
            @Nullable String webhookId,
            String body,
            int status,
            @Nullable String signature) {}

    private final int port;
    private final IntUnaryOperator behaviour;
    private final AtomicInteger requests = new AtomicInteger();
    private final ConcurrentLinkedQueue<Request> received = new ConcurrentLinkedQueue<>();
    private final Set<String> delivered = ConcurrentHashMap.newKeySet();
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Request number -> the requests in its handler when it arrived, itself included. */
    private final Map<Integer, Integer> concurrency = new ConcurrentHashMap<>();

    private volatile @Nullable HttpServer server;
    private volatile @Nullable ExecutorService executor;

    private Receiver(int port, IntUnaryOperator behaviour) {
        this.port = port;
        this.behaviour = behaviour;
    }

    /** Started now; {@code behaviour} maps the request number to a status, and may block (a slow receiver). */
    public static Receiver start(IntUnaryOperator behaviour) {
        var receiver = new Receiver(0, behaviour);
        receiver.listen();
        return receiver;
    }

    /** Not listening yet: its port is reserved (bound and released) so its URL can be registered now. */
    public static Receiver down(IntUnaryOperator behaviour) {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new Receiver(socket.getLocalPort(), behaviour);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Receiver ok() {
        return start(n -> 200);
    }

    public synchronized void listen() {
        try {
            var created = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
            var threads = Executors.newVirtualThreadPerTaskExecutor();
            created.setExecutor(threads);
            created.createContext("/", this::handle);
            created.start();
            executor = threads;
            server = created;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        int concurrent = inFlight.incrementAndGet();
        boolean counted = true;
        try (exchange) {
            var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            int number = requests.incrementAndGet();
            concurrency.put(number, concurrent);
            int status = behaviour.applyAsInt(number);
            var webhookId = exchange.getRequestHeaders().getFirst("webhook-id");
            received.add(new Request(
                    webhookId, body, status, exchange.getRequestHeaders().getFirst("x-service-signature")));
            if (status / 100 == 2 && webhookId != null) {
                delivered.add(webhookId);
            }
            inFlight.decrementAndGet();
            counted = false;
            exchange.sendResponseHeaders(status, -1);
        } finally {
            if (counted) {
                inFlight.decrementAndGet();
            }
        }
    }

    public String url() {
        var listening = server;
        int actual = listening == null ? port : listening.getAddress().getPort();
        return "http://127.0.0.1:" + actual + "/hook";
    }

    public List<Request> received() {
        return List.copyOf(received);
    }

    /** The event ids answered with a 2xx, each once. */
    public Set<String> deliveredIds() {
        return Set.copyOf(delivered);
    }

    public int deliveredCount() {
        return delivered.size();
    }

    public int requestCount() {
        return requests.get();
    }

    /** The requests in its handler now (received, not answered yet). */
    public int inFlight() {
        return inFlight.get();
    }

    /**
     * The most requests that were in its handler at once when one of requests {@code from} to {@code to} (1-based, both
     * included) arrived. A request stops counting just before its answer is sent, so a sender's next request never
     * finds the one it was answered still counted.
     */
    public int peakConcurrency(int from, int to) {
        return concurrency.entrySet().stream()
                .filter(entry -> entry.getKey() >= from && entry.getKey() <= to)
                .mapToInt(Map.Entry::getValue)
                .max()
                .orElse(0);
    }

    @Override
    public synchronized void close() {
        var listening = server;
        if (listening != null) {
            listening.stop(0);
            server = null;
        }
        var threads = executor;
        if (threads != null) {
            threads.shutdownNow();
            executor = null;
        }
    }
}
