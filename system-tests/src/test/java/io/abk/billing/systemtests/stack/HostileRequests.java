package io.abk.billing.systemtests.stack;

import io.abk.billing.systemtests.stack.HostileRequest.Header;
import io.abk.billing.systemtests.stack.RouteTable.Access;
import io.abk.billing.systemtests.stack.RouteTable.Route;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Makes hostile requests from the route table, each from the run's seed and its own index alone (so any one can be
 * made again without the others): a route, then some of the ways to make the gateway refuse it, then noise that may
 * or may not matter (odd query values, headers, duplicate JSON keys, strange but well-typed values).
 *
 * <p>Every request of a state-changing method carries at least one defect that the API description says is refused
 * (no or a wrong key, an unsupported {@code Service-Version}, an id that is not the caller's, a body that is not JSON,
 * not an object, or has a declared property of the wrong type or out of any range, a content type the route does
 * not take, an undescribed method or path, an over-long {@code Idempotency-Key}), so the run may not change any state:
 * a 2xx to one is a failure. GETs go out without one half of the time, so their handlers see hostile queries with a
 * real key.
 */
final class HostileRequests {

    /** The ULID alphabet of the platform's ids (Crockford base 32, lower case). */
    private static final String ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final List<String> ODD_METHODS =
            List.of("PUT", "DELETE", "PATCH", "POST", "GET", "PROPFIND", "FOO", "TRACE", "M-SEARCH", "LINK");

    /** Values no field of the API accepts as a number: out of any range, below a micro-unit, or beyond the parser's limits. */
    private static final List<String> EXTREME_NUMBERS = List.of(
            "1e400",
            "-1e400",
            "1e-400",
            "1e999999999",
            "-1e-999999999",
            "123456789012345678901234567890",
            "-99999999999999999999999",
            "0.0000000000000000000000001",
            "9".repeat(1200),
            "1" + "0".repeat(40) + ".5",
            "-0.0000001",
            "1E+2147483648");

    /** Well-typed but strange strings: control characters, NUL, lone surrogates, bidi overrides, huge, SQL and markup. */
    private static final List<String> ODD_STRINGS = List.of(
            "",
            " ",
            "\u0000",
            "a\u0000b",
            "\\u0000",
            "\u0001\u001f",
            "\ud800",
            "\udfff\ud800",
            "\u202e\u202d",
            "\uffff",
            "\ufeff",
            "💩",
            "é",
            "' OR '1'='1",
            "\"; DROP TABLE merchants; --",
            "<script>alert(1)</script>",
            "${jndi:ldap://127.0.0.1/a}",
            "%s%n%x",
            "../../etc/passwd",
            "null",
            "true",
            "0x",
            "0x" + "f".repeat(40),
            "https://",
            "http://127.0.0.1:1/",
            "javascript:alert(1)",
            "\r\nX-Injected: 1");

    /** Path ids that are no resource of the caller's: malformed, encoded control bytes, invalid UTF-8, huge. */
    private static final List<String> MALFORMED_IDS = List.of(
            "not-an-id",
            "%00",
            "%FF%FE%FD",
            "%C3%28",
            "%E2%82",
            "%C0%AF",
            "%ED%A0%80",
            "%2e%2e",
            "%2F",
            "%25",
            "%20",
            "%0A",
            "%F0%9F%92%A9",
            "%EF%BF%BF",
            "null",
            "undefined",
            "0",
            "-1",
            "1e400",
            "%u0000",
            "'%20OR%20'1'='1",
            "%3Cscript%3E",
            "x".repeat(300),
            "y".repeat(3000));

    private static final List<String> BAD_VERSIONS = List.of(
            "2025-01-01",
            "2026-01-02",
            "2026-01-01,2026-01-01",
            "",
            "latest",
            "2026-1-1",
            "9999-99-99",
            "v".repeat(2000),
            "2026-01-01x",
            "0",
            "2026-01-01;q=1",
            "%32%30%32%36-01-01");

