package io.abk.billing.gateway.api.event;

import io.abk.billing.gateway.platform.json.RequestFields;
import org.jspecify.annotations.Nullable;

/**
 * A {@code POST /v1/events/{id}/redeliver} body {@code {endpointId?}}: one endpoint of the caller's, or (absent or
 * no body at all) every enabled endpoint subscribed to the event's type.
 */
public record RedeliverRequest(@Nullable String endpointId) {

    /** Longer than any id: a longer value is a mistake worth naming, not an unknown endpoint. */
    static final int MAX_ENDPOINT_ID_LENGTH = 100;

    public static RedeliverRequest parse(RequestFields fields) {
        return new RedeliverRequest(
                fields.optionalString("endpointId", MAX_ENDPOINT_ID_LENGTH).orElse(null));
    }
}
