package io.abk.billing.opskit.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How every service reads a secret and what the production profile refuses, in one place: a value is read from its
 * variable or from the file {@code <NAME>_FILE} names (docker-compose mounts its secrets as files); under the
 * production profile a required secret must be set, one the operator chooses must be at least {@value #MIN_LENGTH}
 * characters, and none may be a value {@code .env.example} ships ({@link ShippedValues}) or a fixed value of local
 * development. Every refusal names the variable and never shows the value.
 */
public final class SecretRules {

    /** The suffix of the variable that names a file holding a secret. */
    public static final String FILE_SUFFIX = "_FILE";
    /**
     * The shortest secret the operator chooses: 32 characters of a random alphabet are far beyond guessing, and
     * {@code openssl rand -base64 32} (what the docs suggest) gives 44.
     */
    public static final int MIN_LENGTH = 32;

    /** A hexadecimal key, with or without 0x: compared in one case and without the prefix. */
    private static final Pattern HEX = Pattern.compile("(0x)?[0-9a-fA-F]{32,}");

    private SecretRules() {}

    /** The value of {@code name}, or the stripped content of the file {@code name_FILE} names; empty when neither. */
    static String read(String name, Function<String, @Nullable String> lookup) {
        var value = Objects.requireNonNullElse(lookup.apply(name), "").strip();
        var file =
                Objects.requireNonNullElse(lookup.apply(name + FILE_SUFFIX), "").strip();
        if (!value.isEmpty() && !file.isEmpty()) {
            throw new IllegalArgumentException(name + " and " + name + FILE_SUFFIX + " cannot both be set");
        }
        if (file.isEmpty()) {
            return value;
        }
        var path = Path.of(file);
        try {
            return Files.readString(path, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    name + FILE_SUFFIX + ": cannot read " + path + " ("
                            + e.getClass().getSimpleName() + ")",
                    e);
        }
    }

    /** What the production profile refuses of {@code value}, the value of {@code secret}. */
    static void check(Secret secret, String value) {
        var name = secret.name();
        if (value.isEmpty()) {
            if (secret.required()) {
                throw new IllegalArgumentException(name + " must be set under the production profile (or "
                        + secret.fileVariable() + ", a file that holds it)");
            }
            return;
        }
        refuseKnown(secret, name, value);
        var parts = parts(secret, value);
        for (int i = 0; i < parts.size(); i++) {
            var label = parts.size() == 1 && secret.shape() == Secret.Shape.ONE
                    ? name
                    : name + " (" + (secret.shape() == Secret.Shape.KEYRING ? "the key of entry " : "key ") + (i + 1)
                            + ")";
            var part = parts.get(i);
            refuseKnown(secret, label, part);
            if (secret.chosenHere() && part.length() < MIN_LENGTH) {
                throw new IllegalArgumentException(label + " must be at least " + MIN_LENGTH
                        + " characters under the production profile, was " + part.length());
            }
        }
    }

    /**
     * The form two values are compared in: stripped, and a hexadecimal key in lower case without 0x, so that a
     * development key is recognised however it is written.
     */
    public static String canonical(String value) {
        var text = value.strip();
        if (HEX.matcher(text).matches()) {
            return (text.startsWith("0x") ? text.substring(2) : text).toLowerCase(Locale.ROOT);
        }
        return text;
    }

    private static void refuseKnown(Secret secret, String label, String value) {
        var canonical = canonical(value);
        if (ShippedValues.contains(canonical)) {
            throw new IllegalArgumentException(label + " is a value shipped in .env.example, known to everyone:"
                    + " refused under the production profile; choose your own (openssl rand -base64 32)");
        }
        for (var development : secret.development()) {
            if (canonical(development).equals(canonical)) {
                throw new IllegalArgumentException(label + " is " + secret.developmentNote()
                        + ", known to everyone: refused under the production profile");
            }
        }
    }

    /**
     * The secrets a value is made of: itself, its comma-separated items, or the keys of its {@code id:key} entries
     * (blank items are left to the service's own parsing, as outside production).
     */
    private static List<String> parts(Secret secret, String value) {
        if (secret.shape() == Secret.Shape.ONE) {
            return List.of(value);
        }
        var parts = new ArrayList<String>();
        for (var item : value.split(",", -1)) {
            var entry = item.strip();
            if (secret.shape() == Secret.Shape.KEYRING) {
                int colon = entry.indexOf(':');
                entry = colon < 0 ? entry : entry.substring(colon + 1).strip();
            }
            if (!entry.isEmpty()) {
                parts.add(entry);
            }
        }
        return parts;
    }
}
