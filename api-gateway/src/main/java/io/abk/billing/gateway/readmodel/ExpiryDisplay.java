package io.abk.billing.gateway.readmodel;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The read side's expiry rule: a payment stored {@code open}, or a link stored {@code active},
 * whose {@code expiresAt} is at or before the mode's now is shown {@code expired}, as the aggregate will record it
 * once the scheduler fires (its rules use the same boundary: expired when {@code expiresAt <= now}). Until then
 * the stored row still says open/active; nothing else of the resource changes.
 */
public final class ExpiryDisplay {

    private ExpiryDisplay() {}

    /** The payment as shown at {@code now}. */
    public static JsonNode payment(JsonNode payment, Instant now) {
        return showExpired(payment, "open", now);
    }

    /** The payment link as shown at {@code now}. */
    public static JsonNode paymentLink(JsonNode link, Instant now) {
        return showExpired(link, "active", now);
    }

    /** Whether {@code expiresAt} (ISO-8601, or null for never) has passed at {@code now}. */
    public static boolean hasPassed(@Nullable String expiresAt, Instant now) {
        if (expiresAt == null) {
            return false;
        }
        try {
            return !Instant.parse(expiresAt).isAfter(now);
        } catch (DateTimeParseException e) {
            throw new IllegalStateException("a stored resource has a malformed expiresAt: " + expiresAt, e);
        }
    }

    /** The resource as shown at {@code now}, its stored {@code liveStatus} being the one that expires. */
    static JsonNode showExpired(JsonNode resource, String liveStatus, Instant now) {
        if (!liveStatus.equals(ResourceJson.text(resource, "status"))
                || !hasPassed(ResourceJson.text(resource, "expiresAt"), now)) {
            return resource;
        }
        var shown = (ObjectNode) resource.deepCopy();
        shown.put("status", "expired");
        return shown;
    }
}
