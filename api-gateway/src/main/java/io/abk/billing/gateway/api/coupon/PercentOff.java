package io.abk.billing.gateway.api.coupon;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * A coupon's {@code percentOff}: a JSON number above 0 and at most 100 with at most 2 decimals, read exactly (the
 * gateway's JSON mapper never makes a double of it), as basis points (hundredths of a percent: 12.5 is 1,250). Anything
 * else is a 400 {@code invalid_percent_off}.
 */
final class PercentOff {

    static final String FIELD = "percentOff";

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private PercentOff() {}

    static Optional<Integer> basisPoints(RequestFields fields) {
        Optional<BigDecimal> value;
        try {
            value = fields.optionalDecimal(FIELD, "a JSON number");
        } catch (ApiException notANumber) {
            throw invalid(fields);
        }
        return value.map(percent -> {
            var exact = percent.stripTrailingZeros();
            if (exact.signum() <= 0 || exact.compareTo(HUNDRED) > 0 || exact.scale() > 2) {
                throw invalid(fields);
            }
            return exact.movePointRight(2).intValueExact();
        });
    }

    private static ApiException invalid(RequestFields fields) {
        return new ApiException(
                400,
                ErrorCodes.INVALID_PERCENT_OFF,
                "percentOff must be a JSON number above 0 and at most 100 with at most 2 decimals, e.g. 20 or 12.5",
                fields.param(FIELD),
                null);
    }
}
