package io.abk.billing.systemtests.stack;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/** One HTTP request being built: {@code api.post("/v1/subscriptions").key(k).json(body).send()}. */
final class Call {

    /** Far above a healthy answer; the gateway itself answers 503 after its own request timeout (10 s). */
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private @Nullable HttpClient http;
    private final String method;
    private final String path;
    private final HttpRequest.Builder request;
    private BodyPublisher body = BodyPublishers.noBody();
    private @Nullable String bodyText;
    private @Nullable String contentType;
    private boolean billingApi = true;

    Call(String baseUrl, String method, String path) {
        this.method = method;
        this.path = path;
        this.request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(TIMEOUT);
    }

    /**
     * A call to another service than the billing API (the companion USDT verifier), so not logged for
     * {@code ApiConformanceIT}, which checks the exchanges against the billing API's description.
     */
    Call toOtherService() {
        billingApi = false;
        return this;
    }

    /** Authenticates with {@code key} in the {@code x-service-api-key} header. */
    Call key(String key) {
        return header("x-service-api-key", key);
    }

    /** Authenticates with {@code Authorization: Bearer <token>}. */
    Call bearer(String token) {
        return header("Authorization", "Bearer " + token);
    }

    Call idempotencyKey(String key) {
        return header("Idempotency-Key", key);
    }

    Call header(String name, String value) {
        if (name.equalsIgnoreCase("Content-Type")) {
            contentType = value;
        }
        request.header(name, value);
        return this;
    }

    /** A JSON body written from {@code value} (maps, lists, strings, {@code BigDecimal}s). */
    Call json(Object value) {
        return body(Json.write(value), "application/json");
    }

    /** A body sent exactly as given, with the given content type. */
    Call body(String text, String contentType) {
        header("Content-Type", contentType);
        return rawBody(text);
    }

    /** A body sent exactly as given, without a content type. */
    Call rawBody(String text) {
        this.bodyText = text;
        this.body = BodyPublishers.ofString(text);
        return this;
    }

    /** A shorter limit than the default, where a healthy answer takes milliseconds. */
    Call timeout(Duration limit) {
        request.timeout(limit);
        return this;
    }

    /** Sends on {@code client}'s connections instead of the shared client's. */
    Call via(HttpClient client) {
        this.http = client;
        return this;
    }

    Reply send() {
        try {
            return sendAsync().join();
        } catch (RuntimeException e) {
            throw new AssertionError(describe() + " failed: " + e, e);
        }
    }

    CompletableFuture<Reply> sendAsync() {
        var built = request.method(method, body).build();
        var description = describe();
        var client = http != null ? http : Api.SHARED;
        return client.sendAsync(built, BodyHandlers.ofString()).thenApply(response -> {
            // Every answer of the billing API is logged for ApiConformanceIT, which checks them against its
            // description.
            if (billingApi) {
                ExchangeLog.record(
                        method,
                        path,
                        contentType,
                        bodyText,
                        response.statusCode(),
                        response.headers().firstValue("Content-Type").orElse(null),
                        response.body());
            }
            // ... and every secret it carried, which LogSecretsIT looks for in the logs of the run.
            SeenSecrets.fromAnswer(response.body());
            return new Reply(description, response.statusCode(), response.headers(), response.body());
        });
    }

    private String describe() {
        var shown =
                bodyText == null ? "" : " " + (bodyText.length() > 300 ? bodyText.substring(0, 300) + "..." : bodyText);
        return method + " " + path + shown;
    }
}
