package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreateWebhookEndpointRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WebhookEndpointCreateParams(
        String url,
        @Nullable List<String> enabledEvents,
        @Nullable String description) {

    public WebhookEndpointCreateParams {
        Objects.requireNonNull(url, "url is required");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String url;
        private @Nullable List<String> enabledEvents;
        private @Nullable String description;

        private Builder() {}

        /** Live: https to a public address. Test: may be http on a loopback address where the deployment allows it. */
        public Builder url(String url) {
            this.url = url;
            return this;
        }

        /** Absent, empty or containing {@code *}: every event. */
        public Builder enabledEvents(List<String> enabledEvents) {
            this.enabledEvents = List.copyOf(enabledEvents);
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        /** The immutable body; a required field left unset is a {@link NullPointerException} naming it. */
        public WebhookEndpointCreateParams build() {
            return new WebhookEndpointCreateParams(
                    Objects.requireNonNull(url, "url is required"), enabledEvents, description);
        }
    }
}
