package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.api.catalog.CatalogPrice;
import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.api.meter.Meter;
import io.abk.billing.gateway.api.meter.MeterRepository;
import io.abk.billing.gateway.api.subscription.CreateSubscriptionRequest.AdHoc;
import io.abk.billing.gateway.api.subscription.CreateSubscriptionRequest.ByPrice;
import io.abk.billing.gateway.api.subscription.CreateSubscriptionRequest.WithItems;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.controlplane.merchant.PayoutAddresses;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.avro.PriceTierPart;
import io.abk.billing.schemas.avro.SubscriptionItemPart;
import io.abk.billing.schemas.money.UsdcAmount;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What a create resolves to once its references are looked up: the billing terms (from the price, the items' prices
 * or the request) and the payout address (from the request or the merchant's default). With items, the amount is the
 * licensed items' sum per period (so the fixed-amount machinery bills it as before) and each item is a
 * {@link SubscriptionItemPart}: a metered one with its meter's event name and aggregation.
 *
 * @param items empty unless the create gave {@code items}
 * @param maxAmountPerPeriodMicros the mandate's amount per period with a metered item, else null
 */
public record SubscriptionTerms(
        long amountMicros,
        String interval,
        int trialDays,
        @Nullable String priceId,
        String payoutAddress,
        List<SubscriptionItemPart> items,
        @Nullable Long maxAmountPerPeriodMicros) {

    /**
     * Looks up the prices, meters and merchant as needed, with the caller's merchant and mode; {@code itemIds} names
     * the {@code i}-th item ({@code si_...}, derived from the request so a retry names the same ones).
     */
    public static Mono<SubscriptionTerms> resolve(
            Caller caller,
            CreateSubscriptionRequest request,
            PriceLookup prices,
            MeterRepository meters,
            MerchantLookup merchants,
            IntFunction<String> itemIds) {
        // One after the other, so a request with several problems always gets the same error.
        return billing(caller, request, prices, meters, itemIds)
                .flatMap(billing -> payout(caller, request, merchants)
                        .map(payout -> new SubscriptionTerms(
                                billing.amountMicros,
                                billing.interval,
                                billing.trialDays,
                                billing.priceId,
                                payout,
                                billing.items,
                                billing.maxAmountPerPeriodMicros)));
    }

    private record Billing(
            long amountMicros,
            String interval,
            int trialDays,
            @Nullable String priceId,
            List<SubscriptionItemPart> items,
            @Nullable Long maxAmountPerPeriodMicros) {}

    private static Mono<Billing> billing(
            Caller caller,
            CreateSubscriptionRequest request,
            PriceLookup prices,
            MeterRepository meters,
            IntFunction<String> itemIds) {
        return switch (request.form()) {
            case AdHoc adHoc ->
                Mono.just(new Billing(adHoc.amount().micros(), adHoc.interval(), 0, null, List.of(), null));
            case ByPrice byPrice -> {
                var priceId = byPrice.priceId();
                yield prices.findSellable(caller.merchantId(), caller.mode(), priceId, "start new subscriptions")
                        .map(price -> {
                            if (!price.isRecurring()) {
                                throw ApiException.invalid(
                                        "priceId",
                                        "Price '" + priceId + "' is a one-time price;"
                                                + " a subscription needs a month or year price");
                            }
                            if (price.isMetered()) {
                                throw ApiException.invalid(
                                        "priceId",
                                        "Price '" + priceId + "' is metered: give it as one of items, with"
                                                + " maxAmountPerPeriodUsdc");
                            }
                            return new Billing(
                                    price.amountMicros(),
                                    price.interval(),
                                    price.trialDays(),
                                    price.id(),
                                    List.of(),
                                    null);
                        });
            }
            case WithItems withItems -> items(caller, withItems, prices, meters, itemIds);
        };
    }

    private static Mono<Billing> items(
            Caller caller, WithItems request, PriceLookup prices, MeterRepository meters, IntFunction<String> itemIds) {
        var requested = request.items();
        return Flux.range(0, requested.size())
                .concatMap(i -> item(caller, i, requested.get(i), prices, meters, itemIds.apply(i)))
                .collectList()
                .map(resolved -> {
                    var interval = resolved.getFirst().price().interval();
                    long licensed = 0;
                    boolean metered = false;
                    var parts = new ArrayList<SubscriptionItemPart>();
                    for (int i = 0; i < resolved.size(); i++) {
                        var item = resolved.get(i);
                        if (!item.price().interval().equals(interval)) {
                            throw ApiException.invalid(
                                    "items[" + i + "].priceId",
                                    "items[" + i + "].priceId is a "
                                            + item.price().interval() + " price, and" + " items[0]'s a " + interval
                                            + " one: every item has one interval");
                        }
                        var part = item.part();
                        if (item.price().isMetered()) {
                            metered = true;
                        } else {
                            licensed = Math.addExact(
                                    licensed, Math.multiplyExact(part.getQuantity(), part.getUnitAmountMicros()));
                        }
                        parts.add(part);
                    }
                    var max = request.maxAmountPerPeriod();
                    if (metered && max == null) {
                        throw ApiException.invalid(
                                "maxAmountPerPeriodUsdc",
                                "maxAmountPerPeriodUsdc is required with a metered item: the most one period's"
                                        + " invoice may charge, which the customer's mandate allows");
                    }
                    if (!metered && max != null) {
                        throw ApiException.invalid(
                                "maxAmountPerPeriodUsdc",
                                "maxAmountPerPeriodUsdc is only for a subscription with a metered item");
                    }
                    if (max != null && max.micros() < licensed) {
                        throw ApiException.invalid(
                                "maxAmountPerPeriodUsdc",
                                "maxAmountPerPeriodUsdc must be at least the licensed items' sum per period, "
                                        + UsdcAmount.ofMicros(licensed)
                                                .toDecimal()
                                                .toPlainString() + " USDC");
                    }
                    if (licensed > UsdcAmount.MAX.micros()) {
                        throw ApiException.invalid(
                                "items", "The licensed items' sum per period is above 1000000000 USDC");
                    }
                    var first = resolved.getFirst().price();
                    return new Billing(
                            licensed,
                            interval,
                            first.trialDays(),
                            null,
                            List.copyOf(parts),
                            max == null ? null : max.micros());
                });
    }

    private record ResolvedItem(CatalogPrice price, SubscriptionItemPart part) {}

    private static Mono<ResolvedItem> item(
            Caller caller,
            int index,
            CreateSubscriptionRequest.Item item,
            PriceLookup prices,
            MeterRepository meters,
            String itemId) {
        var param = "items[" + index + "].priceId";
        return prices.findSellable(caller.merchantId(), caller.mode(), item.priceId(), "start new subscriptions")
                // The lookup's errors name priceId; here it is this item's.
                .onErrorMap(
                        ApiException.class,
                        error -> "priceId".equals(error.param())
                                ? new ApiException(
                                        error.status(), error.code(), String.valueOf(error.getMessage()), param, null)
                                : error)
                .flatMap(price -> {
                    if (!price.isRecurring()) {
                        throw ApiException.invalid(
                                param,
                                param + " '" + item.priceId() + "' is a one-time price; a subscription needs month"
                                        + " or year prices");
                    }
                    var part = SubscriptionItemPart.newBuilder()
                            .setItemId(itemId)
                            .setPriceId(price.id())
                            .setUsageType(price.usageType())
                            .setUnitAmountMicros(price.amountMicros());
                    if (!price.isMetered()) {
                        part.setQuantity(item.quantity() == null ? 1 : item.quantity());
                        return Mono.just(new ResolvedItem(price, part.build()));
                    }
                    if (item.quantity() != null) {
                        throw ApiException.invalid(
                                "items[" + index + "].quantity",
                                "items[" + index + "].quantity is not for a metered price: its quantity is the"
                                        + " meter's usage");
                    }
                    var tiers = price.tiers() == null
                            ? List.<PriceTierPart>of()
                            : price.tiers().stream()
                                    .map(tier -> PriceTierPart.newBuilder()
                                            .setUpTo(tier.upTo())
                                            .setUnitAmountMicros(tier.unitAmountMicros())
                                            .setFlatAmountMicros(tier.flatAmountMicros())
                                            .build())
                                    .toList();
                    var meterId = String.valueOf(price.meterId());
                    return meters.find(caller.merchantId(), caller.mode(), meterId, false)
                            .switchIfEmpty(Mono.error(() -> new IllegalStateException(
                                    "price " + price.id() + " names meter " + meterId + " which is not found")))
                            .map(meter -> {
                                if (!meter.active()) {
                                    throw new ApiException(
                                            400,
                                            ErrorCodes.METER_INACTIVE,
                                            param + " '" + price.id() + "' is priced by meter '" + meterId
                                                    + "', which is inactive",
                                            param,
                                            null);
                                }
                                return new ResolvedItem(
                                        price,
                                        part.setQuantity(1)
                                                .setTiers(tiers)
                                                .setMeterId(meterId)
                                                .setEventName(meter.eventName())
                                                .setAggregation(meter.aggregation())
                                                .setDescription(description(meter))
                                                .build());
                            });
                });
    }

    private static String description(Meter meter) {
        return meter.displayName() != null ? meter.displayName() : meter.eventName();
    }

    private static Mono<String> payout(Caller caller, CreateSubscriptionRequest request, MerchantLookup merchants) {
        return PayoutAddresses.resolve(caller.merchantId(), request.payoutAddressEvm(), merchants);
    }
}
