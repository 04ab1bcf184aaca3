package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreateSubscriptionRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 * By {@code priceId}, ad hoc with {@code amountUsdc} and {@code interval}, or by {@code items} (with
 * {@code maxAmountPerPeriodUsdc} when one is metered): exactly one form (else 400 {@code validation_error}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriptionCreateParams(
        String merchantRef,
        @Nullable String customerWallet,
        @Nullable String customerId,
        @Nullable String payoutAddressEvm,
        @Nullable String priceId,
        @Nullable BigDecimal amountUsdc,
        @Nullable String interval,
        @Nullable String planId,
        @Nullable Map<String, String> metadata,
        @Nullable String successUrl,
        @Nullable String cancelUrl,
        @Nullable String couponId,
        @Nullable String promotionCode,
        @Nullable Boolean allowPromotionCodes,
        @Nullable List<Item> items,
        @Nullable BigDecimal maxAmountPerPeriodUsdc) {

    public SubscriptionCreateParams {
        items = items == null ? null : List.copyOf(items);
        Objects.requireNonNull(merchantRef, "merchantRef is required");
        if (customerWallet == null && customerId == null) {
            throw new NullPointerException("customerWallet or customerId is required");
        }
    }

    /** One price of the subscription: licensed, with a {@code quantity} (default 1), or metered. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Item(String priceId, @Nullable Long quantity) {

        public Item {
            Objects.requireNonNull(priceId, "priceId is required");
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
        private @Nullable String payoutAddressEvm;
        private @Nullable String priceId;
        private @Nullable BigDecimal amountUsdc;
        private @Nullable String interval;
        private @Nullable String planId;
        private @Nullable Map<String, String> metadata;
        private @Nullable String successUrl;
        private @Nullable String cancelUrl;
        private @Nullable String couponId;
        private @Nullable String promotionCode;
        private @Nullable Boolean allowPromotionCodes;
        private @Nullable List<Item> items;
        private @Nullable BigDecimal maxAmountPerPeriodUsdc;

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

        /** Default: the merchant's payout address; with neither, 400 {@code payout_address_required}. */
        public Builder payoutAddressEvm(String payoutAddressEvm) {
            this.payoutAddressEvm = payoutAddressEvm;
            return this;
        }

        /** A {@code month} or {@code year} price of the catalog; it sets the amount, interval and trial. Not with {@code amountUsdc} or {@code interval}. */
        public Builder priceId(String priceId) {
            this.priceId = priceId;
            return this;
        }

        /** Ad hoc, with {@code interval}, instead of {@code priceId}. */
        public Builder amountUsdc(BigDecimal amountUsdc) {
            this.amountUsdc = amountUsdc;
            return this;
        }

        public Builder interval(String interval) {
            this.interval = interval;
            return this;
        }

        public Builder planId(String planId) {
            this.planId = planId;
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

        /** Redeem this coupon: created with its discount, or refused (not with {@code promotionCode}). */
        public Builder couponId(String couponId) {
            this.couponId = couponId;
            return this;
        }

        /** Redeem this promotion code (any case): created with its coupon's discount, or refused. */
        public Builder promotionCode(String promotionCode) {
            this.promotionCode = promotionCode;
            return this;
        }

        /** The hosted checkout offers a field for a promotion code, which re-prices the first payment. */
        public Builder allowPromotionCodes(boolean allowPromotionCodes) {
            this.allowPromotionCodes = allowPromotionCodes;
            return this;
        }

        /**
         * Adds an item: a {@code month} or {@code year} price, licensed or metered (1 to 20 items, one interval, each
         * price once). Not with {@code priceId}, {@code amountUsdc} or {@code interval}.
         */
        public Builder item(String priceId) {
            return item(new Item(priceId, null));
        }

        /** Adds a licensed item of {@code quantity} units. */
        public Builder item(String priceId, long quantity) {
            return item(new Item(priceId, quantity));
        }

        /** Adds an item. */
        public Builder item(Item item) {
            var all = new ArrayList<Item>(items == null ? List.of() : items);
            all.add(item);
            this.items = List.copyOf(all);
            return this;
        }

        /**
         * Required with a metered item: the most one period's invoice may charge (at least the licensed items' sum),
         * which the customer's mandate is signed for.
         */
        public Builder maxAmountPerPeriodUsdc(BigDecimal maxAmountPerPeriodUsdc) {
            this.maxAmountPerPeriodUsdc = maxAmountPerPeriodUsdc;
            return this;
        }

        /**
         * The immutable body; a required field left unset (or neither {@code customerWallet} nor {@code customerId})
         * is a {@link NullPointerException} naming it.
         */
        public SubscriptionCreateParams build() {
            return new SubscriptionCreateParams(
                    Objects.requireNonNull(merchantRef, "merchantRef is required"),
                    customerWallet,
                    customerId,
                    payoutAddressEvm,
                    priceId,
                    amountUsdc,
                    interval,
                    planId,
                    metadata,
                    successUrl,
                    cancelUrl,
                    couponId,
                    promotionCode,
                    allowPromotionCodes,
                    items,
                    maxAmountPerPeriodUsdc);
        }
    }
}
