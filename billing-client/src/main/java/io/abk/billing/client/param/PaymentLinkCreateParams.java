package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreatePaymentLinkRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 * Exactly one of {@code amountUsdc} and {@code priceId} (a {@code once} price).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PaymentLinkCreateParams(
        @Nullable BigDecimal amountUsdc,
        @Nullable String priceId,
        @Nullable String description,
        @Nullable String merchantRefPrefix,
        @Nullable String payoutAddressEvm,
        @Nullable Long maxUses,
        @Nullable Instant expiresAt,
        @Nullable Boolean collectEmail,
        @Nullable Boolean collectName,
        @Nullable Map<String, String> metadata,
        @Nullable String successUrl,
        @Nullable String cancelUrl) {

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable BigDecimal amountUsdc;
        private @Nullable String priceId;
        private @Nullable String description;
        private @Nullable String merchantRefPrefix;
        private @Nullable String payoutAddressEvm;
        private @Nullable Long maxUses;
        private @Nullable Instant expiresAt;
        private @Nullable Boolean collectEmail;
        private @Nullable Boolean collectName;
        private @Nullable Map<String, String> metadata;
        private @Nullable String successUrl;
        private @Nullable String cancelUrl;

        private Builder() {}

        /** USDC, at most 6 decimals. */
        public Builder amountUsdc(BigDecimal amountUsdc) {
            this.amountUsdc = amountUsdc;
            return this;
        }

        public Builder priceId(String priceId) {
            this.priceId = priceId;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        /** Minted payments get {@code <prefix>_<n>}; default: the link's id. */
        public Builder merchantRefPrefix(String merchantRefPrefix) {
            this.merchantRefPrefix = merchantRefPrefix;
            return this;
        }

        public Builder payoutAddressEvm(String payoutAddressEvm) {
            this.payoutAddressEvm = payoutAddressEvm;
            return this;
        }

        /** Null: unlimited. */
        public Builder maxUses(long maxUses) {
            this.maxUses = maxUses;
            return this;
        }

        /** In the future; null: never. */
        public Builder expiresAt(Instant expiresAt) {
            this.expiresAt = expiresAt;
            return this;
        }

        public Builder collectEmail(boolean collectEmail) {
            this.collectEmail = collectEmail;
            return this;
        }

        public Builder collectName(boolean collectName) {
            this.collectName = collectName;
            return this;
        }

        public Builder metadata(Map<String, String> metadata) {
            this.metadata = Map.copyOf(metadata);
            return this;
        }

        /** An absolute http or https URL. */
        public Builder successUrl(String successUrl) {
            this.successUrl = successUrl;
            return this;
        }

        /** An absolute http or https URL. */
        public Builder cancelUrl(String cancelUrl) {
            this.cancelUrl = cancelUrl;
            return this;
        }

        public PaymentLinkCreateParams build() {
            return new PaymentLinkCreateParams(
                    amountUsdc,
                    priceId,
                    description,
                    merchantRefPrefix,
                    payoutAddressEvm,
                    maxUses,
                    expiresAt,
                    collectEmail,
                    collectName,
                    metadata,
                    successUrl,
                    cancelUrl);
        }
    }
}
