package io.abk.billing.gateway.platform.openapi;

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
 * Renders the OpenAPI document as the Markdown API reference, {@code docs/api.md}: every operation grouped by tag
 * (method, path, summary and description, authentication, parameters, request body fields, responses with their
 * status, body and error codes), then every schema with its fields, then the error codes. Deterministic: the same
 * document always gives the same bytes, so {@link ApiReferenceTest} can compare the committed file with it.
 */
final class ApiReference {

    /** Where the reference lives, relative to the repository root. */
    static final String FILE = "docs/api.md";
    /** The command that writes the file again; the test's failure message and the file itself say it. */
    static final String REGENERATE = "BILLING_WRITE_API_DOCS=true ./mvnw -B -pl api-gateway -am test"
            + " -Dtest=ApiReferenceTest -Dsurefire.failIfNoSpecifiedTests=false";

    private static final Pattern CODE_SPAN = Pattern.compile("`([A-Za-z_]+)`");

    private final DescribedApi api;
    private final JsonNode root;
    private final Set<String> errorCodes = new LinkedHashSet<>();
    private final SchemaWords words;

    private ApiReference(DescribedApi api) {
        this.api = api;
        this.root = api.root();
        this.words = new SchemaWords(api);
        for (var code :
                root.path("components").path("schemas").path("ErrorCode").path("enum")) {
            errorCodes.add(code.stringValue());
        }
    }

    static String render(DescribedApi api) {
        return new ApiReference(api).render();
    }

    private String render() {
        var out = new StringBuilder();
        var info = root.path("info");
        out.append(
                        "<!-- Generated from api-gateway/src/main/resources/openapi/openapi.json by ApiReference (api-gateway's\n")
                .append(
                        "     tests). Do not edit: change openapi.json, then regenerate (see \"About this file\"). -->\n\n");
        out.append("# API reference\n\n");
        out.append(info.path("summary").stringValue()).append("\n\n");
        out.append(info.path("description").stringValue()).append("\n\n");
        out.append("API version `")
                .append(info.path("version").stringValue())
                .append("` (OpenAPI ")
                .append(root.path("openapi").stringValue())
                .append("). The gateway serves the description itself at `GET /openapi.json`.\n\n");
        authentication(out);
        about(out);
        contents(out);
        for (var tag : tags()) {
            out.append("## ").append(tag).append("\n\n");
            forEachOperation(
                    tag, (method, path, operation, pathItem) -> operation(out, method, path, operation, pathItem));
        }
        schemas(out);
        codes(out);
        return out.toString();
    }

    private void authentication(StringBuilder out) {
        out.append("## Authentication\n\n");
        out.append("Unless an operation says otherwise it takes a merchant API key, in either header:\n\n");
        var schemes = root.path("components").path("securitySchemes");
        for (var entry : schemes.properties()) {
            var scheme = entry.getValue();
            var how = "apiKey".equals(scheme.path("type").stringValue())
                    ? "`" + scheme.path("name").stringValue() + ": <key>`"
                    : "`Authorization: Bearer <" + scheme.path("bearerFormat").stringValue() + ">`";
            out.append("- `")
                    .append(entry.getKey())
                    .append("`: ")
                    .append(how)
                    .append(". ")
                    .append(oneLine(scheme.path("description").stringValue()))
                    .append('\n');
        }
        out.append("\nOperations marked *none* are public; the operator API (`/admin/v1`) takes the operator token"
                + " (`adminToken`) instead of a key.\n\n");
    }

    private static void about(StringBuilder out) {
        out.append("## About this file\n\n");
        out.append("It is generated from `api-gateway/src/main/resources/openapi/openapi.json`, the description the"
                + " gateway serves byte for byte, by `ApiReference` in api-gateway's tests. `ApiReferenceTest` fails"
                + " when this file differs from what the generator renders now, so it cannot go stale. After changing"
                + " the description, write this file again with\n\n");
        out.append("```sh\n").append(REGENERATE).append("\n```\n\n");
        out.append("and commit both. The description itself is kept true by `OpenApiRoutesIT` (the gateway's routes"
                + " against its paths and methods, both ways), `OpenApiDocumentTest` (references resolve, every schema"
                + " is valid JSON Schema 2020-12) and system-tests' `ApiConformanceIT` (every answer the end-to-end tests"
                + " received, validated against its schema).\n\n");
    }

    private void contents(StringBuilder out) {
        out.append("## Operations\n\n");
        out.append("| tag | operation | summary |\n|---|---|---|\n");
        for (var tag : tags()) {
            forEachOperation(
                    tag,
                    (method, path, operation, pathItem) -> out.append("| ")
                            .append(tag)
                            .append(" | [`")
                            .append(method.toUpperCase(Locale.ROOT))
                            .append(' ')
                            .append(path)
                            .append("`](#")
                            .append(slug(heading(method, path)))
                            .append(") | ")
                            .append(cell(operation.path("summary").stringValue()))
                            .append(" |\n"));
        }
        out.append("\nThen: [Schemas](#schemas), [Error codes](#error-codes).\n\n");
    }

