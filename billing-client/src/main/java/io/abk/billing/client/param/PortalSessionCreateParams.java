package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreatePortalSessionRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PortalSessionCreateParams(
        String customerWallet, @Nullable String returnUrl) {

    public PortalSessionCreateParams {
        Objects.requireNonNull(customerWallet, "customerWallet is required");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String customerWallet;
        private @Nullable String returnUrl;

        private Builder() {}

        /** The customer's wallet: the portal shows this wallet's subscriptions and payments. Required. */
        public Builder customerWallet(String customerWallet) {
            this.customerWallet = customerWallet;
            return this;
        }

        /** Where the portal's link back and signing out send the customer (absolute http or https). */
        public Builder returnUrl(String returnUrl) {
            this.returnUrl = returnUrl;
            return this;
        }

        public PortalSessionCreateParams build() {
            return new PortalSessionCreateParams(
                    Objects.requireNonNull(customerWallet, "customerWallet is required"), returnUrl);
        }
    }
}
