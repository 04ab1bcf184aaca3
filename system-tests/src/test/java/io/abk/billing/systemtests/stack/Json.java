package io.abk.billing.systemtests.stack;

import java.math.BigDecimal;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON for the tests: numbers are read as exact {@link BigDecimal}s (never doubles), so an assertion on
 * {@code 9.99} sees exactly what the API wrote.
 */
final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private Json() {}

    static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** The exact decimal of a JSON number node (an integer literal such as {@code 0} or {@code 10} included). */
    static BigDecimal decimal(JsonNode node) {
        if (!node.isNumber()) {
            throw new AssertionError("expected a JSON number, got " + node);
        }
        return node.decimalValue();
    }
}