    private static final List<String> BAD_CONTENT_TYPES = List.of(
            "text/plain",
            "application/xml",
            "multipart/form-data; boundary=zz",
            "application/octet-stream",
            "application/x-www-form-urlencoded",
            "text/html; charset=utf-8",
            "image/png",
            "*/*",
            "application/");

    private static final List<String> STRUCTURAL_BODIES = List.of(
            "{\"a\":",
            "{",
            "]",
            "{\"a\":1,}",
            "{'a':1}",
            "{\"a\":NaN}",
            "{\"a\":1} x",
            "{} {}",
            "/* c */ {}",
            "{\"a\" 1}",
            "{\"a\":01}",
            "{\"a\":.5}",
            "{\"a\":\"\\x00\"}",
            "{\"a\":\"\\ud800\\\"}",
            "\"unterminated",
            "{\"a\":tru}",
            "{\"a\":[1,2}",
            "{,}",
            "\u0000",
            "{\"a\":1}\u0000");

    private static final byte[] OVERLONG_SLASH = {(byte) 0xc0, (byte) 0xaf};
    private static final byte[] ENCODED_SURROGATE = {(byte) 0xed, (byte) 0xa0, (byte) 0x80};
    private static final List<byte[]> INVALID_UTF8 = List.of(
            new byte[] {(byte) 0xff, (byte) 0xfe},
            new byte[] {(byte) 0xc3, 0x28},
            OVERLONG_SLASH,
            ENCODED_SURROGATE,
            new byte[] {(byte) 0xe2, (byte) 0x82},
            new byte[] {(byte) 0x80},
            new byte[] {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80});
    private static final List<String> NON_OBJECT_BODIES =
            List.of("[]", "[{}]", "\"x\"", "7", "true", "false", "null", "-0", "1e400", "[" + "{}".repeat(0) + "]");

    private final List<Route> routes;
    private final RouteTable table;
    private final Map<String, String> ownIds;
    private final Map<String, String> otherModeIds;
    private final String testKey;
    private final String adminToken;
    private final String hostHeader;
    private final long seed;

    /**
     * @param ownIds       the fuzzed merchant's test-mode ids by prefix, the ids its test key may act on
     * @param otherModeIds its live-mode ids by prefix: with the test key they are someone else's
     */
    HostileRequests(
            RouteTable table,
            Map<String, String> ownIds,
            Map<String, String> otherModeIds,
            String testKey,
            String adminToken,
            String hostHeader,
            long seed) {
        this.table = table;
        this.routes = table.routes();
        this.ownIds = ownIds;
        this.otherModeIds = otherModeIds;
        this.testKey = testKey;
        this.adminToken = adminToken;
        this.hostHeader = hostHeader;
        this.seed = seed;
    }

    /** The request number {@code index} of this seed. */
    HostileRequest make(int index) {
        var random = new SplittableRandom(seed + GOLDEN * (index + 1L));
        return new Maker(random, index, routes.get(random.nextInt(routes.size()))).make();
    }

    /** Builds one request; not reused. */
    private final class Maker {

        private final SplittableRandom random;
        private final int index;
        private final Route route;
        private final List<String> defects = new ArrayList<>();
        private final Map<String, String> pathValues = new LinkedHashMap<>();
        private final List<String> query = new ArrayList<>();
        private final List<Header> headers = new ArrayList<>();
        private String method;
        private String pathSuffix = "";
        private String pathPrefix = "";
        private boolean upperCaseFirstSegment;
        private byte[] body = new byte[0];
        private String contentType = "";
        private boolean refused;
        /** How many defects that are refused for sure were added. */
        private int sureRefusals;
        /** A body defect was applied; a content-type defect was applied (a later body defect must keep it). */
        private boolean bodyDefect;

        private boolean contentTypeDefect;
        private boolean raw;
        private boolean framing;

