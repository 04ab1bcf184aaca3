package io.abk.billing.bench.api;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON over HTTP/1.1 to one gateway, authenticated with an API key or the admin token ({@code Bearer}). */
public final class StackApi implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** An answer: its status and body. */
    public record Reply(String what, int status, String body) {

        /** The body as JSON, when the status is {@code expected}; else a failure naming the call and the answer. */
        public JsonNode expect(int expected) {
            if (status != expected) {
                throw new IllegalStateException(what + " answered " + status + " (expected " + expected + "): " + body);
            }
            return JSON.readTree(body);
        }
    }

    private final String baseUrl;
    private final HttpClient client;

    public StackApi(String baseUrl) {
        this.baseUrl = baseUrl;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    public String baseUrl() {
        return baseUrl;
    }

    public Reply get(String path, String bearer) {
        return join(getAsync(path, bearer));
    }

    public Reply post(String path, String bearer, Object body) {
        return join(postAsync(path, bearer, body));
    }

    public Reply delete(String path, String bearer) {
        return join(send("DELETE", path, bearer, null));
    }

    public CompletableFuture<Reply> getAsync(String path, String bearer) {
        return send("GET", path, bearer, null);
    }

    public CompletableFuture<Reply> postAsync(String path, String bearer, Object body) {
        return send("POST", path, bearer, body);
    }

    private CompletableFuture<Reply> send(String method, String path, String bearer, @Nullable Object body) {
        var request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + bearer)
                .header("content-type", "application/json")
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build();
        var what = method + " " + path;
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> new Reply(what, response.statusCode(), response.body()));
    }

    private static Reply join(CompletableFuture<Reply> reply) {
        try {
            return reply.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof IOException io) {
                throw new IllegalStateException("the gateway could not be reached: " + io, io);
            }
            throw e;
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
