package io.abk.billing.streams.paymentlink.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What every payment the link mints gets, fixed at creation: amount, payout, description, price, URLs and metadata;
 * the prefix of the minted payments' {@code merchantRef}; and which customer details an open must give.
 */
public record PaymentLinkTerms(
        UsdcAmount amount,
        @Nullable String description,
        String merchantRefPrefix,
        String payoutAddress,
        @Nullable String priceId,
        String url,
        @Nullable String successUrl,
        @Nullable String cancelUrl,
        boolean collectEmail,
        boolean collectName,
        Map<String, String> metadata) {

    public PaymentLinkTerms {
        metadata = Map.copyOf(metadata);
    }
}
