package io.abk.billing.systemtests.stack;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Every HTTP exchange the system tests make through {@link Call}, one JSON object a line in
 * {@code target/openapi/exchanges.jsonl}: method, concrete path and query, the request's content type and body, the
 * status, and the response's content type and body. {@code ApiConformanceIT} checks them against the API description.
 * The file is started afresh by the first exchange of a test JVM, so it never mixes two runs.
 */
final class ExchangeLog {

    static final Path FILE = Path.of("target", "openapi", "exchanges.jsonl");

    /**
     * Request bodies above this are logged without their text: only the body-limit tests send them (refused with
     * 413, so their shape is never checked), and a few MB each would swell the log for nothing.
     */
    static final int MAX_LOGGED_BODY_CHARS = 256 * 1024;

    /** One request and its answer. {@code query} is the raw query string, {@code null} without one. */
    record Exchange(
            String method,
            String path,
            @Nullable String query,
            @Nullable String requestContentType,
            @Nullable String requestBody,
            boolean requestBodyOmitted,
            int status,
            @Nullable String responseContentType,
            String responseBody) {

        String request() {
            return method + " " + path + (query == null ? "" : "?" + query);
        }
    }

    private static @Nullable BufferedWriter writer;
    private static int recorded;

    private ExchangeLog() {}

    /** Appends one exchange; concurrent callers (async sends) are serialised, each line written whole. */
    static synchronized void record(
            String method,
            String pathAndQuery,
            @Nullable String requestContentType,
            @Nullable String requestBody,
            int status,
            @Nullable String responseContentType,
            String responseBody) {
        int question = pathAndQuery.indexOf('?');
        var line = new LinkedHashMap<String, @Nullable Object>();
        line.put("method", method);
        line.put("path", question < 0 ? pathAndQuery : pathAndQuery.substring(0, question));
        line.put("query", question < 0 ? null : pathAndQuery.substring(question + 1));
        line.put("requestContentType", requestContentType);
        boolean omitted = requestBody != null && requestBody.length() > MAX_LOGGED_BODY_CHARS;
        line.put("requestBody", omitted ? null : requestBody);
        line.put("requestBodyOmitted", omitted);
        line.put("status", status);
        line.put("responseContentType", responseContentType);
        line.put("responseBody", responseBody);
        try {
            var out = writer();
            out.write(Json.write(line));
            out.newLine();
            // Flushed at once: the conformance test reads the file in this JVM, and a crash keeps what was seen.
            out.flush();
            recorded++;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the exchange log " + FILE.toAbsolutePath(), e);
        }
    }

    /** How many exchanges this JVM logged: none means the file, if any, is a leftover of another run. */
    static synchronized int recordedInThisRun() {
        return recorded;
    }

    /** The exchanges this JVM logged, in order. */
    static synchronized List<Exchange> read() {
        var exchanges = new ArrayList<Exchange>();
        try (var lines = Files.lines(FILE, StandardCharsets.UTF_8)) {
            lines.forEach(text -> exchanges.add(parse(Json.parse(text))));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the exchange log " + FILE.toAbsolutePath(), e);
        }
        return exchanges;
    }

    private static Exchange parse(JsonNode line) {
        return new Exchange(
                line.path("method").stringValue(),
                line.path("path").stringValue(),
                text(line, "query"),
                text(line, "requestContentType"),
                text(line, "requestBody"),
                line.path("requestBodyOmitted").asBoolean(false),
                line.path("status").intValue(),
                text(line, "responseContentType"),
                line.path("responseBody").stringValue(""));
    }

    private static @Nullable String text(JsonNode line, String field) {
        var value = line.get(field);
        return value == null || value.isNull() ? null : value.stringValue();
    }

    private static BufferedWriter writer() throws IOException {
        if (writer == null) {
            Files.createDirectories(FILE.getParent());
            writer = Files.newBufferedWriter(FILE, StandardCharsets.UTF_8);
        }
        return writer;
    }
}