        Maker(SplittableRandom random, int index, Route route) {
            this.random = random;
            this.index = index;
            this.route = route;
            this.method = route.method();
        }

        HostileRequest make() {
            // the request as its caller would send it, at a real id of its own where the route names one
            for (var variable : route.pathVariables()) {
                var id = ownIds.get(route.idPrefix(variable));
                pathValues.put(
                        variable, id != null && random.nextInt(10) < 7 ? id : unknownId(route.idPrefix(variable)));
            }
            authenticate();
            if (route.takesBody() && random.nextInt(10) < 8) {
                contentType = route.takesJson()
                        ? "application/json"
                        : route.bodies().keySet().iterator().next();
                body = bytes(route.takesJson() ? plausibleJson() : "x=1");
            }
            // the defects that make it refused
            var applicable = applicableRefusals();
            boolean mustRefuse = route.unsafe() || random.nextBoolean();
            if (mustRefuse) {
                int count = 1 + (random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0);
                for (int i = 0; i < count; i++) {
                    refuse(applicable.get(random.nextInt(applicable.size())));
                }
                if (sureRefusals == 0) {
                    refuse("version");
                }
            }
            // noise that may or may not matter
            if (random.nextInt(3) == 0) {
                hostileQuery();
            }
            if (random.nextInt(4) == 0) {
                oddHeaders();
            }
            if (random.nextInt(12) == 0) {
                oddPathShape();
            }
            raw = raw || random.nextInt(8) == 0;
            if (raw && route.access() == Access.MERCHANT && random.nextInt(4) == 0) {
                // Only a socket sends these: bytes that are no UTF-8 in the key's header.
                headers.removeIf(header -> header.name().equalsIgnoreCase("x-service-api-key")
                        || header.name().equalsIgnoreCase("Authorization"));
                var value = bytes("abk_test_");
                headers.add(new Header("x-service-api-key", java.util.Arrays.copyOf(value, value.length + 2)));
                headers.getLast().value()[value.length] = (byte) 0xff;
                headers.getLast().value()[value.length + 1] = (byte) 0xc3;
                defects.add("refused:auth=invalid-utf-8");
                refused = true;
            }
            var target = target();
            if (!raw && !sendableByClient(target)) {
                raw = true;
            }
            try {
                URI.create("http://" + hostHeader + target);
            } catch (IllegalArgumentException e) {
                // Not a URI at all (a bad percent-escape such as %u0000): the HTTP server refuses it before routing.
                framing = true;
                defects.add("not-a-uri");
            }
            if (raw && random.nextInt(3) == 0) {
                framing = true;
            }
            int headerBytes = 0;
            for (var header : headers) {
                headerBytes += header.name().length() + header.value().length + 4;
            }
            if (target.length() > 3500 || headerBytes > 7000) {
                // Past the HTTP codec's limits (4 KiB request line, 8 KiB of headers): it answers before the API does.
                framing = true;
                defects.add("oversized-head");
            }
            var allHeaders = new ArrayList<>(headers);
            if (!contentType.isEmpty()) {
                allHeaders.add(Header.of("Content-Type", contentType));
            }
            byte[] wire = wire(target, allHeaders);
            return new HostileRequest(
                    index,
                    route.toString(),
                    List.copyOf(defects),
                    method,
                    target,
                    List.copyOf(allHeaders),
                    body,
                    wire,
                    raw,
                    refused || !HostileRequest.SAFE_METHODS.contains(method),
                    framing,
                    table.match(method, target.split("[?#]", 2)[0])
                            .map(Route::htmlErrors)
                            .orElse(false));
        }

        private void authenticate() {
            switch (route.access()) {
                // A dashboard route given a key instead of a session: sent on to the sign-in page, as refused.
                case MERCHANT, DASHBOARD ->
                    headers.add(
                            random.nextBoolean()
                                    ? Header.of("x-service-api-key", testKey)
                                    : Header.of("Authorization", "Bearer " + testKey));
                case ADMIN -> headers.add(Header.of("Authorization", "Bearer " + adminToken));
                case PUBLIC -> {}
            }
        }

