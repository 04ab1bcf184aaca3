package io.abk.billing.bench.workload;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.concurrent.CompletableFuture;

/** {@code POST /v1/subscriptions} over HTTP/1.1 with a test key; anything but 201 is a failed operation. */
public final class CreateSubscriptionWorkload implements Workload {

    private final URI uri;
    private final ApiCalls calls;

    public CreateSubscriptionWorkload(URI baseUrl, String apiKey) {
        this.uri = baseUrl.resolve("/v1/subscriptions");
        this.calls = new ApiCalls(apiKey);
    }

    @Override
    public String name() {
        return "POST /v1/subscriptions (HTTP -> Kafka -> streams -> projector -> response)";
    }

    @Override
    public CompletableFuture<Void> execute(long sequence) {
        var request = HttpRequest.newBuilder(uri)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Payloads.createSubscription(sequence)));
        return calls.send(request, 201, "create");
    }

    @Override
    public void close() {
        calls.close();
    }
}
