package io.abk.billing.client.param;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The request body {@code PriceRequest}; build it with {@link #builder()}. Fields left unset are not sent. A licensed
 * price has {@code amountUsdc}; a metered price ({@link Builder#metered(String)}) has a meter, a {@code month} or
 * {@code year} interval, and {@code unitAmountUsdc} or {@code tiers}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PriceCreateParams(
        @Nullable BigDecimal amountUsdc,
        String interval,
        @Nullable Long trialDays,
        @Nullable String usageType,
        @Nullable String meterId,
        @Nullable BigDecimal unitAmountUsdc,
        @Nullable List<Tier> tiers) {

    public PriceCreateParams {
        Objects.requireNonNull(interval, "interval is required");
        if (amountUsdc == null && !"metered".equals(usageType)) {
            throw new NullPointerException("amountUsdc is required for a licensed price");
        }
        tiers = tiers == null ? null : List.copyOf(tiers);
    }

    /**
     * One graduated tier: the units of a period up to {@code upTo} (null for the last tier, sent as a JSON null)
     * cost {@code unitAmountUsdc} each, plus {@code flatAmountUsdc} (default 0) once when any unit falls in it.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Tier(
            @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable
            Long upTo,

            BigDecimal unitAmountUsdc,
            @Nullable BigDecimal flatAmountUsdc) {

        public Tier {
            Objects.requireNonNull(unitAmountUsdc, "unitAmountUsdc is required");
        }

        /** Units up to {@code upTo} at {@code unitAmountUsdc} each. */
        public static Tier upTo(long upTo, BigDecimal unitAmountUsdc) {
            return new Tier(upTo, unitAmountUsdc, null);
        }

        /** The last tier: every further unit at {@code unitAmountUsdc}. */
        public static Tier rest(BigDecimal unitAmountUsdc) {
            return new Tier(null, unitAmountUsdc, null);
        }

        /** This tier with a flat amount charged once when any unit falls in it. */
        public Tier withFlatAmountUsdc(BigDecimal flatAmountUsdc) {
            return new Tier(upTo, unitAmountUsdc, flatAmountUsdc);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the fields; {@link #build()} makes the immutable body. */
    public static final class Builder {
        private @Nullable BigDecimal amountUsdc;
        private @Nullable String interval;
        private @Nullable Long trialDays;
        private @Nullable String usageType;
        private @Nullable String meterId;
        private @Nullable BigDecimal unitAmountUsdc;
        private @Nullable List<Tier> tiers;

        private Builder() {}

        /** A licensed price's amount per interval. */
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

        /** A metered price of the meter {@code meterId} ({@code usageType} {@code metered}). */
        public Builder metered(String meterId) {
            this.usageType = "metered";
            this.meterId = meterId;
            return this;
        }

        /** A metered price's amount per unit, at most 6 decimals; or give {@link #tiers(List)}. */
        public Builder unitAmountUsdc(BigDecimal unitAmountUsdc) {
            this.unitAmountUsdc = unitAmountUsdc;
            return this;
        }

        /** A metered price's graduated tiers, {@code upTo} ascending, the last one {@link Tier#rest(BigDecimal)}. */
        public Builder tiers(List<Tier> tiers) {
            this.tiers = List.copyOf(tiers);
            return this;
        }

        /**
         * The immutable body; {@code interval}, or a licensed price's {@code amountUsdc}, left unset is a
         * {@link NullPointerException} naming it.
         */
        public PriceCreateParams build() {
            return new PriceCreateParams(
                    amountUsdc,
                    Objects.requireNonNull(interval, "interval is required"),
                    trialDays,
                    usageType,
                    meterId,
                    unitAmountUsdc,
                    tiers);
        }
    }
}
