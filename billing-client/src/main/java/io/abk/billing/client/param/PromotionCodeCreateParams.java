package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code CreatePromotionCodeRequest}; build it with {@link #builder()}. Fields left unset are not
 * sent. A code the mode has already, in any case, is 409 {@code promotion_code_exists}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromotionCodeCreateParams(
        String couponId,
        String code,
        @Nullable Integer maxRedemptions,
        @Nullable Instant expiresAt,
        @Nullable Map<String, String> metadata) {

    public PromotionCodeCreateParams {
        Objects.requireNonNull(couponId, "couponId is required");
        Objects.requireNonNull(code, "code is required");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable String couponId;
        private @Nullable String code;
        private @Nullable Integer maxRedemptions;
        private @Nullable Instant expiresAt;
        private @Nullable Map<String, String> metadata;

        private Builder() {}

        /** A coupon of the key's merchant and mode (else 400 {@code coupon_not_found}). */
        public Builder couponId(String couponId) {
            this.couponId = couponId;
            return this;
        }

        /** 3-40 letters, digits, {@code _} or {@code -}. */
        public Builder code(String code) {
            this.code = code;
            return this;
        }

        public Builder maxRedemptions(int maxRedemptions) {
            this.maxRedemptions = maxRedemptions;
            return this;
        }

        public Builder expiresAt(Instant expiresAt) {
            this.expiresAt = expiresAt;
            return this;
        }

        public Builder metadata(Map<String, String> metadata) {
            this.metadata = Map.copyOf(metadata);
            return this;
        }

        /** The immutable body; a required field left unset is a {@link NullPointerException} naming it. */
        public PromotionCodeCreateParams build() {
            return new PromotionCodeCreateParams(
                    Objects.requireNonNull(couponId, "couponId is required"),
                    Objects.requireNonNull(code, "code is required"),
                    maxRedemptions,
                    expiresAt,
                    metadata);
        }
    }
}
