package io.abk.billing.bench.workload;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The HTTP side of the API and dashboard workloads: an HTTP/1.1 client on its own four threads, the test key (or a
 * dashboard session's cookie) on every request, and a call whose answer is not the expected status counts as a
 * failed operation, the first few printed.
 */
final class ApiCalls implements AutoCloseable {

    private static final int REPORTED_FAILURES = 5;

    private final String header;
    private final String value;
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    private final HttpClient client;
    private final AtomicInteger reportedFailures = new AtomicInteger();

    ApiCalls(String apiKey) {
        this("authorization", "Bearer " + apiKey);
    }

    /** Calls that carry {@code header: value} instead of a key, e.g. a dashboard session's cookie. */
    ApiCalls(String header, String value) {
        this.header = header;
        this.value = value;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .executor(executor)
                .build();
    }

    /** Sends {@code request} with the key; completes exceptionally unless the answer is {@code expectedStatus}. */
    CompletableFuture<Void> send(HttpRequest.Builder request, int expectedStatus, String what) {
        var withKey =
                request.timeout(Duration.ofSeconds(30)).header(header, value).build();
        return client.sendAsync(withKey, HttpResponse.BodyHandlers.ofString()).thenAccept(response -> {
            if (response.statusCode() != expectedStatus) {
                if (reportedFailures.incrementAndGet() <= REPORTED_FAILURES) {
                    System.err.printf("bench: %s answered %d: %s%n", what, response.statusCode(), response.body());
                }
                throw new IllegalStateException("status " + response.statusCode());
            }
        });
    }

    @Override
    public void close() {
        client.close();
        executor.shutdownNow();
    }
}
