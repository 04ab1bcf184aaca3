package io.abk.billing.localstack.system;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Every secret the system tests of this JVM saw: the stacks' admin tokens and demo keys, and each {@code secret} an
 * answer carried (API keys issued or rotated, webhook endpoint secrets). {@code LogSecretsIT} looks for each in the
 * run's logs at the end.
 */
final class SeenSecrets {

    private static final Set<String> SECRETS = ConcurrentHashMap.newKeySet();

    private SeenSecrets() {
    }

    static void add(String secret) {
        if (secret != null && secret.length() >= 16) {
            SECRETS.add(secret);
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
