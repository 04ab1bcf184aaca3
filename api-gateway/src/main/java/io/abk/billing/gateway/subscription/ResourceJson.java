package io.abk.billing.gateway.subscription;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Parses resource bodies stored as rendered JSON (read model rows, recorded outcomes) into trees the response
 * writer sends as they are. Numbers stay exact decimals: amounts never pass through {@code double}.
 */
final class ResourceJson {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private ResourceJson() {
    }

    static JsonNode parse(String json) {
        return MAPPER.readTree(json);
    }
}