        private List<String> applicableRefusals() {
            var kinds = new ArrayList<String>(List.of("version", "method", "path"));
            if (route.access() != Access.PUBLIC) {
                kinds.add("auth");
                kinds.add("auth");
            }
            if (!route.pathVariables().isEmpty()) {
                kinds.add("id");
                kinds.add("id");
            }
            if (route.takesJson()) {
                kinds.add("body");
                kinds.add("body");
                kinds.add("body");
            }
            if (route.takesBody()) {
                kinds.add("content-type");
            }
            if (route.takesIdempotencyKey()) {
                kinds.add("idempotency-key");
            }
            return kinds;
        }

        private void refuse(String kind) {
            refused = true;
            sureRefusals++;
            switch (kind) {
                case "version" -> {
                    var value = pick(BAD_VERSIONS);
                    headers.add(Header.of("Service-Version", value));
                    defects.add("refused:service-version=" + HostileRequest.shorten(value, 20));
                }
                case "method" -> {
                    var described = table.methodsOf(route.template());
                    var candidates = new ArrayList<String>();
                    for (var odd : ODD_METHODS) {
                        if (!described.contains(odd) && !(odd.equals("HEAD") && described.contains("GET"))) {
                            candidates.add(odd);
                        }
                    }
                    method = pick(candidates);
                    defects.add("refused:method=" + method);
                }
                case "path" -> {
                    switch (random.nextInt(4)) {
                        case 0 -> pathSuffix = "/" + pick(List.of("x", "..", "%2e", "v1", "%00", "0", "x/y"));
                        case 1 -> upperCaseFirstSegment = true;
                        case 2 -> pathPrefix = pick(List.of("/v2", "/api", "/x", "/%2e%2e", "/admin"));
                        default -> pathSuffix = pick(List.of(".xml", ".html", "~", "%20", "%09"));
                    }
                    defects.add("refused:path");
                }
                case "auth" -> auth();
                case "id" -> id();
                case "body" -> body();
                case "content-type" -> {
                    var candidates = new ArrayList<String>();
                    for (var type : BAD_CONTENT_TYPES) {
                        if (!route.bodies().containsKey(ApiDescription.mediaType(type))) {
                            candidates.add(type);
                        }
                    }
                    contentType = pick(candidates);
                    contentTypeDefect = true;
                    if (body.length == 0) {
                        body = bytes(plausibleJson());
                    }
                    defects.add("refused:content-type=" + contentType);
                }
                case "idempotency-key" -> {
                    var length = 256 + random.nextInt(4000);
                    headers.add(Header.of("Idempotency-Key", "k".repeat(length)));
                    defects.add("refused:idempotency-key-length=" + length);
                }
                default -> throw new IllegalStateException(kind);
            }
        }

        private void auth() {
            headers.removeIf(header -> header.name().equalsIgnoreCase("x-service-api-key")
                    || header.name().equalsIgnoreCase("Authorization"));
            if (route.access() == Access.ADMIN) {
                switch (random.nextInt(5)) {
                    case 0 -> defects.add("refused:auth=none");
                    case 1 -> add("refused:auth=merchant-key", "Authorization", "Bearer " + testKey);
                    case 2 -> add("refused:auth=token+x", "Authorization", "Bearer " + adminToken + "x");
                    case 3 -> add("refused:auth=token-as-api-key", "x-service-api-key", adminToken);
                    default ->
                        add(
                                "refused:auth=basic",
                                "Authorization",
                                "Basic "
                                        + java.util.Base64.getEncoder()
                                                .encodeToString(
                                                        ("admin:" + adminToken).getBytes(StandardCharsets.UTF_8)));
                }
                return;
            }
            var garbage = pick(List.of(
                    "",
                    "abk_test_",
                    "abk_test_" + "0".repeat(40),
                    "abk_live_" + randomText(ID_ALPHABET, 40),
                    testKey + "x",
                    testKey.substring(0, testKey.length() - 1),
                    testKey.toUpperCase(Locale.ROOT),
                    "Bearer " + testKey,
                    adminToken,
                    "k".repeat(5000),
                    "abk_test_" + randomText(ID_ALPHABET, 200),
                    "%61bk_test_x"));
            switch (random.nextInt(4)) {
                case 0 -> defects.add("refused:auth=none");
                case 1 -> add("refused:auth=api-key-garbage", "x-service-api-key", garbage);
                case 2 -> add("refused:auth=bearer-garbage", "Authorization", "Bearer " + garbage);
                default ->
                    add(
                            "refused:auth=scheme",
                            "Authorization",
                            pick(List.of("Basic " + testKey, "Token " + testKey, "Bearer", "Digest x", testKey)));
            }
        }

