package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.readmodel.ResourceJson;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What checkout shows of a payment link ({@code GET /checkout/link/{id}/status} in docs/api.md, also the
 * {@code paymentLink} of an open's answer): the amount and description, what it collects, whether it can be
 * opened, until when and how many more times. Built field by field, so nothing else of the link (metadata, prefix,
 * counts of payments, payout) can leak.
 */
final class LinkStatus {

    private LinkStatus() {}

    /** @param link the link as the API shows it (expiry display rule applied) */
    static Map<String, @Nullable Object> of(JsonNode link) {
        var status = ResourceJson.text(link, "status");
        var shown = new LinkedHashMap<String, @Nullable Object>();
        shown.put("paymentLinkId", ResourceJson.text(link, "id"));
        shown.put("status", status);
        shown.put("openable", "active".equals(status));
        shown.put("amountUsdc", link.get("amountUsdc"));
        shown.put("description", ResourceJson.text(link, "description"));
        shown.put("collectEmail", link.path("collectEmail").asBoolean(false));
        shown.put("collectName", link.path("collectName").asBoolean(false));
        shown.put("expiresAt", ResourceJson.text(link, "expiresAt"));
        shown.put("remainingUses", remainingUses(link));
        return shown;
    }

    /** How many more opens {@code maxUses} allows; null when unlimited. */
    static @Nullable Integer remainingUses(JsonNode link) {
        var maxUses = link.get("maxUses");
        if (maxUses == null || !maxUses.isNumber()) {
            return null;
        }
        return Math.max(0, maxUses.intValue() - link.path("useCount").asInt(0));
    }
}
