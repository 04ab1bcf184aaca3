package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreateCouponRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 * Exactly one of {@code percentOff} and {@code amountOffUsdc} (else 400 {@code invalid_coupon});
 * {@code durationInMonths} exactly with {@code repeating}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CouponCreateParams(
        String name,
        @Nullable BigDecimal percentOff,
        @Nullable BigDecimal amountOffUsdc,
        String duration,
        @Nullable Integer durationInMonths,
        @Nullable Integer maxRedemptions,
        @Nullable Instant redeemBy,
        @Nullable Map<String, String> metadata) {

    public CouponCreateParams {
        Objects.requireNonNull(name, "name is required");
        Objects.requireNonNull(duration, "duration is required");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String name;
        private @Nullable BigDecimal percentOff;
        private @Nullable BigDecimal amountOffUsdc;
        private @Nullable String duration;
        private @Nullable Integer durationInMonths;
        private @Nullable Integer maxRedemptions;
        private @Nullable Instant redeemBy;
        private @Nullable Map<String, String> metadata;

        private Builder() {}

        /** Shown on the discount line of invoices: {@code WELCOME (20% off)}. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** Above 0, at most 100, at most 2 decimals (else 400 {@code invalid_percent_off}). */
        public Builder percentOff(BigDecimal percentOff) {
            this.percentOff = percentOff;
            return this;
        }

        /** USDC, at most 6 decimals. */
        public Builder amountOffUsdc(BigDecimal amountOffUsdc) {
            this.amountOffUsdc = amountOffUsdc;
            return this;
        }

        /** {@code once}, {@code repeating} or {@code forever}. */
        public Builder duration(String duration) {
            this.duration = duration;
            return this;
        }

        /** 1-120, with {@code repeating} only. */
        public Builder durationInMonths(int durationInMonths) {
            this.durationInMonths = durationInMonths;
            return this;
        }

        public Builder maxRedemptions(int maxRedemptions) {
            this.maxRedemptions = maxRedemptions;
            return this;
        }

        /** In the future; no redemption at or after it. */
        public Builder redeemBy(Instant redeemBy) {
            this.redeemBy = redeemBy;
            return this;
        }

        public Builder metadata(Map<String, String> metadata) {
            this.metadata = Map.copyOf(metadata);
            return this;
        }

        /** The immutable body; a required field left unset is a {@link NullPointerException} naming it. */
        public CouponCreateParams build() {
            return new CouponCreateParams(
                    Objects.requireNonNull(name, "name is required"),
                    percentOff,
                    amountOffUsdc,
                    Objects.requireNonNull(duration, "duration is required"),
                    durationInMonths,
                    maxRedemptions,
                    redeemBy,
                    metadata);
        }
    }
}