        private void id() {
            var variable = route.pathVariables()
                    .get(random.nextInt(route.pathVariables().size()));
            var prefix = route.idPrefix(variable);
            String value;
            String what;
            switch (random.nextInt(5)) {
                case 0 -> {
                    value = unknownId(prefix);
                    what = "unknown";
                }
                case 1 -> {
                    var others = ownIds.entrySet().stream()
                            .filter(e ->
                                    !e.getKey().equals(prefix) && !e.getKey().equals("wha"))
                            .toList();
                    value = others.get(random.nextInt(others.size())).getValue();
                    what = "another-kind";
                }
                case 2 -> {
                    // The key's own id of the other mode, or (the operator API, the checkout) someone else's.
                    var other = otherModeIds.get(prefix);
                    if (other == null || route.access() != Access.MERCHANT) {
                        value = unknownId(prefix);
                        what = "unknown";
                    } else {
                        value = other;
                        what = "other-mode";
                    }
                }
                case 3 -> {
                    var own = ownIds.getOrDefault(prefix, unknownId(prefix));
                    value = switch (random.nextInt(4)) {
                        case 0 -> own.toUpperCase(Locale.ROOT);
                        case 1 -> own + "%20";
                        case 2 -> own + "%00";
                        default -> own.substring(0, own.length() - 1);
                    };
                    what = "own-altered";
                }
                default -> {
                    value = pick(MALFORMED_IDS);
                    what = "malformed";
                }
            }
            pathValues.put(variable, value);
            defects.add("refused:id=" + what + ":" + HostileRequest.shorten(value, 40));
        }

        private void body() {
            if (bodyDefect) {
                // One body a request: a second body defect would replace the first, whose refusal is already counted.
                sureRefusals--;
                return;
            }
            bodyDefect = true;
            if (!contentTypeDefect) {
                contentType = route.bodies().containsKey("application/json") ? "application/json" : contentType;
            }
            var properties = route.jsonProperties();
            int kind = random.nextInt(properties.isEmpty() ? 4 : 7);
            switch (kind) {
                case 0 -> {
                    body = bytes(pick(STRUCTURAL_BODIES));
                    defects.add("refused:body=not-json");
                }
                case 1 -> {
                    body = bytes(pick(NON_OBJECT_BODIES));
                    defects.add("refused:body=not-an-object");
                }
                case 2 -> {
                    body = invalidUtf8(properties, pick(INVALID_UTF8));
                    defects.add("refused:body=invalid-utf-8");
                }
                case 3 -> {
                    int depth = 2_000 + random.nextInt(6_000);
                    var open = random.nextBoolean() ? "[" : "{\"a\":";
                    var close = open.equals("[") ? "]" : "}";
                    body = bytes("{\"" + anyProperty(properties) + "\":" + open.repeat(depth) + "1"
                            + close.repeat(random.nextInt(3) == 0 ? 0 : depth) + "}");
                    defects.add("refused:body=nested-" + depth);
                }
                default -> {
                    body = bytes(wrongTypes(properties));
                    defects.add("refused:body=wrong-types");
                }
            }
        }

