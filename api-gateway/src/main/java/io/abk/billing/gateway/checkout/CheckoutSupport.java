package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.controlplane.merchant.MerchantProfile;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Html;
import io.abk.billing.gateway.readmodel.OwnedResource;
import io.abk.billing.gateway.readmodel.ResourceJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * What every checkout route does the same way: act as the merchant and mode a resource belongs to (checkout has
 * no API key), name the merchant as its customers see it, show who pays whom, and send a page with headers that keep
 * it inert.
 */
final class CheckoutSupport {

    /** Stands in for an API key id on the caller checkout builds: commands and logs show where they came from. */
    static final String CHECKOUT_CALLER = "checkout";

    private CheckoutSupport() {}

    /**
     * What the customer's mandate is signed for per period, in micro-USDC: a subscription with a metered item's
     * {@code maxAmountPerPeriodUsdc} (its usage varies; the vault's cap bounds every invoice by it), else its amount.
     */
    static long mandateMicros(JsonNode subscription) {
        var max = subscription.get("maxAmountPerPeriodUsdc");
        var amount = max != null && !max.isNull() ? max : subscription.get("amountUsdc");
        return WalletCalls.micros(amount.decimalValue());
    }

    /** Whether the mandate is for up to an amount ({@link #mandateMicros}) rather than exactly one. */
    static boolean mandateIsCap(JsonNode subscription) {
        var max = subscription.get("maxAmountPerPeriodUsdc");
        return max != null && !max.isNull();
    }

    /** The caller of a checkout request about {@code owned}: its merchant and mode, no key. */
    static Caller caller(OwnedResource owned) {
        return new Caller(owned.merchantId(), owned.mode(), CHECKOUT_CALLER);
    }

    /**
     * The merchant's name as its customers see it (the brand name, else the display name, else the name); empty when
     * the merchant is gone.
     */
    static Mono<Optional<String>> displayName(MerchantLookup merchants, OwnedResource owned) {
        return merchants
                .find(owned.merchantId())
                .map(MerchantProfile::checkoutName)
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty());
    }

    /** The merchant's branding as a page shows it; none when the merchant is gone. */
    static Mono<CheckoutBrand> brand(MerchantLookup merchants, OwnedResource owned) {
        return merchants.find(owned.merchantId()).map(CheckoutBrand::of).defaultIfEmpty(CheckoutBrand.NONE);
    }

    /**
     * Who pays whom and where the customer goes afterwards, as every checkout answer shows them: the merchant's payout
     * address and display name, the customer's wallet (the API object's {@code walletField}), and the success and
     * cancel URLs.
     */
    static void putParties(
            Map<String, @Nullable Object> answer,
            JsonNode resource,
            String walletField,
            @Nullable String merchantDisplayName) {
        answer.put("merchantPayout", ResourceJson.text(resource, "payoutAddressEvm"));
        answer.put("customerWallet", ResourceJson.text(resource, walletField));
        answer.put("merchantDisplayName", merchantDisplayName);
        answer.put("successUrl", ResourceJson.text(resource, "successUrl"));
        answer.put("cancelUrl", ResourceJson.text(resource, "cancelUrl"));
    }

    /**
     * Where a signed submission the relayer carries stands ({@code mandateSignature} of a subscription,
     * {@code authorization} of a payment): its status, transaction, failure and when it was submitted (the page tells a new one from an older one by it), nothing of the relayer's gas; null when
     * the resource has none.
     */
    static @Nullable Map<String, @Nullable Object> signed(JsonNode resource, String field) {
        var node = resource.get(field);
        if (node == null || !node.isObject()) {
            return null;
        }
        var shown = new LinkedHashMap<String, @Nullable Object>();
        shown.put("status", ResourceJson.text(node, "status"));
        shown.put("txHash", ResourceJson.text(node, "txHash"));
        shown.put("failureCode", ResourceJson.text(node, "failureCode"));
        shown.put("failureMessage", ResourceJson.text(node, "failureMessage"));
        shown.put("submittedAt", ResourceJson.text(node, "submittedAt"));
        return shown;
    }

    /**
     * A checkout page: never cached, running only its own script ({@link PageFrame#CONTENT_SECURITY_POLICY}), never
     * framed (also for browsers that predate {@code frame-ancestors}), not sniffed, no referrer.
     */
    static ResponseEntity<String> html(HttpStatusCode status, String page) {
        return html(status, page, CheckoutBrand.NONE);
    }

    /** {@link #html(HttpStatusCode, String)} of a page under {@code brand}, whose accent its style sheet carries. */
    static ResponseEntity<String> html(HttpStatusCode status, String page, CheckoutBrand brand) {
        return Html.page(status, page, PageFrame.contentSecurityPolicy(brand), "no-referrer");
    }
}
