package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreateProductRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProductCreateParams(
        String name, @Nullable String description, @Nullable List<PriceCreateParams> prices) {

    public ProductCreateParams {
        Objects.requireNonNull(name, "name is required");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String name;
        private @Nullable String description;
        private @Nullable List<PriceCreateParams> prices;

        private Builder() {}

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder prices(List<PriceCreateParams> prices) {
            this.prices = List.copyOf(prices);
            return this;
        }

        /** The immutable body; a required field left unset is a {@link NullPointerException} naming it. */
        public ProductCreateParams build() {
            return new ProductCreateParams(Objects.requireNonNull(name, "name is required"), description, prices);
        }
    }
}
