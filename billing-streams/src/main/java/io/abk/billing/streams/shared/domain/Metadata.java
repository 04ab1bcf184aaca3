package io.abk.billing.streams.shared.domain;

import java.util.HashMap;
import java.util.Map;

/**
 * The metadata of an aggregate (string keys and values a merchant attaches) and how an update changes it: the same
 * rule for every aggregate whose metadata can be updated (a subscription, a customer).
 */
public final class Metadata {

    private Metadata() {}

    /** {@code changes} over {@code metadata}, key by key; an empty value removes its key. */
    public static Map<String, String> merged(Map<String, String> metadata, Map<String, String> changes) {
        var out = new HashMap<>(metadata);
        changes.forEach((key, value) -> {
            if (value.isEmpty()) {
                out.remove(key);
            } else {
                out.put(key, value);
            }
        });
        return Map.copyOf(out);
    }
}
