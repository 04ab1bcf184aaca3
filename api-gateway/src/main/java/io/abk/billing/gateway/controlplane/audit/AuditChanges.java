package io.abk.billing.gateway.controlplane.audit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The fields an update changes, as the details of its audit entry: each field whose value differs, with its new
 * value, in the order they were compared.
 */
public final class AuditChanges {

    private final Map<String, @Nullable Object> changed = new LinkedHashMap<>();

    /** Adds {@code name} with {@code after} when it differs from {@code before}. */
    public AuditChanges field(String name, @Nullable Object before, @Nullable Object after) {
        if (!Objects.equals(before, after)) {
            changed.put(name, after);
        }
        return this;
    }

    /** The changed fields by name, empty when nothing changed. */
    public Map<String, @Nullable Object> asMap() {
        return Collections.unmodifiableMap(changed);
    }
}
