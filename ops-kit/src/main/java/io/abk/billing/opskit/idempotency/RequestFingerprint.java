package io.abk.billing.opskit.idempotency;

import io.abk.billing.opskit.digest.Sha256;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.io.JsonStringEncoder;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What makes two requests with one Idempotency-Key "the same request" (docs/architecture.md, "Idempotency keys"):
 * method, path and body, the body compared as parsed JSON in a canonical form: object keys sorted, no whitespace,
 * strings re-escaped one way, and numbers by value ({@code 1}, {@code 1.0}, {@code 1.00} and {@code 1e0} are equal: the
 * API reads every number exactly, and {@code 9.99} and {@code 9.990} ask for the same amount). Array order matters. An
 * empty body reads as {@code {}} (as the handlers read it); a body that is not JSON is compared byte for byte.
 */
public record RequestFingerprint(String method, String path, String hash) {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    public static RequestFingerprint of(String method, String path, byte[] body) {
        var digest = Sha256.digest();
        digest.update((method + "\n" + path + "\n").getBytes(StandardCharsets.UTF_8));
        var canonical = canonicalJson(body);
        if (canonical.isPresent()) {
            digest.update("json\n".getBytes(StandardCharsets.UTF_8));
            digest.update(canonical.get().getBytes(StandardCharsets.UTF_8));
        } else {
            digest.update("raw\n".getBytes(StandardCharsets.UTF_8));
            digest.update(body);
        }
        return new RequestFingerprint(method, path, HexFormat.of().formatHex(digest.digest()));
    }

    /** The canonical text of a JSON body, or empty when the body is not JSON. */
    static Optional<String> canonicalJson(byte[] body) {
        if (new String(body, StandardCharsets.UTF_8).isBlank()) {
            return Optional.of("{}");
        }
        try {
            var out = new StringBuilder(body.length);
            write(MAPPER.readTree(body), out);
            return Optional.of(out.toString());
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }

    private static void write(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            out.append('{');
            var first = true;
            var sorted = node.properties().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .toList();
            for (var property : sorted) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote(property.getKey(), out);
                out.append(':');
                write(property.getValue(), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(node.get(i), out);
            }
            out.append(']');
        } else if (node.isNumber()) {
            var value = node.isIntegralNumber() ? new BigDecimal(node.bigIntegerValue()) : node.decimalValue();
            // toString of the stripped value is one spelling per numeric value (1E+2 for 100, 100.0 and 1e2).
            out.append(value.stripTrailingZeros().toString());
        } else if (node.isString()) {
            quote(node.stringValue(), out);
        } else if (node.isBoolean()) {
            out.append(node.booleanValue());
        } else {
            out.append("null");
        }
    }

    private static void quote(String text, StringBuilder out) {
        out.append('"');
        JsonStringEncoder.getInstance().quoteAsString(text, out);
        out.append('"');
    }
}
