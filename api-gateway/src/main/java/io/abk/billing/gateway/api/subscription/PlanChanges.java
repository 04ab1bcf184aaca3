package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.api.catalog.CatalogPrice;
import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.avro.UpdateSubscription;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The plan-change fields of {@code PATCH /v1/subscriptions/{id}} and of the upcoming invoice's preview
 * (docs/architecture.md, "Plan changes and proration"): {@code priceId} (a month or year price of the catalog, whose
 * amount and interval it sets; not with {@code amountUsdc} or {@code interval}) and {@code prorationBehavior}
 * ({@code create_prorations}, the default, {@code always_invoice} or {@code none}; else 400
 * {@code invalid_proration_behavior}).
 */
public final class PlanChanges {

    public static final String INVALID_PRORATION_BEHAVIOR = "invalid_proration_behavior";
    public static final List<String> BEHAVIORS = List.of("create_prorations", "always_invoice", "none");

    private PlanChanges() {}

    /** {@code behavior} when it is one of {@link #BEHAVIORS} (null stays null), else the 400. */
    public static @Nullable String behavior(@Nullable String behavior) {
        if (behavior != null && !BEHAVIORS.contains(behavior)) {
            throw new ApiException(
                    400,
                    INVALID_PRORATION_BEHAVIOR,
                    "prorationBehavior must be one of " + String.join(", ", BEHAVIORS) + ", not '" + behavior + "'",
                    "prorationBehavior",
                    null);
        }
        return behavior;
    }

    /** The PATCH body's price, looked up (a missing, foreign, archived or one-time price is a 400), if it names one. */
    static Mono<Optional<CatalogPrice>> price(Caller caller, RequestFields fields, PriceLookup prices) {
        return Mono.defer(() -> {
            var priceId = fields.optionalString("priceId", CreateSubscriptionRequest.MAX_REF_LENGTH);
            if (priceId.isEmpty()) {
                return Mono.just(Optional.<CatalogPrice>empty());
            }
            for (var conflicting : List.of("amountUsdc", "interval")) {
                if (fields.has(conflicting)) {
                    throw ApiException.invalid(
                            conflicting,
                            conflicting + " cannot be given with priceId: the price sets the amount and interval");
                }
            }
            return recurring(caller, priceId.get(), prices).map(Optional::of);
        });
    }

    /** A month or year price of the caller's catalog that may be sold. */
    public static Mono<CatalogPrice> recurring(Caller caller, String priceId, PriceLookup prices) {
        return prices.findSellable(caller.merchantId(), caller.mode(), priceId, "be subscribed to")
                .map(price -> {
                    if (!price.isRecurring()) {
                        throw ApiException.invalid(
                                "priceId",
                                "Price '" + priceId
                                        + "' is a one-time price; a subscription needs a month or year price");
                    }
                    return price;
                });
    }

    /** {@code update} with the body's {@code prorationBehavior} and, when {@code price} is given, its terms. */
    static UpdateSubscription withPlanChange(
            UpdateSubscription update, RequestFields fields, @Nullable CatalogPrice price) {
        var builder = UpdateSubscription.newBuilder(update)
                .setProrationBehavior(
                        behavior(fields.optionalString("prorationBehavior", 32).orElse(null)));
        if (price != null) {
            builder.setPriceId(price.id()).setAmountMicros(price.amountMicros()).setInterval(price.interval());
        }
        return builder.build();
    }
}
