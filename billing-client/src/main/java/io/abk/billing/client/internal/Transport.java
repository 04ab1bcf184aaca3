package io.abk.billing.client.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.abk.billing.client.ApiException;
import io.abk.billing.client.BillingException;
import io.abk.billing.client.BillingException.Details;
import io.abk.billing.client.ConnectionException;
import io.abk.billing.client.Page;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.param.ListParams;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Sends one logical call: the headers every request carries, the Idempotency-Key kept across its retries, the
 * retries themselves with backoff and Retry-After, and the answer parsed or turned into a typed exception.
 */
public final class Transport {

    /** The API version this library speaks. */
    public static final String SERVICE_VERSION = "2026-01-01";
    /** The library's version, in the User-Agent. */
    public static final String VERSION = "0.1.0";

    /** The first backoff step; doubled per retry, with full jitter. */
    private static final Duration BACKOFF_BASE = Duration.ofMillis(500);
    /** The longest backoff step, so a long retry chain still answers within a minute or so. */
    private static final Duration BACKOFF_CAP = Duration.ofSeconds(8);
    /** A Retry-After beyond this is clipped: a caller would rather see the rate limit than wait longer. */
    private static final Duration RETRY_AFTER_CAP = Duration.ofSeconds(60);

    private final ClientSettings settings;
    private final HttpClient http;
    private final ObjectMapper json = Json.mapper();