    private void operation(StringBuilder out, String method, String path, JsonNode operation, JsonNode pathItem) {
        out.append("### ").append(heading(method, path)).append("\n\n");
        out.append("**")
                .append(operation.path("summary").stringValue())
                .append("** (`")
                .append(operation.path("operationId").stringValue())
                .append("`). Authentication: ")
                .append(security(operation))
                .append(".\n\n");
        var description = operation.path("description");
        if (description.isString()) {
            out.append(description.stringValue()).append("\n\n");
        }
        parameters(out, pathItem, operation);
        requestBody(out, operation);
        responses(out, operation);
        var codes = codesOf(operation);
        if (!codes.isEmpty()) {
            out.append("Error codes: ")
                    .append(String.join(
                            ", ", codes.stream().map(code -> "`" + code + "`").toList()))
                    .append(".\n\n");
        }
    }

    private String security(JsonNode operation) {
        var security = operation.has("security") ? operation.path("security") : root.path("security");
        if (security.isEmpty()) {
            return "none";
        }
        var names = new ArrayList<String>();
        for (var requirement : security) {
            requirement.propertyNames().forEach(name -> names.add("`" + name + "`"));
        }
        return String.join(" or ", names);
    }

    private void parameters(StringBuilder out, JsonNode pathItem, JsonNode operation) {
        var rows = new ArrayList<JsonNode>();
        for (var level : List.of(pathItem, operation)) {
            for (var parameter : level.path("parameters")) {
                rows.add(required(api.deref(parameter)));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        out.append("Parameters:\n\n| name | in | required | type | description |\n|---|---|---|---|---|\n");
        for (var parameter : rows) {
            out.append("| `")
                    .append(parameter.path("name").stringValue())
                    .append("` | ")
                    .append(parameter.path("in").stringValue())
                    .append(" | ")
                    .append(parameter.path("required").asBoolean(false) ? "yes" : "no")
                    .append(" | ")
                    .append(cell(words.of(parameter.path("schema"))))
                    .append(" | ")
                    .append(cell(parameter.path("description").asString("")))
                    .append(" |\n");
        }
        out.append('\n');
    }

    private void requestBody(StringBuilder out, JsonNode operation) {
        var body = operation.path("requestBody");
        if (body.isMissingNode()) {
            return;
        }
        for (var content : body.path("content").properties()) {
            var schema = content.getValue().path("schema");
            out.append("Request body (`")
                    .append(content.getKey())
                    .append("`, ")
                    .append(body.path("required").asBoolean(false) ? "required" : "optional")
                    .append("): ")
                    .append(words.of(schema))
                    .append('\n');
            var resolved = required(api.deref(schema));
            if (resolved.has("properties") || resolved.has("oneOf")) {
                out.append('\n');
                fields(out, resolved);
            } else {
                out.append('\n');
            }
        }
    }

    private void responses(StringBuilder out, JsonNode operation) {
        out.append("Responses:\n\n| status | meaning | body |\n|---|---|---|\n");
        for (var entry : operation.path("responses").properties()) {
            var response = required(api.deref(entry.getValue()));
            var bodies = new ArrayList<String>();
            for (var content : response.path("content").properties()) {
                bodies.add("`" + content.getKey() + "`: "
                        + bodySummary(content.getValue().path("schema")));
            }
            out.append("| ")
                    .append(entry.getKey())
                    .append(" | ")
                    .append(cell(response.path("description").asString("")))
                    .append(" | ")
                    .append(bodies.isEmpty() ? "none" : cell(String.join("; ", bodies)))
                    .append(" |\n");
        }
        out.append('\n');
    }

    /** A body's schema and, for an object, its top-level fields. */
    private String bodySummary(JsonNode schema) {
        var resolved = required(api.deref(schema));
        var fields = resolved.path("properties").propertyNames();
        if (fields.isEmpty()) {
            return words.of(schema);
        }
        return words.of(schema) + " {"
                + String.join(
                        ", ", fields.stream().map(name -> "`" + name + "`").toList()) + "}";
    }

    /** Every error code the operation's own text and its responses' texts name, in order of first mention. */
    private List<String> codesOf(JsonNode operation) {
        var found = new LinkedHashSet<String>();
        collectCodes(operation.path("description").asString(""), found);
        for (var entry : operation.path("responses").properties()) {
            if (!entry.getKey().startsWith("2") && !entry.getKey().startsWith("3")) {
                collectCodes(
                        required(api.deref(entry.getValue()))
                                .path("description")
                                .asString(""),
                        found);
            }
        }
        return List.copyOf(found);
    }

    private void collectCodes(String text, Set<String> found) {
        var matcher = CODE_SPAN.matcher(text);
        while (matcher.find()) {
            if (errorCodes.contains(matcher.group(1))) {
                found.add(matcher.group(1));
            }
        }
    }

    private void schemas(StringBuilder out) {
        out.append("## Schemas\n\n");
        out.append("Every object the API reads or writes. A field marked required is always present in an answer"
                + " (possibly `null` where its type allows it) and must be given in a request.\n\n");
        for (var entry : root.path("components").path("schemas").properties()) {
            var schema = entry.getValue();
            out.append("### ").append(entry.getKey()).append("\n\n");
            if (schema.path("description").isString()) {
                out.append(schema.path("description").stringValue()).append("\n\n");
            }
            if (schema.has("properties") || schema.has("oneOf")) {
                fields(out, schema);
            } else {
                out.append("Type: ").append(words.of(schema)).append(".\n\n");
            }
        }
    }

    /** The field table of an object schema (or one per alternative of a {@code oneOf}). */
    private void fields(StringBuilder out, JsonNode schema) {
        if (schema.has("oneOf")) {
            int n = 1;
            for (var alternative : schema.path("oneOf")) {
                out.append("Form ").append(n++).append(":\n\n");
                fields(out, required(api.deref(alternative)));
            }
            return;
        }
        var required = new LinkedHashSet<String>();
        schema.path("required").forEach(name -> required.add(name.stringValue()));
        out.append("| field | type | required | description |\n|---|---|---|---|\n");
        for (var property : schema.path("properties").properties()) {
            out.append("| `")
                    .append(property.getKey())
                    .append("` | ")
                    .append(cell(words.of(property.getValue())))
                    .append(" | ")
                    .append(required.contains(property.getKey()) ? "yes" : "no")
                    .append(" | ")
                    .append(cell(property.getValue().path("description").asString("")))
                    .append(" |\n");
        }
        if (schema.path("additionalProperties").isBoolean()
                && !schema.path("additionalProperties").asBoolean()) {
            out.append("\nNo other fields.\n");
        }
        out.append('\n');
    }

    private void codes(StringBuilder out) {
        out.append("## Error codes\n\n");
        out.append(root.path("components")
                        .path("schemas")
                        .path("ErrorCode")
                        .path("description")
                        .asString(""))
                .append("\n\n");
        out.append("| code | status, where an operation names it |\n|---|---|\n");
        var statuses = statusesByCode();
        for (var code : errorCodes) {
            var seen = statuses.getOrDefault(code, Set.of());
            out.append("| `")
                    .append(code)
                    .append("` | ")
                    .append(seen.isEmpty() ? "not tied to one operation" : String.join(", ", seen))
                    .append(" |\n");
        }
        out.append('\n');
    }

    /** The statuses whose descriptions (operation or shared response) name each code. */
    private Map<String, Set<String>> statusesByCode() {
        var statuses = new LinkedHashMap<String, Set<String>>();
        for (var path : root.path("paths").properties()) {
            for (var entry : path.getValue().properties()) {
                if (!DescribedApi.METHODS.contains(entry.getKey())) {
                    continue;
                }
                var operation = entry.getValue();
                for (var response : operation.path("responses").properties()) {
                    var status = response.getKey();
                    if (status.startsWith("2") || status.startsWith("3")) {
                        continue;
                    }
                    var found = new LinkedHashSet<String>();
                    collectCodes(
                            required(api.deref(response.getValue()))
                                    .path("description")
                                    .asString(""),
                            found);
                    if (status.equals("400")) {
                        collectCodes(operation.path("description").asString(""), found);
                    }
                    found.forEach(code ->
                            statuses.computeIfAbsent(code, c -> new TreeSet<>()).add(status));
                }
            }
        }
        return statuses;
    }

    private List<String> tags() {
        var tags = new ArrayList<String>();
        root.path("tags").forEach(tag -> tags.add(tag.path("name").stringValue()));
        return tags;
    }

    /** What a walk over the operations of one tag is handed. */
    @FunctionalInterface
    private interface OperationVisitor {
        void visit(String method, String path, JsonNode operation, JsonNode pathItem);
    }

    /** The operations whose first tag is {@code tag}, in document order. */
    private void forEachOperation(String tag, OperationVisitor visitor) {
        for (var path : root.path("paths").properties()) {
            for (var entry : path.getValue().properties()) {
                if (DescribedApi.METHODS.contains(entry.getKey())
                        && tag.equals(entry.getValue().path("tags").path(0).stringValue())) {
                    visitor.visit(entry.getKey(), path.getKey(), entry.getValue(), path.getValue());
                }
            }
        }
    }

    static String heading(String method, String path) {
        return method.toUpperCase(Locale.ROOT) + " " + path;
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        var out = new StringBuilder();
        for (var c : heading.toLowerCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.append(c);
            } else if (c == ' ') {
                out.append('-');
            }
        }
        return out.toString();
    }

    /** Text fit for one table cell: one line, pipes escaped. */
    private static String cell(String text) {
        return oneLine(text).replace("|", "\\|");
    }

    private static String oneLine(String text) {
        return text.replace("\r", "").replace("\n\n", " ").replace('\n', ' ').strip();
    }

    private static JsonNode required(@Nullable JsonNode node) {
        if (node == null) {
            throw new IllegalStateException("a reference to nothing in openapi.json (OpenApiDocumentTest names it)");
        }
        return node;
    }
}
