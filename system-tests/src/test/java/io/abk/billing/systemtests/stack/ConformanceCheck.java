package io.abk.billing.systemtests.stack;

import io.abk.billing.systemtests.stack.ApiDescription.Operation;
import io.abk.billing.systemtests.stack.ExchangeLog.Exchange;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Checks recorded exchanges against the API description: each request is matched to its operation (path template
 * and method), its answer's status must be described, its content type must be one the status describes, and a JSON
 * answer must validate against that schema. A request the gateway accepted (2xx) must fit the request body schema
 * and the query parameters: one it refused may well not, as the bad-input tests intend. A request no operation
 * describes may only be refused, with an error body.
 */
final class ConformanceCheck {

    private static final String ERROR_SCHEMA = "/components/schemas/Error";
    private static final String JSON = "application/json";
    private static final String FORM = "application/x-www-form-urlencoded";

    /** One way the exchanges and the description disagree, with how often and one request that showed it. */
    record Mismatch(String route, int status, String where, String pointer, String message) {}

    private final ApiDescription api;
    private final Map<Mismatch, Integer> counts = new LinkedHashMap<>();
    private final Map<Mismatch, String> examples = new LinkedHashMap<>();
    private final Map<String, TreeSet<Integer>> exercised = new TreeMap<>();
    private int checked;
    private int outside;

    ConformanceCheck(ApiDescription api) {
        this.api = api;
    }

    void check(List<Exchange> exchanges) {
        exchanges.forEach(this::check);
    }

    void check(Exchange exchange) {
        if (exchange.path().startsWith("/actuator/")) {
            // Spring Boot's health endpoint: operational, not part of the API the document describes.
            outside++;
            return;
        }
        checked++;
        var operation = api.match(exchange.method(), exchange.path());
        if (operation.isEmpty()) {
            checkUndescribed(exchange);
            return;
        }
        var op = operation.get();
        exercised.computeIfAbsent(op.route(), route -> new TreeSet<>()).add(exchange.status());
        checkResponse(op, exchange);
        if (exchange.status() >= 200 && exchange.status() < 300) {
            checkRequestBody(op, exchange);
            checkQuery(op, exchange);
        }
    }

    /** A request to a path and method the document lacks: the gateway must refuse it with an error body. */
    private void checkUndescribed(Exchange exchange) {
        var route = "(undescribed) " + exchange.method() + " " + exchange.path();
        if (exchange.status() < 400) {
            add(
                    new Mismatch(
                            route,
                            exchange.status(),
                            "response",
                            "",
                            "served with " + exchange.status()
                                    + " but no operation of the document matches this path and method"),
                    exchange);
            return;
        }
        if (JSON.equals(ApiDescription.mediaType(exchange.responseContentType()))) {
            validate(
                    new Mismatch("(undescribed)", exchange.status(), "response", "", ""),
                    ERROR_SCHEMA,
                    parse(exchange.responseBody()),
                    exchange);
        }
    }

    private void checkResponse(Operation op, Exchange exchange) {
        var status = exchange.status();
        var base = op.pointer() + "/responses/";
        var response = api.locate(base + status)
                .or(() -> api.locate(base + (status / 100) + "XX"))
                .or(() -> api.locate(base + "default"));
        if (response.isEmpty()) {
            add(new Mismatch(op.route(), status, "response", "", "status " + status + " is not described"), exchange);
            return;
        }
        var content = response.get().node().path("content");
        var mediaType = ApiDescription.mediaType(exchange.responseContentType());
        if (content.isEmpty()) {
            if (!exchange.responseBody().isEmpty()) {
                add(
                        new Mismatch(
                                op.route(),
                                status,
                                "response",
                                "",
                                "a body (" + mediaType + ") where none is described"),
                        exchange);
            }
            return;
        }
        if (mediaType == null || !content.has(mediaType)) {
            add(
                    new Mismatch(
                            op.route(),
                            status,
                            "response",
                            "",
                            "content type " + mediaType + " is not described (described: "
                                    + String.join(", ", content.propertyNames()) + ")"),
                    exchange);
            return;
        }
        if (JSON.equals(mediaType)) {
            var schema = response.get().pointer() + "/content/" + ApiDescription.escape(mediaType) + "/schema";
            validate(
                    new Mismatch(op.route(), status, "response", "", ""),
                    schema,
                    parse(exchange.responseBody()),
                    exchange);
        }
    }

    private void checkRequestBody(Operation op, Exchange exchange) {
        var described = api.locate(op.pointer() + "/requestBody");
        var body = exchange.requestBody();
        boolean hasBody = body != null && !body.isEmpty() || exchange.requestBodyOmitted();
        if (described.isEmpty()) {
            if (hasBody) {
                add(
                        new Mismatch(
                                op.route(),
                                exchange.status(),
                                "request",
                                "",
                                "accepted a body where none is described"),
                        exchange);
            }
            return;
        }
        if (!hasBody) {
            if (described.get().node().path("required").asBoolean(false)) {
                add(
                        new Mismatch(
                                op.route(), exchange.status(), "request", "", "accepted no body where one is required"),
                        exchange);
            }
            return;
        }
        if (body == null) {
            return;
        }
        // The gateway reads a body without a Content-Type as JSON.
        var mediaType = ApiDescription.mediaType(exchange.requestContentType());
        mediaType = mediaType == null ? JSON : mediaType;
        var content = described.get().node().path("content");
        if (!content.has(mediaType)) {
            add(
                    new Mismatch(
                            op.route(),
                            exchange.status(),
                            "request",
                            "",
                            "accepted content type " + mediaType + ", not described"),
                    exchange);
            return;
        }
        var schema = described.get().pointer() + "/content/" + ApiDescription.escape(mediaType) + "/schema";
        var value = switch (mediaType) {
            case JSON -> parse(body);
            case FORM -> form(body);
            default -> null;
        };
        if (value != null) {
            validate(new Mismatch(op.route(), exchange.status(), "request", "", ""), schema, value, exchange);
        }
    }

