package io.abk.billing.gateway.readmodel;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Parses resource bodies stored as rendered JSON (read model rows, recorded outcomes) into trees the response
 * writer sends as they are. Numbers stay exact decimals: amounts never pass through {@code double}.
 */
public final class ResourceJson {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private ResourceJson() {}

    public static JsonNode parse(String json) {
        return MAPPER.readTree(json);
    }

    /** A string field of a resource; null when absent, JSON null or not a string. */
    public static @Nullable String text(JsonNode resource, String field) {
        var value = resource.get(field);
        return value != null && value.isString() ? value.stringValue() : null;
    }
}
