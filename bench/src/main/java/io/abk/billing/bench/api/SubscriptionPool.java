package io.abk.billing.bench.api;

import io.abk.billing.bench.workload.Payloads;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.json.JsonMapper;

/** Subscriptions made through {@code POST /v1/subscriptions} for a read workload to read: their ids. */
public final class SubscriptionPool {

    /** Creates in flight at once: enough to overlap the command round trips without queueing in the gateway. */
    private static final int IN_FLIGHT = 16;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private SubscriptionPool() {}

    public static List<String> create(StackApi api, String key, int count, AtomicLong sequence) {
        var permits = new Semaphore(IN_FLIGHT);
        var replies = new ArrayList<CompletableFuture<String>>();
        for (int i = 0; i < count; i++) {
            permits.acquireUninterruptibly();
            var body = JSON.readTree(
                    new String(Payloads.createSubscription(sequence.getAndIncrement()), StandardCharsets.UTF_8));
            replies.add(api.postAsync("/v1/subscriptions", key, body)
                    .thenApply(reply ->
                            reply.expect(201).path("subscription").path("id").asString())
                    .whenComplete((id, failure) -> permits.release()));
        }
        return replies.stream().map(CompletableFuture::join).toList();
    }
}
