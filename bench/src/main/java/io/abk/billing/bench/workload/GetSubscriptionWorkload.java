package io.abk.billing.bench.workload;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code GET /v1/subscriptions/{id}} over HTTP/1.1 with a test key, cycling through a pool of existing
 * subscriptions (operation {@code n} reads the {@code n mod size}-th); anything but 200 is a failed operation.
 */
public final class GetSubscriptionWorkload implements Workload {

    private final URI base;
    private final List<String> ids;
    private final ApiCalls calls;

    public GetSubscriptionWorkload(URI baseUrl, String apiKey, List<String> ids) {
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("the pool of subscriptions to read is empty");
        }
        this.base = baseUrl.resolve("/v1/subscriptions/");
        this.ids = List.copyOf(ids);
        this.calls = new ApiCalls(apiKey);
    }

    @Override
    public String name() {
        return "GET /v1/subscriptions/{id} (HTTP -> read model -> response)";
    }

    @Override
    public CompletableFuture<Void> execute(long sequence) {
        var id = ids.get((int) Math.floorMod(sequence, (long) ids.size()));
        return calls.send(HttpRequest.newBuilder(base.resolve(id)).GET(), 200, "get");
    }

    @Override
    public void close() {
        calls.close();
    }
}
