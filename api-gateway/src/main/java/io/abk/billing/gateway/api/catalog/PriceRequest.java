package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.schemas.money.UsagePricing.Tier;
import io.abk.billing.schemas.money.UsdcAmount;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A validated new price, alone or inside a product's {@code prices}: licensed, {@code {amountUsdc, interval,
 * trialDays?}} (the amount per period); or metered, {@code {usageType: "metered", meterId, unitAmountUsdc | tiers,
 * interval, trialDays?}} (per unit of the meter's quantity in a period, a month or a year).
 *
 * @param amount per period (licensed) or per unit (metered with a unit amount); zero for a tiered price
 * @param meterId the meter of a metered price, null for a licensed one
 * @param tiers a tiered metered price's graduated tiers, else null
 */
public record PriceRequest(
        UsdcAmount amount,
        String interval,
        int trialDays,
        String usageType,
        @Nullable String meterId,
        @Nullable List<Tier> tiers) {

    public static final Set<String> INTERVALS = Set.of("month", "year", "once");
    public static final Set<String> USAGE_TYPES = Set.of("licensed", "metered");
    public static final String LICENSED = "licensed";
    public static final String METERED = "metered";
    /** Two years: a longer trial is almost certainly a typo (days for hours, a year count for days). */
    public static final int MAX_TRIAL_DAYS = 730;

    public static PriceRequest parse(RequestFields fields) {
        var usageType = fields.optionalOneOf("usageType", USAGE_TYPES).orElse(LICENSED);
        if (usageType.equals(METERED)) {
            return metered(fields);
        }
        for (var meteredOnly : List.of("meterId", "tiers", "unitAmountUsdc")) {
            if (fields.has(meteredOnly)) {
                throw ApiException.invalid(
                        fields.param(meteredOnly),
                        fields.param(meteredOnly) + " is only for a metered price (usageType: metered)");
            }
        }
        var amount = fields.requiredPositiveAmount("amountUsdc");
        var interval = interval(fields);
        int trialDays = trialDays(fields, interval);
        return new PriceRequest(amount, interval, trialDays, LICENSED, null, null);
    }

    public boolean isMetered() {
        return usageType.equals(METERED);
    }

    private static PriceRequest metered(RequestFields fields) {
        var meterId = fields.optionalString("meterId", 255)
                .orElseThrow(() -> ApiException.invalid(
                        fields.param("meterId"), fields.param("meterId") + " is required for a metered price"));
        if (fields.has("amountUsdc")) {
            throw ApiException.invalid(
                    fields.param("amountUsdc"),
                    fields.param("amountUsdc") + " is not for a metered price: give unitAmountUsdc (per unit) or"
                            + " tiers");
        }
        var unitAmount = fields.optionalPositiveAmount("unitAmountUsdc").orElse(null);
        var tiers = PriceTiers.parse(fields);
        if ((unitAmount == null) == (tiers == null)) {
            throw ApiException.invalid(
                    fields.param("unitAmountUsdc"),
                    "A metered price has either " + fields.param("unitAmountUsdc") + " or " + fields.param("tiers")
                            + ", exactly one of them");
        }
        var interval = interval(fields);
        if (interval.equals("once")) {
            throw ApiException.invalid(
                    fields.param("interval"),
                    fields.param("interval") + " of a metered price is month or year: usage is billed per period");
        }
        int trialDays = trialDays(fields, interval);
        return new PriceRequest(
                unitAmount == null ? UsdcAmount.ZERO : unitAmount, interval, trialDays, METERED, meterId, tiers);
    }

    private static String interval(RequestFields fields) {
        return fields.optionalOneOf("interval", INTERVALS)
                .orElseThrow(() -> ApiException.invalid(
                        fields.param("interval"), fields.param("interval") + " is required: month, year or once"));
    }

    private static int trialDays(RequestFields fields, String interval) {
        int trialDays = fields.optionalInt("trialDays", 0, MAX_TRIAL_DAYS).orElse(0);
        if (interval.equals("once") && trialDays > 0) {
            throw ApiException.invalid(
                    fields.param("trialDays"),
                    fields.param("trialDays") + " is only allowed for month and year prices, not once");
        }
        return trialDays;
    }
}
