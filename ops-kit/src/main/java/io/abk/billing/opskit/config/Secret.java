package io.abk.billing.opskit.config;

import java.util.List;

/**
 * A secret setting of a service and what the production profile demands of it ({@link SecretRules}). Built with
 * {@link #required} or {@link #optional}, then shaped: {@link #list()} for comma-separated keys each checked alone,
 * {@link #keyring()} for {@code id:key} entries whose keys are checked, {@link #issuedElsewhere()} for a credential
 * whose length another party chooses, {@link #refusing} for the fixed values a local setup uses.
 *
 * @param name the variable ({@code <name>_FILE} names a file that holds the value instead)
 * @param shape how the value is made of secrets
 * @param required whether the production profile refuses to start without it
 * @param chosenHere whether the operator chooses the value (then it must be at least {@value SecretRules#MIN_LENGTH}
 *                   characters); false for a provider's API key or a keystore password set by whoever made the store
 * @param development the fixed values of local development (compared as {@link SecretRules#canonical} forms)
 * @param developmentNote what those values are, for the refusal's message
 */
public record Secret(
        String name,
        Shape shape,
        boolean required,
        boolean chosenHere,
        List<String> development,
        String developmentNote) {

    /** How a value is made of secrets. */
    public enum Shape {
        /** The whole value is one secret. */
        ONE,
        /** Comma-separated secrets, each checked alone (API keys). */
        LIST,
        /** Comma-separated {@code id:key} entries; each key is a secret, the ids are not. */
        KEYRING
    }

    public Secret {
        development = List.copyOf(development);
    }

    /** A secret the production profile cannot run without. */
    public static Secret required(String name) {
        return new Secret(name, Shape.ONE, true, true, List.of(), "");
    }

    /** A secret that may be absent (a feature it enables is then off); when given, it is checked like any other. */
    public static Secret optional(String name) {
        return new Secret(name, Shape.ONE, false, true, List.of(), "");
    }

    public Secret list() {
        return new Secret(name, Shape.LIST, required, chosenHere, development, developmentNote);
    }

    public Secret keyring() {
        return new Secret(name, Shape.KEYRING, required, chosenHere, development, developmentNote);
    }

    /** Its length is not the operator's to choose (a provider's API key, a keystore's password): no minimum. */
    public Secret issuedElsewhere() {
        return new Secret(name, shape, required, false, development, developmentNote);
    }

    /** Refuses these fixed values of local development too; {@code what} says what they are. */
    public Secret refusing(String what, List<String> values) {
        return new Secret(name, shape, required, chosenHere, values, what);
    }

    /** The variable that names a file holding the value. */
    public String fileVariable() {
        return name + SecretRules.FILE_SUFFIX;
    }
}
