package io.abk.billing.gateway.controlplane.audit;

import java.time.Instant;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One change in the control plane. {@code actor} is {@link #ADMIN}, {@link #BOOTSTRAP} or the id of the API
 * key that made it; {@code mode} is set for mode-scoped targets (API keys, catalog) only.
 */
public record AuditEntry(
        String id,
        Instant at,
        String actor,
        String action,
        @Nullable String merchantId,
        @Nullable String mode,
        String targetType,
        String targetId,
        JsonNode details) {

    /** Changes made through the operator API. */
    public static final String ADMIN = "admin";
    /** Changes made at start from configuration (the demo merchant). */
    public static final String BOOTSTRAP = "bootstrap";
}
