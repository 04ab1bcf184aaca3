package io.abk.billing.opskit.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The values everyone has seen in this repository's deployment settings, which the production profile refuses as
 * secrets: every value of {@code .env.example} as the build found it (the file itself is packed into this module, so
 * the list cannot drift from it), with each of its comma-separated items and the key of each {@code id:key} entry,
 * and the placeholders {@code .env.example} shipped before the deployment's secrets moved to files of their own.
 */
final class ShippedValues {

    /** {@code .env.example}, copied here by this module's build. */
    static final String RESOURCE = ".env.example";

    /**
     * What {@code .env.example} held before docker-compose took its secrets from files: a deployment whose
     * {@code .env} was copied from it then may still carry them. Some are 32 characters or more, so only this list
     * refuses them.
     */
    static final List<String> EARLIER_PLACEHOLDERS = List.of(
            "change-me-postgres-password",
            "change-me-admin-token-of-32-characters",
            "change-me:Y2hhbmdlLW1lLWNoYW5nZS1tZS1jaGFuZ2UtbWUtMzI=",
            "change-me-usdt-key-of-32-characters",
            "change-me-grafana-password");

    private static final Set<String> VALUES = load();

    private ShippedValues() {}

    /** Whether {@code canonical} (a {@link SecretRules#canonical} form) is one of the shipped values. */
    static boolean contains(String canonical) {
        return VALUES.contains(canonical);
    }

    /** The values of the {@code NAME=value} lines of an env file, with their items and keys. */
    static Set<String> valuesOf(String envFile) {
        var values = new HashSet<String>();
        for (var line : envFile.split("\n")) {
            var text = line.strip();
            int eq = text.indexOf('=');
            if (text.startsWith("#") || eq <= 0) {
                continue;
            }
            add(values, text.substring(eq + 1));
        }
        return values;
    }

    private static Set<String> load() {
        try (var in = ShippedValues.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from ops-kit's jar: the build copies it there");
            }
            var values = valuesOf(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            EARLIER_PLACEHOLDERS.forEach(value -> add(values, value));
            return Set.copyOf(values);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void add(Set<String> values, String value) {
        addOne(values, value);
        for (var item : value.split(",")) {
            addOne(values, item);
            int colon = item.indexOf(':');
            if (colon >= 0) {
                addOne(values, item.substring(colon + 1));
            }
        }
    }

    private static void addOne(Set<String> values, String value) {
        var canonical = SecretRules.canonical(value);
        if (!canonical.isEmpty()) {
            values.add(canonical);
        }
    }
}