    public Transport(ClientSettings settings) {
        this.settings = settings;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.timeout())
                .build();
    }

    public ObjectMapper json() {
        return json;
    }

    /** A call whose JSON answer is {@code type}, or the object under {@code field} when it is not null. */
    public <T> T call(
            String method,
            String path,
            @Nullable Object body,
            RequestOptions options,
            @Nullable String field,
            Class<T> type) {
        var answer = send(method, path, Map.of(), jsonBody(body), "application/json", options);
        return read(field == null ? answer : answer.path(field), type);
    }

    /** A GET with {@code query} whose JSON answer is {@code type}. */
    public <T> T get(String path, Map<String, String> query, RequestOptions options, Class<T> type) {
        return read(send("GET", path, query, null, "application/json", options), type);
    }

    /** A call with a raw body of {@code contentType} (an uploaded image). */
    public <T> T upload(
            String method,
            String path,
            byte[] body,
            String contentType,
            RequestOptions options,
            String field,
            Class<T> type) {
        return read(send(method, path, Map.of(), body, contentType, options).path(field), type);
    }

    /** One page of {@code path}'s list, whose items are the array under {@code field}. */
    public <T> Page<T> page(
            String path,
            ListParams params,
            RequestOptions options,
            String field,
            Class<T> type,
            Function<T, String> idOf) {
        var answer = send("GET", path, params.query(), null, "application/json", options);
        var items = new ArrayList<T>();
        for (var item : answer.path(field)) {
            items.add(read(item, type));
        }
        return new Page<>(
                items,
                answer.path("hasMore").asBoolean(false),
                idOf,
                lastId -> page(path, params.startingAfter(lastId), options, field, type, idOf));
    }

    /** Encodes one path segment (an id). */
    public static String segment(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private <T> T read(JsonNode node, Class<T> type) {
        try {
            return json.treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException unexpected) {
            throw new ApiException(
                    "the API's answer does not read as " + type.getSimpleName() + ": " + unexpected.getMessage(),
                    new Details(null, 200, null, null, node.toString()),
                    unexpected);
        }
    }

    private byte @Nullable [] jsonBody(@Nullable Object body) {
        if (body == null) {
            return null;
        }
        try {
            return json.writeValueAsBytes(body);
        } catch (JsonProcessingException unwritable) {
            throw new IllegalArgumentException("the request body cannot be written as JSON", unwritable);
        }
    }

    private JsonNode send(
            String method,
            String path,
            Map<String, String> query,
            byte @Nullable [] body,
            String contentType,
            RequestOptions options) {
        var maxRetries = options.maxRetries() != null ? options.maxRetries() : settings.maxRetries();
        var timeout = options.timeout() != null ? options.timeout() : settings.timeout();
        // One key per logical call, made before the first attempt, so every retry is the same request to the API.
        var idempotencyKey = method.equals("GET")
                ? null
                : options.idempotencyKey() != null
                        ? options.idempotencyKey()
                        : UUID.randomUUID().toString();
        var request = request(method, uri(path, query), body, contentType, timeout, idempotencyKey);
        for (var attempt = 0; ; attempt++) {
            BillingException failure;
            Duration retryAfter = Duration.ZERO;
            try {
                var response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                if (response.statusCode() >= 200 && response.statusCode() < 300) {
                    return parse(response);
                }
                failure = Errors.of(
                        json,
                        response.statusCode(),
                        response.body(),
                        response.headers().firstValue("x-request-id").orElse(null));
                retryAfter = retryAfter(response);
            } catch (HttpTimeoutException timedOut) {
                failure = new ConnectionException(
                        "no answer from " + method + " " + path + " within " + timeout.toMillis() + " ms", timedOut);
            } catch (IOException cut) {
                failure = new ConnectionException("the connection for " + method + " " + path + " failed: " + cut, cut);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new ConnectionException("interrupted while calling " + method + " " + path, interrupted);
            }
            if (attempt >= maxRetries || !Errors.retryable(failure)) {
                throw failure;
            }
            pause(backoff(attempt, retryAfter), failure);
        }
    }

    private HttpRequest request(
            String method,
            URI uri,
            byte @Nullable [] body,
            String contentType,
            Duration timeout,
            @Nullable String idempotencyKey) {
        var builder = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Authorization", "Bearer " + settings.apiKey())
                .header("Service-Version", SERVICE_VERSION)
                .header("User-Agent", "billing-client-java/" + VERSION)
                .header("Accept", "application/json");
        if (idempotencyKey != null) {
            builder.header("Idempotency-Key", idempotencyKey);
        }
        if (body != null) {
            builder.header("Content-Type", contentType).method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        } else {
            builder.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return builder.build();
    }

    private URI uri(String path, Map<String, String> query) {
        var base = settings.baseUrl().toString();
        var text = new StringBuilder(base.endsWith("/") ? base.substring(0, base.length() - 1) : base).append(path);
        var separator = '?';
        for (var entry : query.entrySet()) {
            text.append(separator)
                    .append(URLEncoder.encode(entry.getKey(), StandardCharsets.UTF_8))
                    .append('=')
                    .append(URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8));
            separator = '&';
        }
        return URI.create(text.toString());
    }

    private JsonNode parse(HttpResponse<byte[]> response) {
        try {
            var tree = json.readTree(response.body());
            return tree == null ? json.createObjectNode() : tree;
        } catch (IOException notJson) {
            throw new ApiException(
                    "the API answered " + response.statusCode() + " with a body that is not JSON",
                    new Details(
                            null,
                            response.statusCode(),
                            response.headers().firstValue("x-request-id").orElse(null),
                            null,
                            new String(response.body(), StandardCharsets.UTF_8)),
                    notJson);
        }
    }

    private static Duration retryAfter(HttpResponse<byte[]> response) {
        var header = response.headers().firstValue("Retry-After").orElse("");
        try {
            var seconds = Long.parseLong(header.strip());
            return seconds <= 0 ? Duration.ZERO : Duration.ofSeconds(Math.min(seconds, RETRY_AFTER_CAP.toSeconds()));
        } catch (NumberFormatException notSeconds) {
            return Duration.ZERO;
        }
    }

    /** Full jitter over 0.5 s * 2^attempt capped at 8 s, and never shorter than the answer's Retry-After. */
    static Duration backoff(int attempt, Duration retryAfter) {
        var ceiling = Math.min(BACKOFF_CAP.toMillis(), BACKOFF_BASE.toMillis() << Math.min(attempt, 16));
        var jittered = Duration.ofMillis(ThreadLocalRandom.current().nextLong(ceiling + 1));
        return jittered.compareTo(retryAfter) >= 0 ? jittered : retryAfter;
    }

    private static void pause(Duration delay, BillingException failure) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw failure;
        }
    }
}
