package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.node.NullNode;
import java.math.BigDecimal;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code UpdateSubscriptionRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 * Every field optional; an empty body changes nothing. The new amount and interval bill from the next renewal, a change
 * of amount prorating the period under way as {@code prorationBehavior} says; {@code priceId} sets both from a price.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriptionUpdateParams(
        @Nullable BigDecimal amountUsdc,
        @Nullable String interval,
        @Nullable String planId,
        @Nullable Map<String, String> metadata,
        @Nullable Object couponId,
        @Nullable String promotionCode,
        @Nullable String priceId,
        @Nullable String prorationBehavior) {

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable BigDecimal amountUsdc;
        private @Nullable String interval;
        private @Nullable String planId;
        private @Nullable Map<String, String> metadata;
        private @Nullable Object couponId;
        private @Nullable String promotionCode;
        private @Nullable String priceId;
        private @Nullable String prorationBehavior;

        private Builder() {}

        /** USDC, at most 6 decimals. */
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

        /** Merged key by key; an empty value removes the key. */
        public Builder metadata(Map<String, String> metadata) {
            this.metadata = Map.copyOf(metadata);
            return this;
        }

        /**
         * Redeem this coupon for the subscription, replacing its discount. A discount is changed alone: with any other
         * field the API answers 400 {@code invalid_discount}.
         */
        public Builder couponId(String couponId) {
            this.couponId = couponId;
            return this;
        }

        /** Remove the subscription's discount (sends {@code couponId: null}); alone, as {@link #couponId}. */
        public Builder removeDiscount() {
            this.couponId = NullNode.getInstance();
            return this;
        }

        /** Redeem this promotion code for the subscription; alone, as {@link #couponId}. */
        public Builder promotionCode(String promotionCode) {
            this.promotionCode = promotionCode;
            return this;
        }

        /** A month or year price of the catalog: its amount and interval become the subscription's. */
        public Builder priceId(String priceId) {
            this.priceId = priceId;
            return this;
        }

        /** {@code create_prorations} (the default), {@code always_invoice} or {@code none}. */
        public Builder prorationBehavior(String prorationBehavior) {
            this.prorationBehavior = prorationBehavior;
            return this;
        }

        public SubscriptionUpdateParams build() {
            return new SubscriptionUpdateParams(
                    amountUsdc, interval, planId, metadata, couponId, promotionCode, priceId, prorationBehavior);
        }
    }
}
