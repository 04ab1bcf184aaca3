package io.abk.billing.systemtests.stack;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.path.PathType;
import io.abk.billing.gateway.platform.openapi.OpenApiDocumentRoutes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The API description (the gateway's {@code openapi/openapi.json}, read from the class path as the gateway serves it)
 * as the conformance check uses it: which operation a concrete request is, where the schema of a part of it is, and
 * what a JSON Schema validator (networknt, OpenAPI 3.1 dialect, formats asserted) finds wrong with a JSON value.
 */
final class ApiDescription {

    /** The base IRI the document is registered under; never fetched. */
    private static final Pattern MATRIX_PARAMETERS = Pattern.compile(";[^/]*");

    private static final String IRI = "https://openapi.billing.invalid/openapi.json";

    private static final Set<String> METHODS =
            Set.of("get", "put", "post", "delete", "patch", "head", "options", "trace");

    /** One described operation, with what it takes to match a concrete path to its template. */
    record Operation(
            String method,
            String template,
            Pattern pattern,
            int variables,
            int literals,
            String pointer,
            JsonNode node) {

        String route() {
            return method + " " + template;
        }
    }

    private final JsonNode root;
    private final List<Operation> operations;
    private final SchemaRegistry registry;
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    private ApiDescription(String text) {
        this.root = Json.parse(text);
        this.operations = operations(root);
        var config = SchemaRegistryConfig.builder()
                .formatAssertionsEnabled(true)
                .pathType(PathType.JSON_POINTER)
                .build();
        this.registry = SchemaRegistry.withDialect(
                Dialects.getOpenApi31(),
                builder -> builder.schemas(Map.of(IRI, text)).schemaRegistryConfig(config));
    }

    static ApiDescription load() {
        try (var in = ApiDescription.class.getClassLoader().getResourceAsStream(OpenApiDocumentRoutes.RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        OpenApiDocumentRoutes.RESOURCE + " is not on the class path (api-gateway's jar)");
            }
            return new ApiDescription(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<Operation> operations() {
        return operations;
    }

    /**
     * The operation serving {@code method} on {@code path}, chosen as Spring does among several matching templates:
     * fewer variables first, then more literal characters ({@code /{id}.json} before {@code /{id}}). A segment's
     * matrix parameters ({@code ;x=1}) are left out of the match, as Spring's path patterns leave them:
     * {@code /portal/sign-in;x=1} is the sign-in page.
     */
    Optional<Operation> match(String method, String path) {
        var withoutMatrix = MATRIX_PARAMETERS.matcher(path).replaceAll("");
        return operations.stream()
                .filter(operation -> operation.method().equalsIgnoreCase(method)
                        && operation.pattern().matcher(withoutMatrix).matches())
                .min(Comparator.comparingInt(Operation::variables)
                        .thenComparing(
                                Comparator.comparingInt(Operation::literals).reversed()));
    }

    /**
     * The node at {@code pointer}, following Reference Objects ({@code $ref}) on the way, and the pointer where it
     * really is; empty when nothing is there.
     */
    Optional<Located> locate(String pointer) {
        var at = "";
        var node = root;
        for (var token : pointer.substring(1).split("/", -1)) {
            var resolved = followReference(at, node);
            at = resolved.pointer() + "/" + token;
            var container = resolved.node();
            var next = container.isArray() ? container.get(Integer.parseInt(token)) : container.get(unescape(token));
            if (next == null) {
                return Optional.empty();
            }
            node = next;
        }
        return Optional.of(followReference(at, node));
    }

    /** A node of the document and its JSON pointer. */
    record Located(String pointer, JsonNode node) {}

    /**
     * What the schema at {@code pointer} finds wrong with {@code value}: each problem as the instance's JSON pointer
     * and the validator's message; empty when it conforms.
     */
    List<String[]> validate(String pointer, JsonNode value) {
        var schema =
                schemas.computeIfAbsent(pointer, at -> registry.getSchema(SchemaLocation.of(IRI + "#" + fragment(at))));
        var problems = new ArrayList<String[]>();
        for (var error : schema.validate(value)) {
            problems.add(new String[] {error.getInstanceLocation().toString(), error.getMessage()});
        }
        return problems;
    }

    static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    private Located followReference(String pointer, JsonNode node) {
        var current = new Located(pointer, node);
        // A Reference Object is {"$ref": ...} and nothing that matters beside it; the document never chains more than a
        // few.
        for (int hops = 0;
                hops < 5 && current.node().path("$ref").isString() && !isSchemaPointer(current.pointer());
                hops++) {
            var target = current.node().path("$ref").stringValue().substring(1);
            current = new Located(target, root.at(JsonPointer.compile(target)));
        }
        return current;
    }

    /** Schemas keep their {@code $ref}s: the validator follows those itself. */
    private static boolean isSchemaPointer(String pointer) {
        return pointer.endsWith("/schema")
                || pointer.contains("/schema/")
                || pointer.startsWith("/components/schemas/");
    }

    private static String unescape(String token) {
        return token.replace("~1", "/").replace("~0", "~");
    }

    /** The pointer as a URI fragment: braces of path templates are not URI characters. */
    private static String fragment(String pointer) {
        return pointer.replace("%", "%25")
                .replace("{", "%7B")
                .replace("}", "%7D")
                .replace(" ", "%20");
    }

    private static List<Operation> operations(JsonNode root) {
        var found = new ArrayList<Operation>();
        for (var path : root.path("paths").properties()) {
            var template = path.getKey();
            var regex = new StringBuilder("^");
            int variables = 0;
            int literals = 0;
            for (var part : template.split("(?=\\{)|(?<=})")) {
                if (part.startsWith("{")) {
                    regex.append("[^/]+");
                    variables++;
                } else {
                    regex.append(Pattern.quote(part));
                    literals += part.length();
                }
            }
            var pattern = Pattern.compile(regex.append("$").toString());
            for (var entry : path.getValue().properties()) {
                if (METHODS.contains(entry.getKey())) {
                    found.add(new Operation(
                            entry.getKey().toUpperCase(Locale.ROOT),
                            template,
                            pattern,
                            variables,
                            literals,
                            "/paths/" + escape(template) + "/" + entry.getKey(),
                            entry.getValue()));
                }
            }
        }
        return List.copyOf(found);
    }

    /** The parameters of an operation, its path item's included, each resolved. */
    List<JsonNode> parameters(Operation operation) {
        var resolved = new ArrayList<JsonNode>();
        var itemPointer = operation.pointer().substring(0, operation.pointer().lastIndexOf('/'));
        for (var owner : List.of(itemPointer, operation.pointer())) {
            var list = locate(owner + "/parameters");
            if (list.isEmpty()) {
                continue;
            }
            for (int i = 0; i < list.get().node().size(); i++) {
                locate(list.get().pointer() + "/" + i).ifPresent(found -> resolved.add(withPointer(found)));
            }
        }
        return resolved;
    }

    /** A parameter node with the pointer of its schema attached as {@code x-schema-pointer}, for validation. */
    private static JsonNode withPointer(Located parameter) {
        var copy = (ObjectNode) parameter.node().deepCopy();
        copy.put("x-schema-pointer", parameter.pointer() + "/schema");
        return copy;
    }

    static @Nullable String mediaType(@Nullable String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return null;
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
                .strip()
                .toLowerCase(Locale.ROOT);
    }
}