    /** Every query parameter of an accepted request must be described, and its value fit the parameter's schema. */
    private void checkQuery(Operation op, Exchange exchange) {
        if (exchange.query() == null || exchange.query().isEmpty()) {
            return;
        }
        var parameters = new LinkedHashMap<String, JsonNode>();
        for (var parameter : api.parameters(op)) {
            if ("query".equals(parameter.path("in").stringValue())) {
                parameters.put(parameter.path("name").stringValue(), parameter);
            }
        }
        for (var pair : exchange.query().split("&")) {
            int equals = pair.indexOf('=');
            var name = decode(equals < 0 ? pair : pair.substring(0, equals));
            var value = decode(equals < 0 ? "" : pair.substring(equals + 1));
            var parameter = parameters.get(name);
            if (parameter == null) {
                add(
                        new Mismatch(
                                op.route(),
                                exchange.status(),
                                "request",
                                "?" + name,
                                "accepted a query parameter that is not described"),
                        exchange);
                continue;
            }
            var schemaPointer = parameter.path("x-schema-pointer").stringValue();
            validate(
                    new Mismatch(op.route(), exchange.status(), "request", "?" + name, ""),
                    schemaPointer,
                    typed(parameter, value),
                    exchange);
        }
    }

    /** A query value as the JSON its schema speaks of: a number for an integer parameter, else the string. */
    private JsonNode typed(JsonNode parameter, String value) {
        var schema = api.locate(parameter.path("x-schema-pointer").stringValue())
                .map(ApiDescription.Located::node)
                .orElse(null);
        if (schema != null && "integer".equals(schema.path("type").asString(""))) {
            try {
                return JsonNodeFactory.instance.numberNode(Long.parseLong(value));
            } catch (NumberFormatException notAnInteger) {
                return JsonNodeFactory.instance.stringNode(value);
            }
        }
        return JsonNodeFactory.instance.stringNode(value);
    }

    private void validate(Mismatch at, String schemaPointer, @Nullable JsonNode value, Exchange exchange) {
        if (value == null) {
            add(new Mismatch(at.route(), at.status(), at.where(), at.pointer(), "the body is not JSON"), exchange);
            return;
        }
        for (var problem : api.validate(schemaPointer, value)) {
            // Array indices differ from one exchange to the next; the same problem at item 3 or 7 is one mismatch.
            var pointer = at.pointer() + problem[0].replaceAll("/\\d+(?=/|$)", "/*");
            add(new Mismatch(at.route(), at.status(), at.where(), pointer, problem[1]), exchange);
        }
    }

    private void add(Mismatch mismatch, Exchange exchange) {
        counts.merge(mismatch, 1, Integer::sum);
        examples.putIfAbsent(
                mismatch,
                exchange.request() + " -> " + exchange.status() + " " + abbreviate(exchange.responseBody())
                        + (exchange.requestBody() == null
                                ? ""
                                : " (request body " + abbreviate(exchange.requestBody()) + ")"));
    }

    List<String> mismatches() {
        var lines = new ArrayList<String>();
        counts.forEach((mismatch, count) -> lines.add(mismatch.route() + " " + mismatch.status() + " "
                + mismatch.where() + " "
                + (mismatch.pointer().isEmpty() ? "(whole body)" : mismatch.pointer()) + ": " + mismatch.message()
                + "  [" + count + "x, e.g. " + examples.get(mismatch) + "]"));
        return lines;
    }

    String coverage() {
        var unexercised = new ArrayList<String>();
        for (var operation : api.operations()) {
            if (!exercised.containsKey(operation.route())) {
                unexercised.add(operation.route());
            }
        }
        var described = api.operations().size();
        return String.format(
                "API conformance: %d exchanges checked (%d outside the API), %d of %d described operations exercised%n"
                        + "  statuses seen: %s%n  never exercised: %s",
                checked,
                outside,
                described - unexercised.size(),
                described,
                exercised,
                unexercised.isEmpty() ? "none" : String.join(", ", unexercised));
    }

    private static @Nullable JsonNode parse(String body) {
        try {
            return Json.parse(body);
        } catch (RuntimeException notJson) {
            return null;
        }
    }

    /** A form body as the JSON object of strings its schema describes; a repeated field keeps its first value. */
    private static JsonNode form(String body) {
        var object = JsonNodeFactory.instance.objectNode();
        for (var pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            var name = decode(equals < 0 ? pair : pair.substring(0, equals));
            if (!object.has(name)) {
                object.put(name, decode(equals < 0 ? "" : pair.substring(equals + 1)));
            }
        }
        return object;
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    private static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }
}
