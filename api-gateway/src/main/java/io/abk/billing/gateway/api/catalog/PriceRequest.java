package io.abk.billing.gateway.api.catalog;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.schemas.money.UsdcAmount;
import java.util.Set;

/** A validated new price: {@code {amountUsdc, interval, trialDays?}}, alone or inside a product's {@code prices}. */
public record PriceRequest(UsdcAmount amount, String interval, int trialDays) {

    public static final Set<String> INTERVALS = Set.of("month", "year", "once");
    /** Two years: a longer trial is almost certainly a typo (days for hours, a year count for days). */
    public static final int MAX_TRIAL_DAYS = 730;

    public static PriceRequest parse(RequestFields fields) {
        var amount = fields.requiredPositiveAmount("amountUsdc");
        var interval = fields.optionalOneOf("interval", INTERVALS)
                .orElseThrow(() -> ApiException.invalid(
                        fields.param("interval"), fields.param("interval") + " is required: month, year or once"));
        int trialDays = fields.optionalInt("trialDays", 0, MAX_TRIAL_DAYS).orElse(0);
        if (interval.equals("once") && trialDays > 0) {
            throw ApiException.invalid(
                    fields.param("trialDays"),
                    fields.param("trialDays") + " is only allowed for month and year prices, not once");
        }
        return new PriceRequest(amount, interval, trialDays);
    }
}