        /** A JSON object with some declared properties of a type the description does not allow or out of any range. */
        private String wrongTypes(Map<String, Set<String>> properties) {
            var names = new ArrayList<>(new TreeSet<>(properties.keySet()));
            var fields = new ArrayList<String>();
            int wrong = 1 + random.nextInt(Math.min(3, names.size()));
            for (int i = 0; i < wrong; i++) {
                var name = names.remove(random.nextInt(names.size()));
                fields.add(field(name, wrongValue(properties.get(name))));
            }
            for (var name : names) {
                if (random.nextInt(3) == 0) {
                    fields.add(field(name, oddValue(properties.get(name))));
                }
            }
            if (random.nextInt(4) == 0 && !fields.isEmpty()) {
                // A duplicate key, first or last: last-wins parsing, first-wins parsing or refusal all leave it
                // refused.
                fields.add(random.nextBoolean() ? 0 : fields.size(), fields.get(random.nextInt(fields.size())));
                defects.add("duplicate-key");
            }
            java.util.Collections.shuffle(fields, new java.util.Random(random.nextLong()));
            return "{" + String.join(",", fields) + "}";
        }

        /** A JSON value none of {@code types} admits. */
        private String wrongValue(Set<String> types) {
            var candidates = new ArrayList<String>();
            if (!types.contains("string")) {
                candidates.add(Json.write(pick(ODD_STRINGS)));
                candidates.add("\"12\"");
            }
            if (!types.contains("number") && !types.contains("integer")) {
                candidates.add("12");
                candidates.add("-1.5e3");
            }
            if (types.contains("number") || types.contains("integer")) {
                candidates.add(pick(EXTREME_NUMBERS));
            }
            if (types.contains("integer") && !types.contains("number")) {
                candidates.add("1.5");
            }
            if (!types.contains("boolean")) {
                candidates.add(random.nextBoolean() ? "true" : "false");
            }
            if (!types.contains("object")) {
                candidates.add("{\"a\":{\"b\":[1]}}");
                candidates.add("{}");
            }
            if (!types.contains("array")) {
                candidates.add("[1,\"a\",null]");
                candidates.add("[]");
            }
            if (!types.contains("null")) {
                candidates.add("null");
            }
            return pick(candidates);
        }

        /** A value of an allowed type, but strange. */
        private String oddValue(Set<String> types) {
            var type = pick(new ArrayList<>(types));
            return switch (type) {
                case "string" ->
                    Json.write(random.nextInt(5) == 0 ? "s".repeat(random.nextInt(20_000)) : pick(ODD_STRINGS));
                case "number" -> pick(List.of("0", "-0", "1e-7", "0.1234567", "1e3", "-5", "1000000000.000001"));
                case "integer" -> pick(List.of("0", "-1", "2147483648", "9223372036854775808", "-9223372036854775809"));
                case "boolean" -> "true";
                case "object" ->
                    random.nextBoolean()
                            ? "{\"k\":\"" + "v".repeat(600) + "\"}"
                            : "{\"\\u0000\":\"\\u0000\",\"k\":{\"deep\":[1]}}";
                case "array" ->
                    random.nextBoolean()
                            ? "[\"" + pick(ODD_STRINGS).replace("\"", "") + "\"]"
                            : "[" + "\"a\",".repeat(500) + "\"a\"]";
                default -> "null";
            };
        }

        /** A body with invalid UTF-8 in a value or a name: truncated and stray sequences, overlong forms, encoded surrogates. */
        private byte[] invalidUtf8(Map<String, Set<String>> properties, byte[] bad) {
            var out = new ByteArrayOutputStream();
            var name = anyProperty(properties);
            out.writeBytes(bytes("{\""));
            if (random.nextBoolean()) {
                out.writeBytes(bad);
                out.writeBytes(bytes("\":\"x\"}"));
            } else {
                out.writeBytes(bytes(name + "\":\"a"));
                out.writeBytes(bad);
                out.writeBytes(bytes("\"}"));
            }
            return out.toByteArray();
        }

