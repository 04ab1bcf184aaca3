package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreateCustomerRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 * A wallet that already has a customer is 409 {@code customer_exists}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CustomerCreateParams(
        String wallet,
        @Nullable String email,
        @Nullable String name,
        @Nullable Map<String, String> metadata) {

    public CustomerCreateParams {
        Objects.requireNonNull(wallet, "wallet is required");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String wallet;
        private @Nullable String email;
        private @Nullable String name;
        private @Nullable Map<String, String> metadata;

        private Builder() {}

        /** The customer's EVM address, any case; the API keeps it lower case. */
        public Builder wallet(String wallet) {
            this.wallet = wallet;
            return this;
        }

        /** At most 254 characters, one {@code @}, no spaces (else 400 {@code invalid_email}). */
        public Builder email(String email) {
            this.email = email;
            return this;
        }

        /** At most 200 characters. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder metadata(Map<String, String> metadata) {
            this.metadata = Map.copyOf(metadata);
            return this;
        }

        /** The immutable body; a required field left unset is a {@link NullPointerException} naming it. */
        public CustomerCreateParams build() {
            return new CustomerCreateParams(
                    Objects.requireNonNull(wallet, "wallet is required"), email, name, metadata);
        }
    }
}
