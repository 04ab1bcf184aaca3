package io.abk.billing.webhooks.attempt;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A real HTTP receiver on a loopback port chosen by the OS. It records every request and answers with what its
 * script says for the n-th request (0-based); an answer may hold the request until released (at most 15 s).
 */
final class Receiver implements AutoCloseable {

    record Answer(int status, String body, boolean hold) {
        static Answer of(int status) {
            return new Answer(status, "", false);
        }

        static Answer of(int status, String body) {
            return new Answer(status, body, false);
        }
    }

    /** One received request; header names lower-cased. */
    record Request(Map<String, String> headers, byte[] body) {
        String header(String name) {
            return headers.get(name);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger received = new AtomicInteger();

    private Receiver(IntFunction<Answer> script) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", exchange -> answer(exchange, script));
        server.start();
    }

    static Receiver answering(IntFunction<Answer> script) {
        return new Receiver(script);
    }

    static Receiver answering(int status) {
        return new Receiver(n -> Answer.of(status));
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/billing";
    }

    int port() {
        return server.getAddress().getPort();
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    /** Lets every held request answer. */
    void release() {
        release.countDown();
    }

    private void answer(HttpExchange exchange, IntFunction<Answer> script) throws IOException {
        try (exchange) {
            var body = exchange.getRequestBody().readAllBytes();
            var headers = new TreeMap<String, String>();
            exchange.getRequestHeaders()
                    .forEach((name, values) -> headers.put(name.toLowerCase(), String.join(",", values)));
            var answer = script.apply(received.getAndIncrement());
            requests.add(new Request(headers, body));
            if (answer.hold()) {
                release.await(15, TimeUnit.SECONDS);
            }
            var bytes = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
            exchange.getResponseBody().write(bytes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }
}
