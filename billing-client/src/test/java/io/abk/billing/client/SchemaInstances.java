package io.abk.billing.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;

/**
 * Makes a JSON value that fits a schema of openapi.json, every property present and non-null (the first non-null
 * alternative of a union), so that reading it shows whether a record names and types each field as the contract does.
 */
final class SchemaInstances {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final JsonNode document;

    SchemaInstances(JsonNode document) {
        this.document = document;
    }

    JsonNode instance(JsonNode schema) {
        if (schema.has("$ref")) {
            var name = schema.get("$ref").asText().substring("#/components/schemas/".length());
            return instance(document.path("components").path("schemas").path(name));
        }
        if (schema.has("const")) {
            return schema.get("const");
        }
        if (schema.has("enum")) {
            return schema.get("enum").get(0);
        }
        for (var union : new String[] {"anyOf", "oneOf"}) {
            if (schema.has(union)) {
                for (var alternative : schema.get(union)) {
                    if (!"null".equals(alternative.path("type").asText())) {
                        return merged(schema, instance(alternative));
                    }
                }
            }
        }
        var type = schema.path("type");
        var name = type.isArray() ? firstNonNull(type) : type.asText();
        return switch (name) {
            case "string" ->
                NODES.textNode("date-time".equals(schema.path("format").asText()) ? "2026-01-31T12:00:00.5Z" : "text");
            case "number" -> NODES.numberNode(new BigDecimal("12.345678"));
            case "integer" -> NODES.numberNode(7);
            case "boolean" -> NODES.booleanNode(true);
            case "array" -> {
                ArrayNode items = NODES.arrayNode();
                items.add(instance(schema.path("items")));
                yield items;
            }
            default -> object(schema);
        };
    }

    private JsonNode object(JsonNode schema) {
        ObjectNode object = NODES.objectNode();
        schema.path("properties").properties().forEach(p -> object.set(p.getKey(), instance(p.getValue())));
        if (schema.path("additionalProperties").isObject() && !schema.has("properties")) {
            object.set("key", instance(schema.get("additionalProperties")));
        }
        return object;
    }

    /** A union's alternative with the properties the union's own schema lists beside it. */
    private JsonNode merged(JsonNode schema, JsonNode alternative) {
        if (!alternative.isObject() || !schema.has("properties")) {
            return alternative;
        }
        var object = (ObjectNode) object(schema);
        object.setAll((ObjectNode) alternative);
        return object;
    }

    private static String firstNonNull(JsonNode types) {
        for (var type : types) {
            if (!"null".equals(type.asText())) {
                return type.asText();
            }
        }
        return "null";
    }
}
