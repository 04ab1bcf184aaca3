package io.abk.billing.streams.payment.domain;

import io.abk.billing.schemas.money.UsdcAmount;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a payment is for, fixed at creation: the amount, who pays whom, the merchant's references and the customer's
 * details. {@code paymentLinkId} is set when a payment link minted the payment; {@code customerWallet} may then be
 * unknown. EVM addresses keep the case they were given in.
 */
public record PaymentTerms(
        UsdcAmount amount,
        @Nullable String customerWallet,
        String payoutAddress,
        String merchantRef,
        @Nullable String priceId,
        @Nullable String paymentLinkId,
        @Nullable String description,
        String checkoutUrl,
        @Nullable String successUrl,
        @Nullable String cancelUrl,
        @Nullable String customerEmail,
        @Nullable String customerName,
        Map<String, String> metadata) {

    public PaymentTerms {
        metadata = Map.copyOf(metadata);
    }
}
