package io.abk.billing.gateway.platform.openapi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.ClassPathResource;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The OpenAPI document as the tests read it: its operations, and the walks and look-ups the checks need. */
final class DescribedApi {

    static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    /** One operation: an upper-case method and the path template with every variable written {@code {}}. */
    record Route(String method, String path) implements Comparable<Route> {

        static Route of(String method, String template) {
            return new Route(method.toUpperCase(Locale.ROOT), normalise(template));
        }

        /** {@code /a/{id}.json} and {@code /a/{name:[a-z]+}.json} both read {@code /a/{}.json}. */
        static String normalise(String template) {
            return template.replaceAll("\\{[^}]*}", "{}");
        }

        @Override
        public int compareTo(Route other) {
            var byPath = path.compareTo(other.path);
            return byPath != 0 ? byPath : method.compareTo(other.method);
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private final JsonNode root;
    private final String text;

    private DescribedApi(String text, JsonNode root) {
        this.text = text;
        this.root = root;
    }

    static DescribedApi load() {
        try (var in = new ClassPathResource(OpenApiDocumentRoutes.RESOURCE).getInputStream()) {
            var text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new DescribedApi(text, JsonMapper.builder().build().readTree(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    JsonNode root() {
        return root;
    }

    String text() {
        return text;
    }

    Set<Route> routes() {
        var routes = new TreeSet<Route>();
        forEachOperation((route, operation) -> routes.add(route));
        return routes;
    }

    /** Calls {@code action} with each operation's route and raw (template) path item, in document order. */
    void forEachOperation(BiConsumer<Route, JsonNode> action) {
        for (var path : root.path("paths").properties()) {
            for (var entry : path.getValue().properties()) {
                if (METHODS.contains(entry.getKey())) {
                    action.accept(Route.of(entry.getKey(), path.getKey()), entry.getValue());
                }
            }
        }
    }

    /** The node a local {@code $ref} ({@code #/components/...}) points at, or null when nothing is there. */
    @Nullable
    JsonNode resolve(String ref) {
        if (!ref.startsWith("#")) {
            throw new IllegalArgumentException("only local references are used in this document: " + ref);
        }
        var found = root.at(JsonPointer.compile(ref.substring(1)));
        return found.isMissingNode() ? null : found;
    }

    /** The node itself, or what its {@code $ref} points at (one level: the document never chains references). */
    @Nullable
    JsonNode deref(JsonNode node) {
        var ref = node.path("$ref");
        return ref.isString() ? resolve(ref.stringValue()) : node;
    }

    /** Every {@code $ref} value in the document, with the JSON pointer of the object holding it. */
    List<String[]> references() {
        var found = new ArrayList<String[]>();
        collectReferences(root, "", found);
        return found;
    }

    private static void collectReferences(JsonNode node, String pointer, List<String[]> found) {
        if (node.isObject()) {
            for (var entry : node.properties()) {
                var child = pointer + "/" + entry.getKey().replace("~", "~0").replace("/", "~1");
                if (entry.getKey().equals("$ref") && entry.getValue().isString()) {
                    found.add(new String[] {pointer, entry.getValue().stringValue()});
                } else {
                    collectReferences(entry.getValue(), child, found);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectReferences(node.get(i), pointer + "/" + i, found);
            }
        }
    }

    /**
     * The JSON pointer of every schema in the document: each component schema, and the {@code schema} of every
     * parameter, header, request body and response content, wherever it is written.
     */
    List<String> schemaPointers() {
        var found = new ArrayList<String>();
        for (var name : root.path("components").path("schemas").propertyNames()) {
            found.add("/components/schemas/" + name.replace("~", "~0").replace("/", "~1"));
        }
        collectSchemaKeys(root.path("paths"), "/paths", found);
        for (var section : List.of("parameters", "headers", "responses")) {
            collectSchemaKeys(root.path("components").path(section), "/components/" + section, found);
        }
        return found;
    }

    private static void collectSchemaKeys(JsonNode node, String pointer, List<String> found) {
        if (!node.isObject()) {
            if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    collectSchemaKeys(node.get(i), pointer + "/" + i, found);
                }
            }
            return;
        }
        for (var entry : node.properties()) {
            var child = pointer + "/" + entry.getKey().replace("~", "~0").replace("/", "~1");
            if (entry.getKey().equals("schema")) {
                found.add(child);
            } else {
                collectSchemaKeys(entry.getValue(), child, found);
            }
        }
    }
}
