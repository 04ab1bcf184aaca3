package io.abk.billing.opskit.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Typed reads of a service's environment variables, each falling back to its default when unset, and failing with
 * a message that names the variable when its value cannot be used. Secrets are read through {@link #secret}: from
 * the variable or from the file its {@code _FILE} twin names, and checked under the production profile. A class
 * rather than a record so that it never prints the environment (which holds secrets) through {@code toString()}.
 */
public final class Env {

    /** Where the active profiles are listed, comma-separated: Spring Boot's variable, read by every service alike. */
    public static final String PROFILES_VARIABLE = "SPRING_PROFILES_ACTIVE";
    /** The profile of a deployment that holds real money and real secrets. */
    public static final String PRODUCTION_PROFILE = "production";

    private final Function<String, @Nullable String> lookup;
    private final boolean production;

    public Env(Map<String, String> variables) {
        this(variables::get, listsProduction(variables.get(PROFILES_VARIABLE)));
    }

    private Env(Function<String, @Nullable String> lookup, boolean production) {
        this.lookup = lookup;
        this.production = production;
    }

    /**
     * The variables {@code lookup} answers (a Spring {@code Environment}'s {@code getProperty}, say), with the
     * production profile active when {@code activeProfiles} lists it.
     */
    public static Env of(Function<String, @Nullable String> lookup, @Nullable String activeProfiles) {
        return new Env(lookup, listsProduction(activeProfiles));
    }

    /** Whether the production profile is active ({@value #PROFILES_VARIABLE} lists {@value #PRODUCTION_PROFILE}). */
    public boolean production() {
        return production;
    }

    /**
     * The value as it is, or {@code fallback} when unset. A variable set to blank stays blank, so the config's own
     * check rejects it by name instead of silently running with the default.
     */
    public String text(String name, String fallback) {
        var value = lookup.apply(name);
        return value == null ? fallback : value;
    }

    public Path path(String name, Path fallback) {
        return Path.of(text(name, fallback.toString()));
    }

    /** A whole number; unset or blank means {@code fallback}. */
    public long number(String name, long fallback) {
        var value = lookup.apply(name);
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

    /**
     * The secret's value, stripped: from its variable, or from the file {@code <NAME>_FILE} names (a mounted secret);
     * empty when neither is set. Under the production profile it must pass {@link SecretRules}: set when required,
     * at least {@value SecretRules#MIN_LENGTH} characters when chosen here, and none of the values everyone knows.
     *
     * @throws IllegalArgumentException naming the variable, never showing the value
     */
    public String secret(Secret secret) {
        var value = SecretRules.read(secret.name(), lookup);
        if (production) {
            SecretRules.check(secret, value);
        }
        return value;
    }

    private static boolean listsProduction(@Nullable String profiles) {
        return profiles != null
                && Arrays.stream(profiles.split(",")).map(String::strip).anyMatch(PRODUCTION_PROFILE::equals);
    }
}
