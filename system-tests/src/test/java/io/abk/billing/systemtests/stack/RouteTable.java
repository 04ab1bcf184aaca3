package io.abk.billing.systemtests.stack;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The gateway's routes as the API description lists them ({@code OpenApiRoutesIT} keeps the description equal to
 * the gateway's route table), in the form the hostile-input tests need: who may call each route, its path
 * variables and what resource each names, its query parameters, and the JSON properties of its body with their
 * types. A route added to the gateway (and so to the description) is fuzzed and probed without touching the tests,
 * unless its path names a resource kind they have never seen ({@link #ID_PREFIXES}).
 */
final class RouteTable {

    /** Who a route lets in, from its {@code security} requirement. */
    enum Access {
        /** No credentials: the checkout pages, the description, the script (the path's id is the capability). */
        PUBLIC,
        /** A merchant API key, as {@code x-service-api-key} or {@code Authorization: Bearer}. */
        MERCHANT,
        /** The operator's token. */
        ADMIN,
        /** A dashboard session's cookie: the dashboard's pages and forms. */
        DASHBOARD
    }

    /**
     * The id prefix of the resource a path variable names, by the path segment before it ({@code /v1/invoices/{id}}:
     * {@code inv}). The description types path ids only as strings, so this is the one thing said here by hand; a
     * new route whose collection is missing fails {@link #idPrefix} with a message saying so.
     */
    static final Map<String, String> ID_PREFIXES = Map.ofEntries(
            Map.entry("subscriptions", "sub"),
            Map.entry("invoices", "inv"),
            Map.entry("payments", "pay"),
            Map.entry("payment-links", "plink"),
            Map.entry("customers", "cus"),
            Map.entry("coupons", "coupon"),
            Map.entry("promotion_codes", "promo"),
            Map.entry("products", "prod"),
            Map.entry("prices", "price"),
            Map.entry("meters", "mtr"),
            Map.entry("webhook_endpoints", "we"),
            Map.entry("webhooks", "we"),
            Map.entry("events", "evt"),
            Map.entry("deliveries", "wha"),
            Map.entry("subscribe", "sub"),
            Map.entry("pay", "pay"),
            Map.entry("link", "plink"),
            Map.entry("merchants", "mer"),
            Map.entry("brand", "mer"),
            Map.entry("api_keys", "key"),
            Map.entry("api-keys", "key"),
            Map.entry("members", "usr"),
            Map.entry("invitations", "uinv"),
            Map.entry("team", "usr"),
            // The customer portal: a link's one-use token (no prefix of its own: any made-up one is unknown), and a
            // receipt of a paid invoice (or payment).
            Map.entry("s", "ptok"),
            Map.entry("receipts", "inv"),
            // The hosted invoice page: its random token (no prefix of its own: any id of another kind is unknown).
            Map.entry("invoice", "itok"));

    /**
     * One operation: method, path template and what the description says of its inputs; {@code htmlErrors} when it
     * refuses with an HTML page (a checkout page a browser shows) rather than JSON.
     */
    record Route(
            String method,
            String template,
            Access access,
            List<String> pathVariables,
            List<String> queryParameters,
            Map<String, Body> bodies,
            boolean bodyRequired,
            boolean takesIdempotencyKey,
            boolean htmlErrors) {

        boolean takesBody() {
            return !bodies.isEmpty();
        }

        boolean takesJson() {
            return bodies.containsKey("application/json");
        }

        /** The JSON body's declared properties and their JSON types ({@code string}, {@code integer}, {@code null}...). */
        Map<String, Set<String>> jsonProperties() {
            var json = bodies.get("application/json");
            return json == null ? Map.of() : json.properties();
        }

        /** Whether the method may change state: everything but GET (HEAD, OPTIONS and TRACE never reach a handler's writes). */
        boolean unsafe() {
            return !Set.of("GET", "HEAD", "OPTIONS", "TRACE").contains(method);
        }

        /** The template with each variable replaced by {@code values.get(name)}, as given (already encoded). */
        String path(Map<String, String> values) {
            var path = template;
            for (var variable : pathVariables) {
                var value = values.get(variable);
                if (value == null) {
                    throw new IllegalArgumentException("no value for {" + variable + "} of " + this);
                }
                path = path.replace("{" + variable + "}", value);
            }
            return path;
        }

        /** The id prefix of what {@code variable} names. */
        String idPrefix(String variable) {
            var before = template.substring(0, template.indexOf("{" + variable + "}"));
            var segments = before.split("/");
            var collection = segments[segments.length - 1];
            var prefix = ID_PREFIXES.get(collection);
            if (prefix == null) {
                throw new AssertionError("the hostile-input tests do not know what resource {" + variable + "} of "
                        + this + " names: add its collection '" + collection
                        + "' and id prefix to RouteTable.ID_PREFIXES");
            }
            return prefix;
        }

        @Override
        public String toString() {
            return method + " " + template;
        }
    }

    /** A request body of one media type: its object properties and their JSON types. */
    record Body(String mediaType, Map<String, Set<String>> properties) {}

    private static final Pattern VARIABLE = Pattern.compile("\\{([^}]+)}");

    private final ApiDescription description;
    private final List<Route> routes;

    RouteTable(ApiDescription description) {
        this.description = description;
        var found = new ArrayList<Route>();
        for (var operation : description.operations()) {
            found.add(route(operation));
        }
        this.routes = List.copyOf(found);
    }

    static RouteTable load() {
        return new RouteTable(ApiDescription.load());
    }

    List<Route> routes() {
        return routes;
    }

    /** The route that serves {@code method} on the concrete {@code path} (no query), as the gateway would choose it. */
    java.util.Optional<Route> match(String method, String path) {
        return description
                .match(method, path)
                .flatMap(operation -> routes.stream()
                        .filter(route -> route.method().equals(operation.method())
                                && route.template().equals(operation.template()))
                        .findFirst());
    }

    /** The methods the description lists for {@code template}. */
    Set<String> methodsOf(String template) {
        var methods = new TreeSet<String>();
        routes.stream()
                .filter(route -> route.template().equals(template))
                .forEach(route -> methods.add(route.method()));
        return methods;
    }

    private Route route(ApiDescription.Operation operation) {
        var node = operation.node();
        var variables = new ArrayList<String>();
        var matcher = VARIABLE.matcher(operation.template());
        while (matcher.find()) {
            variables.add(matcher.group(1));
        }
        var query = new ArrayList<String>();
        boolean idempotency = false;
        for (var parameter : description.parameters(operation)) {
            var in = parameter.path("in").asString();
            var name = parameter.path("name").asString();
            if (in.equals("query")) {
                query.add(name);
            } else if (in.equals("header") && name.equalsIgnoreCase("Idempotency-Key")) {
                idempotency = true;
            }
        }
        var bodies = new LinkedHashMap<String, Body>();
        boolean required = false;
        var requestBody = description.locate(operation.pointer() + "/requestBody");
        if (requestBody.isPresent()) {
            required = requestBody.get().node().path("required").asBoolean(false);
            for (var content : requestBody.get().node().path("content").properties()) {
                var mediaType = content.getKey();
                bodies.put(
                        mediaType,
                        new Body(
                                mediaType, properties(resolve(content.getValue().path("schema")))));
            }
        }
        boolean html = false;
        for (var response : node.path("responses").properties()) {
            if (response.getKey().startsWith("4")) {
                var located = description.locate(operation.pointer() + "/responses/" + response.getKey());
                html |= located.isPresent()
                        && located.get().node().path("content").has("text/html");
            }
        }
        return new Route(
                operation.method(),
                operation.template(),
                access(node),
                List.copyOf(variables),
                List.copyOf(query),
                Map.copyOf(bodies),
                required,
                idempotency,
                html);
    }

    private Access access(JsonNode operation) {
        var security = operation.has("security")
                ? operation.path("security")
                : description
                        .locate("/security")
                        .map(ApiDescription.Located::node)
                        .orElse(null);
        var schemes = new LinkedHashSet<String>();
        if (security != null) {
            security.forEach(requirement -> requirement.propertyNames().forEach(schemes::add));
        }
        if (schemes.isEmpty()) {
            return Access.PUBLIC;
        }
        if (schemes.contains("dashboardSession")) {
            return Access.DASHBOARD;
        }
        return schemes.contains("adminToken") ? Access.ADMIN : Access.MERCHANT;
    }

    private Map<String, Set<String>> properties(JsonNode schema) {
        var properties = new LinkedHashMap<String, Set<String>>();
        for (var property : schema.path("properties").properties()) {
            var types = types(resolve(property.getValue()));
            if (!types.isEmpty()) {
                properties.put(property.getKey(), types);
            }
        }
        return Map.copyOf(properties);
    }

    /** The JSON types a schema allows; empty when it does not say with {@code type}. */
    private static Set<String> types(JsonNode schema) {
        var type = schema.path("type");
        var types = new TreeSet<String>();
        if (type.isString()) {
            types.add(type.asString().toLowerCase(Locale.ROOT));
        } else if (type.isArray()) {
            type.forEach(t -> types.add(t.asString().toLowerCase(Locale.ROOT)));
        }
        return types;
    }

    private JsonNode resolve(JsonNode schema) {
        var current = schema;
        for (int hops = 0; hops < 5 && current.path("$ref").isString(); hops++) {
            @Nullable
            JsonNode target = description
                    .locate(current.path("$ref").asString().substring(1))
                    .map(ApiDescription.Located::node)
                    .orElse(null);
            if (target == null) {
                return current;
            }
            current = target;
        }
        return current;
    }
}