        /** An object of the route's declared properties with strange but well-typed values (refused only by some defect). */
        private String plausibleJson() {
            var properties = route.jsonProperties();
            var fields = new ArrayList<String>();
            for (var property : new TreeSet<>(properties.keySet())) {
                if (random.nextBoolean()) {
                    fields.add(field(property, oddValue(properties.get(property))));
                }
            }
            return "{" + String.join(",", fields) + "}";
        }

        private void hostileQuery() {
            var names = new ArrayList<>(route.queryParameters());
            names.add(pick(List.of("limit", "startingAfter", "x", "%00", "a[b]", "status", "")));
            int count = 1 + random.nextInt(3);
            for (int i = 0; i < count; i++) {
                var name = pick(names);
                var value = pick(List.of(
                        "0",
                        "-1",
                        "101",
                        "1e400",
                        "99999999999999999999",
                        "1.5",
                        "",
                        "%00",
                        "%FF",
                        "%C3%28",
                        "+5",
                        "05",
                        "NaN",
                        unknownId(pick(List.of(
                                "sub", "inv", "pay", "evt", "we", "prod", "plink", "cus", "key", "aud", "mer"))),
                        "wha_0",
                        "wha_99999999999999999999",
                        "wha_-1",
                        "ACTIVE",
                        "active",
                        "subscription.created",
                        "%27%20OR%201%3D1",
                        "x".repeat(1 + random.nextInt(3000)),
                        ownIds.values().stream()
                                .skip(random.nextInt(ownIds.size()))
                                .findFirst()
                                .orElse("x")));
                query.add(name + (random.nextInt(10) == 0 ? "" : "=" + value));
            }
            defects.add("query");
        }

        private void oddHeaders() {
            switch (random.nextInt(7)) {
                case 0 ->
                    headers.add(Header.of(
                            "Accept",
                            pick(List.of(
                                    "text/html", "application/xml", "*/*;q=0", "garbage", "application/json;q=-1"))));
                case 1 ->
                    headers.add(
                            Header.of("x-request-id", pick(List.of("", "req_x", "r".repeat(3000), "%00", "<script>"))));
                case 2 ->
                    headers.add(
                            Header.of("X-Forwarded-For", pick(List.of("999.1.1.1", "::::", "x", "127.0.0.1, , ,"))));
                case 3 -> {
                    for (int i = 0; i < 60; i++) {
                        headers.add(Header.of("x-h" + i, "v"));
                    }
                }
                case 4 -> headers.add(Header.of("x-long", "l".repeat(4000)));
                case 5 ->
                    headers.add(
                            Header.of("Accept-Encoding", pick(List.of("gzip", "br, zstd", "identity;q=0", "*;q=0"))));
                default -> headers.add(Header.of("Cookie", "SESSION=" + "c".repeat(100)));
            }
            defects.add("headers");
        }

        private void oddPathShape() {
            pathSuffix = pathSuffix + pick(List.of("/", ";x=1", "?", "#frag"));
            defects.add("path-shape");
        }

        private String target() {
            var path = route.path(pathValues);
            if (upperCaseFirstSegment) {
                int second = path.indexOf('/', 1);
                path = path.substring(0, second < 0 ? path.length() : second).toUpperCase(Locale.ROOT)
                        + (second < 0 ? "" : path.substring(second));
            }
            path = pathPrefix + path + pathSuffix;
            return query.isEmpty() ? path : path + (path.contains("?") ? "&" : "?") + String.join("&", query);
        }

        private boolean sendableByClient(String target) {
            if (method.equals("CONNECT") || target.contains("#")) {
                return false;
            }
            try {
                URI.create("http://" + hostHeader + target);
            } catch (IllegalArgumentException e) {
                return false;
            }
            for (var header : headers) {
                for (byte b : header.value()) {
                    if (b < 0x20 || b == 0x7f) {
                        return false;
                    }
                }
            }
            return true;
        }

