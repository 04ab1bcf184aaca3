package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code UpdateWebhookEndpointRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WebhookEndpointUpdateParams(
        @Nullable String url,
        @Nullable List<String> enabledEvents,
        @Nullable String description,
        @Nullable Boolean disabled) {

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String url;
        private @Nullable List<String> enabledEvents;
        private @Nullable String description;
        private @Nullable Boolean disabled;

        private Builder() {}

        public Builder url(String url) {
            this.url = url;
            return this;
        }

        /** null: every event again. */
        public Builder enabledEvents(List<String> enabledEvents) {
            this.enabledEvents = List.copyOf(enabledEvents);
            return this;
        }

        /** null clears it. */
        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder disabled(boolean disabled) {
            this.disabled = disabled;
            return this;
        }

        public WebhookEndpointUpdateParams build() {
            return new WebhookEndpointUpdateParams(url, enabledEvents, description, disabled);
        }
    }
}
