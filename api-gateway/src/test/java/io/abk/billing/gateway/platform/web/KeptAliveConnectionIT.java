package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * One kept-alive HTTP/1.1 connection, written byte for byte on a socket: a refused request (whose body the gateway
 * may never have read) and then a GET on the same connection, which must be answered at once. Protects against the
 * kept-alive connection that stopped answering after a refusal, so a pooling client's next request hung until it
 * timed out.
 */
class KeptAliveConnectionIT extends GatewayIT {

    /** Far below any client's timeout; a served GET takes milliseconds. */
    private static final Duration PROMPTLY = Duration.ofSeconds(5);

    private static final String JSON = "{\"name\":\"kept alive\"}";

    @LocalServerPort
    int port;

    private String key;

    @BeforeEach
    void key() {
        key = newMerchantKey("test");
    }

    enum Refusal {
        NO_KEY(401, "POST /v1/products", false, "application/json", JSON),
        NO_KEY_LARGE_BODY(401, "POST /v1/products", false, "application/json", json(60 * 1024)),
        NO_KEY_CHUNKED_LARGE_BODY(401, "POST /v1/products", false, "application/json", chunked(json(60 * 1024))),
        BAD_JSON(400, "POST /v1/products", true, "application/json", "{\"name\": "),
        TOO_LARGE_DECLARED(413, "POST /v1/products", true, "application/json", json(100 * 1024)),
        TOO_LARGE_CHUNKED(413, "POST /v1/products", true, "application/json", chunked(json(100 * 1024))),
        TOO_LARGE_WITH_IDEMPOTENCY_KEY(413, "POST /v1/products", true, "application/json", chunked(json(100 * 1024))),
        WRONG_CONTENT_TYPE(415, "POST /v1/products", true, "text/plain", "name=x"),
        WRONG_CONTENT_TYPE_LARGE_BODY(415, "POST /v1/products", true, "text/plain", "x".repeat(60 * 1024)),
        UNKNOWN_ROUTE(404, "POST /v1/nothing-here", true, "application/json", json(30 * 1024)),
        UNKNOWN_CHECKOUT_LINK(
                404, "POST /checkout/link/plink_unknown/open", false, "application/json", json(30 * 1024)),
        METHOD_NOT_ALLOWED(405, "DELETE /v1/products", true, "application/json", json(30 * 1024)),
        // Expect: 100-continue (curl's way for bodies over 1 KiB): the body is sent only after 100 Continue.
        NO_KEY_EXPECTING_CONTINUE(401, "POST /v1/products", false, "application/json", expecting(json(30 * 1024))),
        TOO_LARGE_EXPECTING_CONTINUE(413, "POST /v1/products", true, "application/json", expecting(json(100 * 1024))),
        WAY_TOO_LARGE_EXPECTING_CONTINUE(
                413, "POST /v1/products", true, "application/json", expecting(json(2 * 1024 * 1024))),
        WRONG_CONTENT_TYPE_EXPECTING_CONTINUE(
                415, "POST /v1/products", true, "text/plain", expecting("x".repeat(30 * 1024)));

        final int status;
        final String requestLine;
        final boolean withKey;
        final String contentType;
        final String body;

        Refusal(int status, String requestLine, boolean withKey, String contentType, String body) {
            this.status = status;
            this.requestLine = requestLine;
            this.withKey = withKey;
            this.contentType = contentType;
            this.body = body;
        }

        private static String json(int size) {
            return "{\"name\":\"" + "x".repeat(size) + "\"}";
        }

        /** Marks a body to be sent only once the server answers {@code Expect: 100-continue} with 100 Continue. */
        private static String expecting(String body) {
            return "\1" + body;
        }

        /** Marks a body to be sent with {@code Transfer-Encoding: chunked} instead of a length. */
        private static String chunked(String body) {
            return "\0" + body;
        }
    }

