package io.abk.billing.opskit.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Typed reads of a service's environment variables, each falling back to its default when unset, and failing with
 * a message that names the variable when its value cannot be used. A class rather than a record so that it never
 * prints the environment (which holds secrets) through {@code toString()}.
 */
public final class Env {

    private final Map<String, String> variables;

    public Env(Map<String, String> variables) {
        this.variables = variables;
    }

    /**
     * The value as it is, or {@code fallback} when unset. A variable set to blank stays blank, so the config's own
     * check rejects it by name instead of silently running with the default.
     */
    public String text(String name, String fallback) {
        return variables.getOrDefault(name, fallback);
    }

    public Path path(String name, Path fallback) {
        return Path.of(text(name, fallback.toString()));
    }

    /** A whole number; unset or blank means {@code fallback}. */
    public long number(String name, long fallback) {
        var value = variables.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, was '" + value + "'", e);
        }
    }

    /** A duration given as whole milliseconds; unset or blank means {@code fallback}. */
    public Duration millis(String name, Duration fallback) {
        return Duration.ofMillis(number(name, fallback.toMillis()));
    }

    /**
     * Comma-separated {@code key=value} pairs in their order, such as {@code producer.linger.ms=0,num.standby.replicas=1};
     * unset or blank means none. Keys and values are trimmed; a value may contain {@code =}.
     */
    public Map<String, String> keyValues(String name) {
        var out = new LinkedHashMap<String, String>();
        for (var entry : text(name, "").split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(name + " entries must be key=value, was '" + entry.trim() + "'");
            }
            out.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
        }
        return out;
    }
}
