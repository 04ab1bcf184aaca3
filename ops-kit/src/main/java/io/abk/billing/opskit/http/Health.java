package io.abk.billing.opskit.http;

import java.util.Map;
import java.util.TreeMap;

/**
 * One answer of a health or readiness check: up or down, with details an operator can read (the Streams state, the
 * topics still missing, ...). Details are strings so the answer is plain JSON.
 */
public record Health(boolean up, Map<String, String> details) {

    public Health {
        details = Map.copyOf(details);
    }

    public static Health up(Map<String, String> details) {
        return new Health(true, details);
    }

    public static Health down(Map<String, String> details) {
        return new Health(false, details);
    }

    /** {@code {"status":"UP","details":{...}}}, keys sorted. */
    String json() {
        var out = new StringBuilder("{\"status\":\"").append(up ? "UP" : "DOWN").append("\",\"details\":{");
        var first = true;
        for (var entry : new TreeMap<>(details).entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            out.append(quote(entry.getKey())).append(':').append(quote(entry.getValue()));
        }
        return out.append("}}").toString();
    }

    private static String quote(String text) {
        var out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