    @ParameterizedTest
    @EnumSource(Refusal.class)
    void shouldAnswerTheNextGetOnTheSameConnectionAfterARefusal(Refusal refusal) throws IOException {
        try (var socket = new Socket("localhost", port)) {
            socket.setSoTimeout((int) PROMPTLY.toMillis());
            var out = socket.getOutputStream();
            var in = socket.getInputStream();

            var refused = send(out, in, refusal);
            assertThat(refused.status()).as(refusal + ": " + refused.body()).isEqualTo(refusal.status);
            if ("close".equalsIgnoreCase(refused.headers().get("connection"))) {
                // Announced, and done: a client opens a new connection for its next request, so nothing can hang.
                assertThat(in.read())
                        .as(refusal + ": the connection announced as closed is closed")
                        .isEqualTo(-1);
                return;
            }
            long started = System.nanoTime();
            out.write(("GET /v1/products HTTP/1.1\r\nHost: localhost\r\nx-service-api-key: " + key + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            Response next;
            try {
                next = readResponse(in);
            } catch (SocketTimeoutException e) {
                throw new AssertionError(refusal + ": the GET after the refusal got no answer within " + PROMPTLY, e);
            }
            var took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(next.status()).as(refusal + ": " + next.body()).isEqualTo(200);
            assertThat(took).isLessThan(PROMPTLY);
        }
    }

    /**
     * A client that sends a body too large for the gateway slowly, as over a slow link: the 413 is decided while the
     * body is still arriving, after the codec stopped reading it. The connection must then either be announced as
     * closed, or serve the next request once the body is through.
     */
    @ParameterizedTest
    @EnumSource(Pace.class)
    void shouldAnswerTheNextGetAfterATooLargeBodySentSlowly(Pace pace) throws Exception {
        try (var socket = new Socket("localhost", port)) {
            socket.setSoTimeout((int) PROMPTLY.toMillis());
            var out = socket.getOutputStream();
            var in = socket.getInputStream();
            var content = Refusal.json(200 * 1024);
            var head = "POST /v1/products HTTP/1.1\r\nHost: localhost\r\nx-service-api-key: " + key
                    + "\r\nContent-Type: application/json\r\n"
                    + (pace.chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: " + content.length() + "\r\n")
                    + "\r\n";
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            var sender = CompletableFuture.runAsync(() -> {
                try {
                    for (int at = 0; at < content.length(); at += 4096) {
                        var chunk = content.substring(at, Math.min(content.length(), at + 4096));
                        out.write((pace.chunked ? Integer.toHexString(chunk.length()) + "\r\n" + chunk + "\r\n" : chunk)
                                .getBytes(StandardCharsets.ISO_8859_1));
                        out.flush();
                        // A slow link, not a wait for anything: the server sees the body arrive piece by piece.
                        LockSupport.parkNanos(pace.gap.toNanos());
                    }
                    if (pace.chunked) {
                        out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    }
                    out.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });

            var refused = readResponse(in);
            assertThat(refused.status()).as(refused.body()).isEqualTo(413);
            try {
                sender.get(30, TimeUnit.SECONDS);
            } catch (ExecutionException closedWhileSending) {
                // The server may close a connection it announced as closed before the client is done sending.
                assertThat(refused.headers().get("connection")).isEqualToIgnoringCase("close");
                return;
            }
            if ("close".equalsIgnoreCase(refused.headers().get("connection"))) {
                assertThat(in.read())
                        .as("the connection announced as closed is closed")
                        .isEqualTo(-1);
                return;
            }
            out.write(("GET /v1/products HTTP/1.1\r\nHost: localhost\r\nx-service-api-key: " + key + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            Response next;
            try {
                next = readResponse(in);
            } catch (SocketTimeoutException e) {
                throw new AssertionError(pace + ": the GET after the slow refusal got no answer within " + PROMPTLY, e);
            }
            assertThat(next.status()).as(pace + ": " + next.body()).isEqualTo(200);
        }
    }

    enum Pace {
        CHUNKED_2_MS(true, Duration.ofMillis(2)),
        CHUNKED_20_MS(true, Duration.ofMillis(20)),
        DECLARED_2_MS(false, Duration.ofMillis(2)),
        DECLARED_20_MS(false, Duration.ofMillis(20));

        final boolean chunked;
        final Duration gap;

        Pace(boolean chunked, Duration gap) {
            this.chunked = chunked;
            this.gap = gap;
        }
    }

    /**
     * The cause of the kept-alive hang: a request that arrives while the previous one's exchange has not yet ended is
     * held back by the HTTP server, and when the held-back request was answered at once, without waiting on anything
     * (the checkout script, a checkout page for an id of another kind), Reactor Netty before 1.3.8 stopped reading the
     * connection, so the request after it was never read. Written together (pipelined) behind a request that reads the
     * database, such a pair stalled the connection in the first round on Reactor Netty 1.3.6; a pooling client hits
     * the same when it sends its next request the moment it has read an answer, while the server is still finishing
     * that exchange.
     */
    @ParameterizedTest
    @EnumSource(Pipelined.class)
    void shouldAnswerTheRequestAfterTwoRequestsThatArrivedTogether(Pipelined pipelined) throws IOException {
        try (var socket = new Socket("localhost", port)) {
            socket.setSoTimeout((int) PROMPTLY.toMillis());
            var out = socket.getOutputStream();
            var in = socket.getInputStream();
            for (int round = 0; round < ROUNDS; round++) {
                out.write((request(pipelined.first) + request(pipelined.second)).getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                assertThat(readResponse(in).status())
                        .as("round %d: the first answer", round)
                        .isEqualTo(pipelined.firstStatus);
                assertThat(readResponse(in).status())
                        .as("round %d: the second answer", round)
                        .isEqualTo(pipelined.secondStatus);

                out.write(request(Pipelined.LISTED).getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                try {
                    assertThat(readResponse(in).status())
                            .as("round %d: the request after the pair", round)
                            .isEqualTo(200);
                } catch (SocketTimeoutException e) {
                    throw new AssertionError(
                            "round " + round + ": the request after two pipelined requests (" + pipelined
                                    + ") got no answer within " + PROMPTLY,
                            e);
                }
            }
        }
    }

    /** Rounds on one connection: each is a chance for the server to stop reading. */
    private static final int ROUNDS = 20;

    enum Pipelined {
        LISTED_THEN_NO_KEY(200, 401),
        NO_KEY_THEN_NO_KEY(401, 401),
        LISTED_THEN_LISTED(200, 200),
        CHECKOUT_PAGE_THEN_NO_KEY(404, 401),
        LISTED_THEN_UNKNOWN(200, 404),
        LISTED_THEN_NOT_ACCEPTABLE(200, 406),
        NOT_ACCEPTABLE_THEN_NOT_ACCEPTABLE(406, 406),
        UNKNOWN_THEN_UNKNOWN(404, 404),
        // Answered at once, without the database: the held-back request that stalled the connection before 1.3.8.
        LISTED_THEN_ASSET(200, 200),
        LISTED_THEN_WRONG_KIND_PAGE(200, 404);

        static final String LISTED = "GET /v1/products?limit=1";
        static final String NO_KEY = "GET /v1/products?limit=1 nokey";
        static final String CHECKOUT_PAGE = "GET /checkout/pay/pay_unknown nokey";
        static final String UNKNOWN = "GET /nothing-here nokey";
        static final String ASSET = "GET /checkout/assets/checkout.js nokey";
        static final String WRONG_KIND_PAGE = "GET /checkout/pay/mer_unknown nokey";
        static final String NOT_ACCEPTABLE = "GET /v1/products?limit=1\r\nAccept: text/plain";

        final String first;
        final String second;
        final int firstStatus;
        final int secondStatus;

        Pipelined(int firstStatus, int secondStatus) {
            var parts = name().split("_THEN_");
            this.first = line(parts[0]);
            this.second = line(parts[1]);
            this.firstStatus = firstStatus;
            this.secondStatus = secondStatus;
        }

        private static String line(String name) {
            return switch (name) {
                case "LISTED" -> LISTED;
                case "NO_KEY" -> NO_KEY;
                case "CHECKOUT_PAGE" -> CHECKOUT_PAGE;
                case "UNKNOWN" -> UNKNOWN;
                case "ASSET" -> ASSET;
                case "WRONG_KIND_PAGE" -> WRONG_KIND_PAGE;
                case "NOT_ACCEPTABLE" -> NOT_ACCEPTABLE;
                default -> throw new IllegalArgumentException(name);
            };
        }
    }

    /** A bodyless request; a line ending in " nokey" goes without the merchant's key. */
    private String request(String line) {
        var withKey = !line.endsWith(" nokey");
        var target = withKey ? line : line.substring(0, line.length() - " nokey".length());
        var header = "";
        int extra = target.indexOf("\r\n");
        if (extra >= 0) {
            header = target.substring(extra + 2) + "\r\n";
            target = target.substring(0, extra);
        }
        return target + " HTTP/1.1\r\nHost: localhost\r\n" + header
                + (withKey ? "x-service-api-key: " + key + "\r\n" : "") + "\r\n";
    }

    /** Sends the refused request; answers its final response. */
    private Response send(OutputStream out, InputStream in, Refusal refusal) throws IOException {
        var head = new StringBuilder(refusal.requestLine).append(" HTTP/1.1\r\nHost: localhost\r\n");
        if (refusal.withKey) {
            head.append("x-service-api-key: ").append(key).append("\r\n");
        }
        if (refusal == Refusal.TOO_LARGE_WITH_IDEMPOTENCY_KEY) {
            head.append("Idempotency-Key: kept-alive-")
                    .append(System.nanoTime())
                    .append("\r\n");
        }
        head.append("Content-Type: ").append(refusal.contentType).append("\r\n");
        var body = refusal.body;
        if (body.startsWith("\1")) {
            // As curl does: headers first, the body only after 100 Continue; a final answer instead means it is not
            // sent.
            var content = body.substring(1);
            head.append("Expect: 100-continue\r\nContent-Length: ")
                    .append(content.length())
                    .append("\r\n\r\n");
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            var first = readResponse(in);
            if (first.status() != 100) {
                return first;
            }
            out.write(content.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return readResponse(in);
        }
        byte[] bytes;
        if (body.startsWith("\0")) {
            head.append("Transfer-Encoding: chunked\r\n\r\n");
            var chunks = new StringBuilder();
            var content = body.substring(1);
            for (int at = 0; at < content.length(); at += 4096) {
                var chunk = content.substring(at, Math.min(content.length(), at + 4096));
                chunks.append(Integer.toHexString(chunk.length()))
                        .append("\r\n")
                        .append(chunk)
                        .append("\r\n");
            }
            chunks.append("0\r\n\r\n");
            bytes = (head + chunks.toString()).getBytes(StandardCharsets.ISO_8859_1);
        } else {
            head.append("Content-Length: ").append(body.length()).append("\r\n\r\n");
            bytes = (head + body).getBytes(StandardCharsets.ISO_8859_1);
        }
        out.write(bytes);
        out.flush();
        return readResponse(in);
    }

    private record Response(int status, Map<String, String> headers, String body) {}

    /** Reads exactly one response (a length or a chunked body), leaving the connection where the next one starts. */
    private static Response readResponse(InputStream in) throws IOException {
        var statusLine = readLine(in);
        var headers = new LinkedHashMap<String, String>();
        for (var line = readLine(in); !line.isEmpty(); line = readLine(in)) {
            int colon = line.indexOf(':');
            headers.put(
                    line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).strip());
        }
        var body = new ByteArrayOutputStream();
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            for (int size = Integer.parseInt(readLine(in).strip(), 16);
                    size > 0;
                    size = Integer.parseInt(readLine(in).strip(), 16)) {
                body.write(in.readNBytes(size));
                readLine(in);
            }
            readLine(in);
        } else if (headers.containsKey("content-length")) {
            body.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
        }
        return new Response(
                Integer.parseInt(statusLine.substring(9, 12)), headers, body.toString(StandardCharsets.UTF_8));
    }

    private static String readLine(InputStream in) throws IOException {
        var line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("connection closed after: " + line.toString(StandardCharsets.ISO_8859_1));
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }
}
