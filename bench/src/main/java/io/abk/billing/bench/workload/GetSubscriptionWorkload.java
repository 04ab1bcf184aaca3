package io.abk.billing.bench.workload;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code GET /v1/subscriptions/{id}} over HTTP/1.1 with a test key, cycling through a pool of existing
 * subscriptions (operation {@code n} reads the {@code n mod size}-th); anything but 200 is a failed operation.
 */
public final class GetSubscriptionWorkload implements Workload {

    private static final int REPORTED_FAILURES = 5;

    private final URI base;
    private final String apiKey;
    private final List<String> ids;
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    private final HttpClient client;
    private final AtomicInteger reportedFailures = new AtomicInteger();

    public GetSubscriptionWorkload(URI baseUrl, String apiKey, List<String> ids) {
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("the pool of subscriptions to read is empty");
        }
        this.base = baseUrl.resolve("/v1/subscriptions/");
        this.apiKey = apiKey;
        this.ids = List.copyOf(ids);
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .executor(executor)
                .build();
    }

    @Override
    public String name() {
        return "GET /v1/subscriptions/{id} (HTTP -> read model -> response)";
    }

    @Override
    public CompletableFuture<Void> execute(long sequence) {
        var id = ids.get((int) Math.floorMod(sequence, (long) ids.size()));
        var request = HttpRequest.newBuilder(base.resolve(id))
                .timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + apiKey)
                .GET()
                .build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenAccept(response -> {
            if (response.statusCode() != 200) {
                if (reportedFailures.incrementAndGet() <= REPORTED_FAILURES) {
                    System.err.printf("bench: get answered %d: %s%n", response.statusCode(), response.body());
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
