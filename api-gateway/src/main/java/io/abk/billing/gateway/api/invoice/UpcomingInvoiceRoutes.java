package io.abk.billing.gateway.api.invoice;

import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.api.meter.Meter;
import io.abk.billing.gateway.api.meter.MeterService;
import io.abk.billing.gateway.api.subscription.PlanChanges;
import io.abk.billing.gateway.api.usage.SubscriptionUsageRepository;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.money.InvalidAmountException;
import io.abk.billing.schemas.money.SixDecimalAmounts;
import io.abk.billing.schemas.render.ApiJson;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /v1/invoices/upcoming?subscriptionId=...[&amountUsdc=|&priceId=][&prorationBehavior=]}: the next invoice
 * of a subscription of the caller's merchant and mode ({@link UpcomingInvoices}), with a proposed change of amount
 * applied as of the mode's now. Another merchant's or mode's subscription is a 404, a canceled one a 400
 * {@code subscription_canceled}.
 */
@RestController
public class UpcomingInvoiceRoutes {

    static final String SUBSCRIPTION_CANCELED = "subscription_canceled";

    private final SubscriptionReadModel subscriptions;
    private final PriceLookup prices;
    private final EffectiveClock clock;
    private final SubscriptionUsageRepository usage;
    private final MeterService meters;

    public UpcomingInvoiceRoutes(
            SubscriptionReadModel subscriptions,
            PriceLookup prices,
            EffectiveClock clock,
            SubscriptionUsageRepository usage,
            MeterService meters) {
        this.subscriptions = subscriptions;
        this.prices = prices;
        this.clock = clock;
        this.usage = usage;
        this.meters = meters;
    }

    @GetMapping("/v1/invoices/upcoming")
    public Mono<Map<String, @Nullable Object>> upcoming(
            Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> {
            var id = ListFilters.id(query, "subscriptionId", IdPrefix.SUBSCRIPTION);
            if (id == null) {
                throw ApiException.invalid("subscriptionId", "subscriptionId is required");
            }
            var behavior = PlanChanges.behavior(query.getFirst("prorationBehavior"));
            var amount = amountMicros(query.getFirst("amountUsdc"));
            var priceId = query.getFirst("priceId");
            if (priceId != null && amount != null) {
                throw ApiException.invalid(
                        "amountUsdc",
                        "amountUsdc cannot be given with priceId: the price sets the amount and interval");
            }
            Mono<Optional<UpcomingInvoices.Change>> change = priceId != null
                    ? PlanChanges.recurring(caller, priceId, prices)
                            .map(price -> Optional.of(new UpcomingInvoices.Change(
                                    price.amountMicros(), price.interval(), orDefault(behavior))))
                    : Mono.just(Optional.ofNullable(
                            amount == null ? null : new UpcomingInvoices.Change(amount, null, orDefault(behavior))));
            return subscriptions
                    .find(caller, id)
                    .switchIfEmpty(ApiException.notFoundError("subscription", id))
                    .flatMap(subscription -> {
                        if ("canceled".equals(subscription.get("status").stringValue())) {
                            return Mono.error(ApiException.badRequest(
                                    SUBSCRIPTION_CANCELED,
                                    "Subscription " + id + " is canceled; it makes no more invoices"));
                        }
                        if ((priceId != null || amount != null)
                                && subscription.path("items").size() > 0) {
                            return Mono.error(new ApiException(
                                    400,
                                    ErrorCodes.ITEMS_NOT_UPDATABLE,
                                    "Subscription " + id + " has items: its amount is their sum and cannot be changed",
                                    priceId != null ? "priceId" : "amountUsdc",
                                    null));
                        }
                        return Mono.zip(
                                        change,
                                        clock.now(caller.merchantId(), caller.mode()),
                                        usage(caller, subscription))
                                .map(found -> UpcomingInvoices.preview(
                                        subscription, found.getT1().orElse(null), found.getT2(), found.getT3()));
                    });
        });
    }

    /**
     * The metered items' usage in the subscription's current period (a summary of another period counts nothing:
     * it is the period before, already invoiced), and each item's line name: its meter's display name or event name.
     */
    private Mono<UpcomingInvoices.Usage> usage(Caller caller, JsonNode subscription) {
        if (subscription.path("items").size() == 0) {
            return Mono.just(UpcomingInvoices.Usage.NONE);
        }
        var start = subscription.path("currentPeriodStart").asString();
        return usage.find(caller, subscription.path("id").asString())
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .zipWith(meters.eventNames(caller))
                .map(found -> {
                    var quantities = new HashMap<String, Long>();
                    found.getT1()
                            .filter(row -> start.equals(ApiJson.timestamp(row.periodStart())))
                            .ifPresent(row -> row.items()
                                    .forEach(item -> quantities.put(
                                            item.path("itemId").asString(),
                                            item.path("quantity").asLong())));
                    var byMeter = new HashMap<String, Meter>();
                    found.getT2().values().forEach(meter -> byMeter.put(meter.id(), meter));
                    var names = new HashMap<String, String>();
                    for (var item : subscription.path("items")) {
                        var meter = byMeter.get(item.path("meterId").asString());
                        if (meter != null) {
                            names.put(
                                    item.path("id").asString(),
                                    meter.displayName() != null ? meter.displayName() : meter.eventName());
                        }
                    }
                    return new UpcomingInvoices.Usage(quantities, names);
                });
    }

    private static String orDefault(@Nullable String behavior) {
        return behavior != null ? behavior : "create_prorations";
    }

    private static @Nullable Long amountMicros(@Nullable String value) {
        if (value == null) {
            return null;
        }
        try {
            return SixDecimalAmounts.parsePositiveMicros(new BigDecimal(value));
        } catch (NumberFormatException | InvalidAmountException e) {
            throw ApiException.invalid(
                    "amountUsdc",
                    "amountUsdc must be a positive USDC amount with at most 6 decimals, not '" + value + "'");
        }
    }
}
