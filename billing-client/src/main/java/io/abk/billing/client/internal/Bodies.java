package io.abk.billing.client.internal;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The small JSON bodies of the actions that take one or no field. */
public final class Bodies {

    /** {@code {}}: the body of an action without fields. */
    public static final Map<String, Object> EMPTY = Map.of();

    private Bodies() {}

    /** {@code {name: value}}, or {@code {}} when the value is null (the API's default then applies). */
    public static Map<String, Object> of(String name, @Nullable Object value) {
        return value == null ? EMPTY : Map.of(name, value);
    }

    /** {@code {name: value}}, with a JSON null when the value is null (where null means something). */
    public static Map<String, @Nullable Object> ofNullable(String name, @Nullable Object value) {
        var body = new HashMap<String, @Nullable Object>();
        body.put(name, value);
        return Collections.unmodifiableMap(body);
    }
}
