package io.abk.billing.gateway.api.payment;

import io.abk.billing.gateway.api.customer.CustomerWallets;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import java.net.URI;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A validated {@code POST /v1/payments} body (docs/api.md, {@code CreatePaymentRequest}): {@code merchantRef} (1-255)
 * and the customer required ({@code customerWallet}, an EVM address, or {@code customerId}, a customer of the caller's,
 * or both when they agree), the amount as {@link OneTimeAmount}, and
 * {@code payoutAddressEvm}, {@code metadata}, {@code successUrl}, {@code cancelUrl} as for subscriptions. Every field
 * is read through {@link RequestFields}: a wrong type or bad value is a 400 {@code validation_error} naming it.
 * References (the price, the merchant's payout address) are resolved afterwards.
 */
record CreatePaymentRequest(
        String merchantRef,
        @Nullable String customerWallet,
        @Nullable String customerId,
        @Nullable String payoutAddressEvm,
        OneTimeAmount amount,
        Map<String, String> metadata,
        @Nullable URI successUrl,
        @Nullable URI cancelUrl) {

    static final int MAX_REF_LENGTH = 255;

    static CreatePaymentRequest parse(RequestFields fields) {
        var merchantRef = fields.optionalString("merchantRef", MAX_REF_LENGTH)
                .orElseThrow(() -> ApiException.invalid("merchantRef", "merchantRef is required"));
        var customerWallet = fields.optionalEvmAddress("customerWallet").orElse(null);
        var customerId = CustomerWallets.customerId(fields, "customerWallet", customerWallet);
        var payout = fields.optionalEvmAddress("payoutAddressEvm").orElse(null);
        var amount = OneTimeAmount.parse(fields, "a payment");
        var metadata = fields.optionalMetadata("metadata");
        var successUrl = fields.optionalHttpUrl("successUrl").orElse(null);
        var cancelUrl = fields.optionalHttpUrl("cancelUrl").orElse(null);
        return new CreatePaymentRequest(
                merchantRef, customerWallet, customerId, payout, amount, metadata, successUrl, cancelUrl);
    }
}
