package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.money.Discounts;
import io.abk.billing.schemas.money.SixDecimalAmounts;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What a subscription's checkout session adds for a discount: {@code allowPromotionCodes} (its create asked for a
 * code field), {@code firstPaymentUsdc} (the open first invoice's amount, which a discount re-prices) and
 * {@code discount} (its description, {@code "WELCOME (20% off)"}, or null).
 */
final class CheckoutDiscount {

    private CheckoutDiscount() {}

    static Map<String, @Nullable Object> withFirstPayment(
            Map<String, @Nullable Object> session,
            JsonNode subscription,
            @Nullable JsonNode latestInvoice,
            boolean allowPromotionCodes) {
        session.put("allowPromotionCodes", allowPromotionCodes);
        session.put(
                "firstPaymentUsdc",
                latestInvoice != null && "open".equals(ResourceJson.text(latestInvoice, "status"))
                        ? latestInvoice.get("amountUsdc")
                        : null);
        session.put("discount", describe(subscription.get("discount")));
        return session;
    }

    /** The discount as its invoice line names it, or null without one. */
    static @Nullable String describe(@Nullable JsonNode discount) {
        if (discount == null || discount.isNull()) {
            return null;
        }
        var percent = discount.get("percentOff");
        var amount = discount.get("amountOffUsdc");
        return Discounts.describe(
                ResourceJson.text(discount, "couponName"),
                percent == null || percent.isNull()
                        ? null
                        : percent.decimalValue().movePointRight(2).intValueExact(),
                amount == null || amount.isNull()
                        ? null
                        : SixDecimalAmounts.parseNonNegativeMicros(amount.decimalValue()));
    }
}
