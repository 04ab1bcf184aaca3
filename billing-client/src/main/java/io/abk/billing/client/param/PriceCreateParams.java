package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code PriceRequest}; build it with {@link #builder()}. Fields left unset are not sent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PriceCreateParams(
        BigDecimal amountUsdc, String interval, @Nullable Long trialDays) {

    public PriceCreateParams {
        Objects.requireNonNull(amountUsdc, "amountUsdc is required");
        Objects.requireNonNull(interval, "interval is required");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable BigDecimal amountUsdc;
        private @Nullable String interval;
        private @Nullable Long trialDays;

        private Builder() {}

        public Builder amountUsdc(BigDecimal amountUsdc) {
            this.amountUsdc = amountUsdc;
            return this;
        }

        public Builder interval(String interval) {
            this.interval = interval;
            return this;
        }

        /** month and year prices only. */
        public Builder trialDays(long trialDays) {
            this.trialDays = trialDays;
            return this;
        }

        /** The immutable body; a required field left unset is a {@link NullPointerException} naming it. */
        public PriceCreateParams build() {
            return new PriceCreateParams(
                    Objects.requireNonNull(amountUsdc, "amountUsdc is required"),
                    Objects.requireNonNull(interval, "interval is required"),
                    trialDays);
        }
    }
}
