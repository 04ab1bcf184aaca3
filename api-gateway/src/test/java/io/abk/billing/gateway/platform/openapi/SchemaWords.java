package io.abk.billing.gateway.platform.openapi;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A JSON schema of the OpenAPI document in a few words for the API reference: its type, what it holds, its
 * constraints, whether it may be null, and a link to the named schema it is.
 */
final class SchemaWords {

    private static final String SCHEMAS = "#/components/schemas/";

    private final DescribedApi api;

    SchemaWords(DescribedApi api) {
        this.api = api;
    }

    /** A schema in a few words, with a link to the named schema it is (or is made of). */
    String of(JsonNode schema) {
        if (schema.has("$ref")) {
            var ref = schema.path("$ref").stringValue();
            var name = ref.startsWith(SCHEMAS) ? ref.substring(SCHEMAS.length()) : ref;
            var target = required(api.resolve(ref));
            var link = "[" + name + "](#" + ApiReference.slug(name) + ")";
            var named = target.has("properties")
                    || target.has("oneOf")
                    || !target.has("type") && !target.has("const") && !target.has("anyOf");
            return named ? link : of(target) + " (" + link + ")";
        }
        String base;
        if (schema.has("const")) {
            base = "`" + literal(schema.path("const")) + "`";
        } else if (schema.has("enum")) {
            var values = new ArrayList<String>();
            schema.path("enum").forEach(value -> values.add("`" + literal(value) + "`"));
            base = "one of " + String.join(", ", values);
        } else if (schema.has("anyOf") || schema.has("oneOf")) {
            var alternatives = new ArrayList<String>();
            schema.path(schema.has("anyOf") ? "anyOf" : "oneOf")
                    .forEach(alternative -> alternatives.add(of(alternative)));
            base = String.join(" or ", alternatives);
        } else {
            base = typeName(schema);
        }
        var parts = new ArrayList<String>();
        parts.add(base);
        constraints(schema, parts);
        var text = String.join(", ", parts);
        return nullable(schema) && !schema.has("enum") ? text + ", or null" : text;
    }

    /** A schema whose {@code type} list admits null besides another type. */
    private static boolean nullable(JsonNode schema) {
        var type = schema.path("type");
        if (!type.isArray() || type.size() < 2) {
            return false;
        }
        for (var name : type) {
            if ("null".equals(name.stringValue())) {
                return true;
            }
        }
        return false;
    }

    /** The type names besides null, joined; arrays and maps with what they hold. */
    private String typeName(JsonNode schema) {
        var type = schema.path("type");
        var names = new ArrayList<String>();
        if (type.isArray()) {
            type.forEach(name -> names.add(name.stringValue()));
        } else if (type.isString()) {
            names.add(type.stringValue());
        } else {
            names.add(schema.has("properties") ? "object" : "any");
        }
        if (names.size() > 1) {
            names.remove("null");
        }
        var described = new ArrayList<String>();
        for (var name : names) {
            described.add(
                    switch (name) {
                        case "array" -> "array of " + (schema.has("items") ? nested(schema.path("items")) : "any");
                        case "object" ->
                            schema.path("additionalProperties").isObject()
                                    ? "map of string to " + nested(schema.path("additionalProperties"))
                                    : "object";
                        default ->
                            schema.has("format")
                                    ? name + " (" + schema.path("format").stringValue() + ")"
                                    : name;
                    });
        }
        return String.join(" or ", described);
    }

    /** What an array or a map holds: in parentheses when it carries constraints of its own. */
    private String nested(JsonNode schema) {
        var text = of(schema);
        return text.contains(", ") ? "(" + text + ")" : text;
    }

    private static void constraints(JsonNode schema, List<String> parts) {
        if (schema.has("pattern")) {
            parts.add("matching `" + schema.path("pattern").stringValue() + "`");
        }
        range(parts, schema, "minLength", "maxLength", "characters");
        range(parts, schema, "minItems", "maxItems", "items");
        if (schema.has("maxProperties")) {
            parts.add("at most " + schema.path("maxProperties") + " entries");
        }
        if (schema.has("exclusiveMinimum")) {
            parts.add("more than " + schema.path("exclusiveMinimum"));
        }
        if (schema.has("minimum")) {
            parts.add("at least " + schema.path("minimum"));
        }
        if (schema.has("maximum")) {
            parts.add("at most " + schema.path("maximum"));
        }
        if (schema.has("default")) {
            parts.add("default `" + literal(schema.path("default")) + "`");
        }
    }

    private static void range(List<String> parts, JsonNode schema, String min, String max, String unit) {
        if (schema.has(min) && schema.has(max)) {
            parts.add(schema.path(min) + "-" + schema.path(max) + " " + unit);
        } else if (schema.has(min)) {
            parts.add("at least " + schema.path(min) + " " + unit);
        } else if (schema.has(max)) {
            parts.add("at most " + schema.path(max) + " " + unit);
        }
    }

    private static String literal(JsonNode value) {
        return value.isString() ? value.stringValue() : value.toString();
    }

    private static JsonNode required(@Nullable JsonNode node) {
        if (node == null) {
            throw new IllegalStateException("a reference to nothing in openapi.json (OpenApiDocumentTest names it)");
        }
        return node;
    }
}
