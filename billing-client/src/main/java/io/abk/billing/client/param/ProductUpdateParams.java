package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code UpdateProductRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProductUpdateParams(
        @Nullable Boolean active,
        @Nullable String name,
        @Nullable String description) {

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable Boolean active;
        private @Nullable String name;
        private @Nullable String description;

        private Builder() {}

        public Builder active(boolean active) {
            this.active = active;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** null clears it. */
        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public ProductUpdateParams build() {
            return new ProductUpdateParams(active, name, description);
        }
    }
}
