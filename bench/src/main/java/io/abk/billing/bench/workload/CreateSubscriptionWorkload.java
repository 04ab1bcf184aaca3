package io.abk.billing.bench.workload;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** {@code POST /v1/subscriptions} over HTTP/1.1 with a test key; anything but 201 is a failed operation. */
public final class CreateSubscriptionWorkload implements Workload {

    private static final int REPORTED_FAILURES = 5;

    private final URI uri;
    private final String apiKey;
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    private final HttpClient client;
    private final AtomicInteger reportedFailures = new AtomicInteger();

    public CreateSubscriptionWorkload(URI baseUrl, String apiKey) {
        this.uri = baseUrl.resolve("/v1/subscriptions");
        this.apiKey = apiKey;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .executor(executor)
                .build();
    }

    @Override
    public String name() {
        return "POST /v1/subscriptions (HTTP -> Kafka -> streams -> projector -> response)";
    }

    @Override
    public CompletableFuture<Void> execute(long sequence) {
        var request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(30))
                .header("content-type", "application/json")
                .header("authorization", "Bearer " + apiKey)
                .POST(HttpRequest.BodyPublishers.ofByteArray(Payloads.createSubscription(sequence)))
                .build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenAccept(response -> {
            if (response.statusCode() != 201) {
                if (reportedFailures.incrementAndGet() <= REPORTED_FAILURES) {
                    System.err.printf("bench: create answered %d: %s%n", response.statusCode(), response.body());
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
