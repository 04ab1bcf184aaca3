package io.abk.billing.localstack.services;

import io.abk.billing.localstack.lifecycle.Deadline;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Waits until the gateway reports {@code UP} on {@code /actuator/health}, which it does only once PostgreSQL,
 * Kafka and the streams apps are all ready, while checking that the in-process services are still alive. On
 * timeout the error names every component still not UP.
 */
public final class Readiness {

    private static final Logger log = LoggerFactory.getLogger(Readiness.class);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(250);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    private Readiness() {}

    /**
     * Polls {@code baseUrl/actuator/health} until UP.
     *
     * @param streamsAlive checked on every poll, so a streams app that died fails the start at once
     * @throws IllegalStateException when the deadline passes or the streams app stopped
     */
    public static HealthReport awaitUp(String baseUrl, Duration timeout, BooleanSupplier streamsAlive) {
        return awaitUp(baseUrl, timeout, Map.of("billing-streams", streamsAlive));
    }

    /**
     * Polls {@code baseUrl/actuator/health} until UP.
     *
     * @param alive the in-process services by name, each checked on every poll, so one that died fails the start
     *     at once, naming it (the gateway's health may not watch every one of them)
     * @throws IllegalStateException when the deadline passes or a service stopped
     */
    public static HealthReport awaitUp(String baseUrl, Duration timeout, Map<String, BooleanSupplier> alive) {
        var uri = URI.create(baseUrl + "/actuator/health");
        var last = new AtomicReference<>(new HealthReport(0, "UNKNOWN", List.of("no answer yet")));
        try (var http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build()) {
            var request = HttpRequest.newBuilder(uri)
                    .timeout(REQUEST_TIMEOUT)
                    .header("Accept", "application/json")
                    .GET()
                    .build();
            return Deadline.in(timeout)
                    .poll(POLL_INTERVAL, () -> {
                        alive.forEach((service, isAlive) -> {
                            if (!isAlive.getAsBoolean()) {
                                throw new IllegalStateException(
                                        service + " stopped before the stack was ready; see its log above");
                            }
                        });
                        var report = probe(http, request);
                        if (!report.isUp()
                                && !report.describe().equals(last.get().describe())) {
                            log.info("waiting for readiness: {}", report.describe());
                        }
                        last.set(report);
                        return report.isUp() ? Optional.of(report) : Optional.empty();
                    })
                    .orElseThrow(() ->
                            new IllegalStateException("the local stack was not ready within " + timeout.toSeconds()
                                    + " s; not ready: " + last.get().describe()));
        }
    }

    /**
     * Waits until the in-process service {@code name} runs (every task assigned and restored), for a service that
     * the gateway's health does not watch, or not yet.
     *
     * @throws IllegalStateException naming the service when the deadline passes
     */
    public static void awaitRunning(String name, Duration timeout, BooleanSupplier running) {
        var ready = Deadline.in(timeout)
                .poll(POLL_INTERVAL, () -> running.getAsBoolean() ? Optional.of(true) : Optional.empty());
        if (ready.isEmpty()) {
            throw new IllegalStateException(
                    "the local stack was not ready within " + timeout.toSeconds() + " s; not running: " + name);
        }
    }

    private static HealthReport probe(HttpClient http, HttpRequest request) {
        try {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return HealthReport.parse(response.statusCode(), response.body());
        } catch (IOException e) {
            return new HealthReport(0, "UNKNOWN", List.of("gateway not answering on " + request.uri() + ": " + e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for readiness", e);
        }
    }
}
