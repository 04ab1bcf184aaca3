package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.api.customer.CustomerWallets;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.schemas.money.UsdcAmount;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A validated {@code POST /v1/subscriptions} body (docs/api.md, {@code CreateSubscriptionRequest}). Every field is read
 * through {@link RequestFields}, so a wrong type, a missing field or a bad value is a 400 {@code validation_error}
 * naming it. The customer is {@code customerWallet} or {@code customerId} (at least one; when both, they must agree).
 * References (the price, the merchant's default payout address, the customer's wallet) are resolved afterwards.
 *
 * @param customerWallet null when only {@code customerId} is given
 * @param customerId null when only {@code customerWallet} is given
 */
public record CreateSubscriptionRequest(
        String merchantRef,
        @Nullable String customerWallet,
        @Nullable String customerId,
        @Nullable String payoutAddressEvm,
        Form form,
        @Nullable String planId,
        Map<String, String> metadata,
        @Nullable URI successUrl,
        @Nullable URI cancelUrl) {

    static final int MAX_REF_LENGTH = 255;
    static final Set<String> INTERVALS = Set.of("month", "year");

    /** How the amount and interval are given: by a catalog price, or ad hoc. */
    public sealed interface Form {}

    /** Amount, interval and trial come from the price. */
    public record ByPrice(String priceId) implements Form {}

    /** Amount and interval given in the request. */
    public record AdHoc(UsdcAmount amount, String interval) implements Form {}

    /**
     * Items of catalog prices, licensed or metered, of one interval; {@code maxAmountPerPeriod} is required with a
     * metered item (checked once the prices are looked up).
     */
    public record WithItems(List<Item> items, @Nullable UsdcAmount maxAmountPerPeriod) implements Form {}

    /** One item: a price, and how many of a licensed price ({@code quantity}, null when not given). */
    public record Item(String priceId, @Nullable Integer quantity) {}

    static final int MAX_ITEMS = 20;
    /** The most units of one licensed item: more is almost certainly a mistake (cents for units, an id pasted). */
    static final int MAX_QUANTITY = 1_000_000;

    public static CreateSubscriptionRequest parse(RequestFields fields) {
        var merchantRef =
                fields.optionalString("merchantRef", MAX_REF_LENGTH).orElseThrow(() -> required("merchantRef"));
        var customerWallet = fields.optionalEvmAddress("customerWallet").orElse(null);
        var customerId = CustomerWallets.customerId(fields, "customerWallet", customerWallet);
        var payout = fields.optionalEvmAddress("payoutAddressEvm").orElse(null);
        var form = form(fields);
        var planId = fields.optionalString("planId", MAX_REF_LENGTH).orElse(null);
        var metadata = fields.optionalMetadata("metadata");
        var successUrl = fields.optionalHttpUrl("successUrl").orElse(null);
        var cancelUrl = fields.optionalHttpUrl("cancelUrl").orElse(null);
        return new CreateSubscriptionRequest(
                merchantRef, customerWallet, customerId, payout, form, planId, metadata, successUrl, cancelUrl);
    }

    private static Form form(RequestFields fields) {
        if (fields.has("items")) {
            return withItems(fields);
        }
        if (fields.has("maxAmountPerPeriodUsdc")) {
            throw ApiException.invalid(
                    "maxAmountPerPeriodUsdc",
                    "maxAmountPerPeriodUsdc is only for a subscription with items, one of them metered");
        }
        var priceId = fields.optionalString("priceId", MAX_REF_LENGTH);
        if (priceId.isPresent()) {
            for (var conflicting : new String[] {"amountUsdc", "interval"}) {
                if (fields.has(conflicting)) {
                    throw ApiException.invalid(
                            conflicting,
                            conflicting + " cannot be given with priceId: the price sets the amount"
                                    + " and interval. Send priceId alone, or amountUsdc and interval without priceId");
                }
            }
            return new ByPrice(priceId.get());
        }
        var amount = fields.optionalPositiveAmount("amountUsdc");
        var interval = fields.optionalOneOf("interval", INTERVALS);
        if (amount.isEmpty() && interval.isEmpty()) {
            throw ApiException.invalid(
                    "priceId",
                    "Give either priceId (a month or year price of your catalog),"
                            + " or amountUsdc and interval (month or year)");
        }
        if (amount.isEmpty()) {
            throw ApiException.invalid("amountUsdc", "amountUsdc is required with interval (or give priceId instead)");
        }
        if (interval.isEmpty()) {
            throw ApiException.invalid(
                    "interval", "interval (month or year) is required with amountUsdc (or give priceId instead)");
        }
        return new AdHoc(amount.get(), interval.get());
    }

    private static WithItems withItems(RequestFields fields) {
        for (var conflicting : List.of("priceId", "amountUsdc", "interval")) {
            if (fields.has(conflicting)) {
                throw ApiException.invalid(
                        conflicting,
                        conflicting + " cannot be given with items: each item's price sets its amount and the"
                                + " interval. Send items alone, or priceId, or amountUsdc and interval");
            }
        }
        var items = new ArrayList<Item>();
        var seen = new HashSet<String>();
        for (var item : fields.optionalObjectList("items", MAX_ITEMS)) {
            var priceId = item.optionalString("priceId", MAX_REF_LENGTH)
                    .orElseThrow(
                            () -> ApiException.invalid(item.param("priceId"), item.param("priceId") + " is required"));
            if (!seen.add(priceId)) {
                throw ApiException.invalid(
                        item.param("priceId"),
                        item.param("priceId") + " names price '" + priceId + "' again: each price is one item; give"
                                + " a licensed item's quantity instead");
            }
            var quantity = item.optionalInt("quantity", 1, MAX_QUANTITY).orElse(null);
            items.add(new Item(priceId, quantity));
        }
        if (items.isEmpty()) {
            throw ApiException.invalid("items", "items must have 1 to " + MAX_ITEMS + " items");
        }
        var max = fields.optionalPositiveAmount("maxAmountPerPeriodUsdc").orElse(null);
        return new WithItems(List.copyOf(items), max);
    }

    private static ApiException required(String field) {
        return ApiException.invalid(field, field + " is required");
    }
}