        /** The request's bytes, with one way of breaking the protocol when {@link #framing} is chosen. */
        private byte[] wire(String target, List<Header> all) {
            var out = new ByteArrayOutputStream();
            var requestLine = method + " " + target + " HTTP/1.1";
            var eol = "\r\n";
            byte[] sentBody = body;
            var lines = new ArrayList<byte[]>();
            lines.add(bytes("Host: " + hostHeader));
            for (var header : all) {
                var line = new ByteArrayOutputStream();
                line.writeBytes(bytes(header.name() + ": "));
                line.writeBytes(header.value());
                lines.add(line.toByteArray());
            }
            lines.add(bytes("Connection: close"));
            String contentLength = "Content-Length: " + sentBody.length;
            if (framing && raw) {
                switch (random.nextInt(16)) {
                    case 0 -> requestLine = method + " " + target.replaceFirst("/", "/\u00ff\u00fe") + " HTTP/1.1";
                    case 1 -> lines.add(bytes("x-no-colon-here"));
                    case 2 -> lines.add(bytes("bad header name: v"));
                    case 3 -> lines.add(bytes(" folded-continuation"));
                    case 4 -> lines.add(new byte[] {'x', '-', 'n', 'u', 'l', ':', ' ', 0, 'v'});
                    case 5 -> contentLength = contentLength + eol + "Content-Length: " + (sentBody.length + 7);
                    case 6 -> contentLength = "Content-Length: " + sentBody.length + eol + "Transfer-Encoding: chunked";
                    case 7 -> {
                        contentLength = "Transfer-Encoding: chunked";
                        sentBody = bytes("zz" + eol + "abc" + eol + "0" + eol + eol);
                    }
                    case 8 ->
                        contentLength = pick(List.of(
                                "Content-Length: -1",
                                "Content-Length: abc",
                                "Content-Length: 1e3",
                                "Content-Length: 99999999999999999999"));
                    case 9 -> requestLine = method.toLowerCase(Locale.ROOT) + " " + target + " HTTP/1.1";
                    case 10 ->
                        requestLine = method + " " + target + " "
                                + pick(List.of("HTTP/1.0", "HTTP/2.0", "HTTP/9.9", "HTTP/1.1 extra", "HTP/1.1", ""));
                    case 11 -> requestLine = method + " http://evil.invalid" + target + " HTTP/1.1";
                    case 12 -> requestLine = method + "  " + target + "   HTTP/1.1";
                    case 13 -> requestLine = method + " " + target + "/" + "p".repeat(9000) + " HTTP/1.1";
                    case 14 -> lines.add(bytes("x-huge: " + "h".repeat(20_000)));
                    default -> eol = "\n";
                }
                defects.add("framing");
            }
            lines.add(bytes(contentLength));
            out.writeBytes(requestLine.getBytes(StandardCharsets.ISO_8859_1));
            out.writeBytes(bytes(eol));
            for (var line : lines) {
                out.writeBytes(line);
                out.writeBytes(bytes(eol));
            }
            out.writeBytes(bytes(eol));
            out.writeBytes(sentBody);
            return out.toByteArray();
        }

        private void add(String defect, String name, String value) {
            headers.add(Header.of(name, value));
            defects.add(defect);
        }

        private String anyProperty(Map<String, Set<String>> properties) {
            return properties.isEmpty() ? "a" : pick(new ArrayList<>(new TreeSet<>(properties.keySet())));
        }

        private String unknownId(String prefix) {
            return prefix + "_" + randomText(ID_ALPHABET, 26);
        }

        private String randomText(String alphabet, int length) {
            var text = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            return text.toString();
        }

        private <T> T pick(List<T> values) {
            return values.get(random.nextInt(values.size()));
        }
    }

    private static String field(String name, String value) {
        return Json.write(name) + ":" + value;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
