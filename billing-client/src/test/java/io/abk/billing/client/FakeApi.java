package io.abk.billing.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A JDK HTTP server playing the API: it answers each request with the next scripted answer and records what came.
 * It stands where a merchant's server meets the API; the real API is exercised by system-tests.
 */
final class FakeApi implements AutoCloseable {

    /** One recorded request. */
    record Request(String method, String path, String query, Map<String, List<String>> headers, String body) {
        String header(String name) {
            return headers.entrySet().stream()
                    .filter(entry -> entry.getKey().equalsIgnoreCase(name))
                    .map(entry -> entry.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    /** One scripted answer. */
    @FunctionalInterface
    interface Answer {
        void send(HttpExchange exchange) throws IOException;
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final ConcurrentLinkedDeque<Answer> script = new ConcurrentLinkedDeque<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);

    FakeApi() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    Billing client(int maxRetries) {
        return Billing.builder()
                .apiKey("abk_test_fake")
                .baseUrl(baseUrl())
                .maxRetries(maxRetries)
                .timeout(Duration.ofSeconds(5))
                .build();
    }

    /** Queues answers, in order. */
    FakeApi then(Answer... answers) {
        script.addAll(List.of(answers));
        return this;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    static Answer json(int status, String body, String... headerPairs) {
        return exchange -> {
            for (var i = 0; i < headerPairs.length; i += 2) {
                exchange.getResponseHeaders().add(headerPairs[i], headerPairs[i + 1]);
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.getResponseHeaders().add("x-request-id", "req_header");
            var bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        };
    }

    static Answer error(int status, String code, String... headerPairs) {
        return json(
                status,
                "{\"error\":\"" + code + " happened\",\"code\":\"" + code + "\",\"requestId\":\"req_body\"}",
                headerPairs);
    }

    /** Closes the connection without an answer, as a cut network does. */
    static Answer cut() {
        return HttpExchange::close;
    }

    /** Answers nothing until the server closes: the client's timeout has to end the wait. */
    Answer hang() {
        return exchange -> {
            try {
                released.await();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        };
    }

    private void handle(HttpExchange exchange) throws IOException {
        var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        var uri = exchange.getRequestURI();
        requests.add(new Request(
                exchange.getRequestMethod(),
                uri.getRawPath(),
                uri.getRawQuery() == null ? "" : uri.getRawQuery(),
                Map.copyOf(exchange.getRequestHeaders()),
                body));
        var answer = script.pollFirst();
        if (answer == null) {
            error(500, "no_scripted_answer").send(exchange);
        } else {
            answer.send(exchange);
        }
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
