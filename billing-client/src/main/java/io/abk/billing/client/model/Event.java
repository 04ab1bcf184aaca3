package io.abk.billing.client.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.abk.billing.client.internal.Json;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A billing event, exactly the webhook payload. {@code data} holds the resources as the API shows them; the funding
 * events sent before a renewal ({@code invoice.upcoming}, {@code subscription.allowance_low}) carry no invoice, and
 * their fields read typed through {@link #upcomingInvoice()}, {@link #funding()}, {@link #fundingShortfall()} and
 * {@link #portalUrl()}. The customer events ({@code customer.created}, {@code customer.updated}) carry the customer,
 * read through {@link #customer()}.
 */
public record Event(String id, String type, Instant createdAt, String mode, JsonNode data) {

    private static final ObjectMapper JSON = Json.mapper();

    /** The customer of a {@code customer.*} event; null in another event. */
    public @Nullable Customer customer() {
        return field("customer", Customer.class);
    }

    /** {@code invoice.upcoming}'s renewal; null in another event. */
    public @Nullable UpcomingInvoice upcomingInvoice() {
        return field("upcomingInvoice", UpcomingInvoice.class);
    }

    /** The wallet's figures of a funding event; null in another event or when the chain could not be read. */
    public @Nullable Funding funding() {
        return field("funding", Funding.class);
    }

    /** What keeps {@code invoice.upcoming}'s renewal from being charged; null when nothing does. */
    public @Nullable FundingShortfall fundingShortfall() {
        return field("fundingShortfall", FundingShortfall.class);
    }

    /** The customer portal's sign-in page a funding event links to; null in another event. */
    public @Nullable String portalUrl() {
        var url = data.path("portalUrl");
        return url.isTextual() ? url.asText() : null;
    }

    private <T> @Nullable T field(String name, Class<T> type) {
        var node = data.path(name);
        if (!node.isObject()) {
            return null;
        }
        try {
            return JSON.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the event's data." + name + " is not a " + type.getSimpleName(), e);
        }
    }
}
