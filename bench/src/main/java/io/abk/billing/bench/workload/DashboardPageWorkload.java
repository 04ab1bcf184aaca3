package io.abk.billing.bench.workload;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A dashboard page read as a signed-in member's browser reads it: {@code GET} with the session's cookie, cycling
 * through {@code paths} (operation {@code n} reads the {@code n mod size}-th, e.g. a subscription's page over many
 * subscriptions); any status but {@code expectedStatus} is a failed operation.
 */
public final class DashboardPageWorkload implements Workload {

    private final String name;
    private final URI base;
    private final List<String> paths;
    private final int expectedStatus;
    private final ApiCalls calls;

    public DashboardPageWorkload(
            String name, URI baseUrl, String sessionCookie, List<String> paths, int expectedStatus) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no dashboard page to read for " + name);
        }
        this.name = name;
        this.base = baseUrl;
        this.paths = List.copyOf(paths);
        this.expectedStatus = expectedStatus;
        this.calls = new ApiCalls("cookie", sessionCookie);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CompletableFuture<Void> execute(long sequence) {
        var path = paths.get((int) Math.floorMod(sequence, (long) paths.size()));
        return calls.send(HttpRequest.newBuilder(base.resolve(path)).GET(), expectedStatus, name);
    }

    @Override
    public void close() {
        calls.close();
    }
}
