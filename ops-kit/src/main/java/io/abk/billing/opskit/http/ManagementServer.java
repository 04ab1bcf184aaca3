package io.abk.billing.opskit.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The management HTTP port of a service process that serves no API of its own (the Kafka Streams services and the
 * webhook sender), on the JDK's own HTTP server:
 * <ul>
 *   <li>{@code GET /health}: liveness, 200 {@code {"status":"UP"}} or 503 {@code DOWN}: a supervisor restarts a
 *       process that stays DOWN;</li>
 *   <li>{@code GET /ready}: readiness, 200 once the process does its work (Streams: every task assigned and
 *       restored), else 503 with what it waits for;</li>
 *   <li>{@code GET /metrics}: every meter of the process in Prometheus' text format.</li>
 * </ul>
 * {@code /actuator/health} and {@code /actuator/prometheus} answer too, so one scrape path fits the gateway (whose
 * management routes are Spring Boot's) and these processes alike. Two threads serve it: a scrape never waits behind
 * a slow health check for long, and the port costs nothing while idle.
 */
public final class ManagementServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ManagementServer.class);

    private final HttpServer server;
    private final ExecutorService executor;

    private ManagementServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Listens on {@code port} on every interface (0 picks a free port) and returns once it accepts connections.
     *
     * @throws UncheckedIOException naming the port when it cannot be bound
     */
    public static ManagementServer start(
            String service,
            int port,
            Supplier<Health> liveness,
            Supplier<Health> readiness,
            PrometheusMeterRegistry registry) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(port), 64);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    service + " cannot listen on its management port " + port + " (BILLING_MANAGEMENT_PORT): "
                            + e.getMessage(),
                    e);
        }
        var executor = Executors.newFixedThreadPool(2, runnable -> {
            var thread = new Thread(runnable, service + "-management");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/health", exchange -> health(exchange, liveness));
        server.createContext("/actuator/health", exchange -> health(exchange, liveness));
        server.createContext("/ready", exchange -> health(exchange, readiness));
        server.createContext("/metrics", exchange -> metrics(exchange, registry));
        server.createContext("/actuator/prometheus", exchange -> metrics(exchange, registry));
        server.createContext(
                "/",
                exchange -> respond(
                        exchange,
                        404,
                        "application/json",
                        "{\"error\":\"not found: try /health, /ready or /metrics\"}"));
        server.start();
        var management = new ManagementServer(server, executor);
        log.info("event=management_started service={} port={}", service, management.port());
        return management;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /**
     * {@code BILLING_MANAGEMENT_PORT} from {@code env}, else {@code fallback} (each service has its own default so
     * that several run side by side on one host).
     */
    public static int portFromEnv(java.util.Map<String, String> env, int fallback) {
        var value = env.get("BILLING_MANAGEMENT_PORT");
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int port = Integer.parseInt(value.trim());
            if (port < 0 || port > 65_535) {
                throw new NumberFormatException("out of range");
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "BILLING_MANAGEMENT_PORT must be a port number (0 picks a free one), was '" + value + "'", e);
        }
    }

    private static void health(HttpExchange exchange, Supplier<Health> check) throws IOException {
        if (!allowed(exchange)) {
            return;
        }
        Health health;
        try {
            health = java.util.Objects.requireNonNull(check.get(), "the check gave no answer");
        } catch (RuntimeException e) {
            health = Health.down(java.util.Map.of("error", e.toString()));
        }
        respond(exchange, health.up() ? 200 : 503, "application/json", health.json());
    }

    private static void metrics(HttpExchange exchange, PrometheusMeterRegistry registry) throws IOException {
        if (!allowed(exchange)) {
            return;
        }
        respond(exchange, 200, "text/plain; version=0.0.4; charset=utf-8", registry.scrape());
    }

    private static boolean allowed(HttpExchange exchange) throws IOException {
        var method = exchange.getRequestMethod();
        if ("GET".equals(method) || "HEAD".equals(method)) {
            return true;
        }
        exchange.getResponseHeaders().set("Allow", "GET, HEAD");
        respond(exchange, 405, "application/json", "{\"error\":\"only GET\"}");
        return false;
    }

    private static void respond(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        try (exchange) {
            var bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", contentType);
            var head = "HEAD".equals(exchange.getRequestMethod());
            exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
            if (!head) {
                exchange.getResponseBody().write(bytes);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
