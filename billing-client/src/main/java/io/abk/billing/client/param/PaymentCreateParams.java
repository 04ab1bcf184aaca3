package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreatePaymentRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 * Exactly one of {@code amountUsdc} and {@code priceId} (a {@code once} price).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PaymentCreateParams(
        String merchantRef,
        @Nullable String customerWallet,
        @Nullable String customerId,
        @Nullable BigDecimal amountUsdc,
        @Nullable String priceId,
        @Nullable String payoutAddressEvm,
        @Nullable Map<String, String> metadata,
        @Nullable String successUrl,
        @Nullable String cancelUrl) {

    public PaymentCreateParams {
        Objects.requireNonNull(merchantRef, "merchantRef is required");
        if (customerWallet == null && customerId == null) {
            throw new NullPointerException("customerWallet or customerId is required");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String merchantRef;
        private @Nullable String customerWallet;
        private @Nullable String customerId;
        private @Nullable BigDecimal amountUsdc;
        private @Nullable String priceId;
        private @Nullable String payoutAddressEvm;
        private @Nullable Map<String, String> metadata;
        private @Nullable String successUrl;
        private @Nullable String cancelUrl;

        private Builder() {}

        public Builder merchantRef(String merchantRef) {
            this.merchantRef = merchantRef;
            return this;
        }

        /** The customer's wallet; or give {@link #customerId(String)}. */
        public Builder customerWallet(String customerWallet) {
            this.customerWallet = customerWallet;
            return this;
        }

        /**
         * A customer of the key's merchant and mode, whose wallet is used: unknown, 400 {@code customer_not_found};
         * with a {@code customerWallet} that is not its wallet, 400 {@code customer_wallet_mismatch}.
         */
        public Builder customerId(String customerId) {
            this.customerId = customerId;
            return this;
        }

        /** USDC, at most 6 decimals. */
        public Builder amountUsdc(BigDecimal amountUsdc) {
            this.amountUsdc = amountUsdc;
            return this;
        }

        /** A {@code once} price; exactly one of {@code amountUsdc} and {@code priceId}. */
        public Builder priceId(String priceId) {
            this.priceId = priceId;
            return this;
        }

        public Builder payoutAddressEvm(String payoutAddressEvm) {
            this.payoutAddressEvm = payoutAddressEvm;
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

        /**
         * The immutable body; a required field left unset (or neither {@code customerWallet} nor {@code customerId})
         * is a {@link NullPointerException} naming it.
         */
        public PaymentCreateParams build() {
            return new PaymentCreateParams(
                    Objects.requireNonNull(merchantRef, "merchantRef is required"),
                    customerWallet,
                    customerId,
                    amountUsdc,
                    priceId,
                    payoutAddressEvm,
                    metadata,
                    successUrl,
                    cancelUrl);
        }
    }
}
