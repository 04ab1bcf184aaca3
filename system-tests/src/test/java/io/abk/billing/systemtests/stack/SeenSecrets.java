package io.abk.billing.systemtests.stack;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Every secret the system tests of this JVM saw: the stacks' admin tokens, demo keys and sealing keyrings
 * ({@code BILLING_SECRETS_KEYS}, whole and each key), and each {@code secret} an answer carried (API keys issued or rotated, webhook endpoint secrets). {@code LogSecretsIT} looks for each in the
 * run's logs at the end.
 */
final class SeenSecrets {

    private static final Set<String> SECRETS = ConcurrentHashMap.newKeySet();

    private SeenSecrets() {}

    static void add(String secret) {
        if (secret != null && secret.length() >= 16) {
            SECRETS.add(secret);
        }
    }

    /** A sealing keyring ({@code keyId:base64key,...}): the whole text and each key on its own. */
    static void addSealingKeys(String keyring) {
        add(keyring);
        for (var entry : keyring.split(",")) {
            add(entry.strip());
            add(entry.substring(entry.indexOf(':') + 1).strip());
        }
    }

    /** The {@code secret} of an answer's body, when it has one. */
    static void fromAnswer(String body) {
        if (!body.contains("\"secret\"")) {
            return;
        }
        try {
            JsonNode json = Json.parse(body);
            var secret = json.path("secret");
            if (secret.isString()) {
                add(secret.asString());
            }
        } catch (RuntimeException notJson) {
            // An HTML page or a truncated body holds no issued secret.
        }
    }

    static Set<String> all() {
        return Set.copyOf(SECRETS);
    }
}
