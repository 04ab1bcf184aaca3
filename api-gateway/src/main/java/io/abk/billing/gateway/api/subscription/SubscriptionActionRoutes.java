package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.api.coupon.DiscountChoice;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.schemas.avro.PauseSubscription;
import io.abk.billing.schemas.avro.ResumeSubscription;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The lifecycle of a subscription (docs/architecture.md, "Subscription lifecycle"): activate, complete, cancel, resume,
 * pause and update (PATCH). Each resolves the subscription in the caller's merchant and mode first (else 404, nothing
 * sent), sends its command and answers from the outcome: {@code {subscription}}, or for activate
 * {@code {subscription, invoice, charge}} once the first charge has settled. A rejection is a 400 with the operation's
 * code (for example {@code subscription_activate_failed}).
 */
@RestController
@RequestMapping("/v1/subscriptions/{id}")
public class SubscriptionActionRoutes {

    /** The lifecycle commands of the POST routes that answer {@code {subscription}}, by the route's last segment. */
    static final Map<String, Function<RequestFields, Object>> LIFECYCLE = Map.of(
            "complete",
            LifecycleRequests::complete,
            "cancel",
            LifecycleRequests::cancel,
            "resume",
            fields -> new ResumeSubscription(),
            "pause",
            fields -> new PauseSubscription());

    /** The fields of a PATCH that change the fixed amount, which a subscription with items takes from its items. */
    static final List<String> AMOUNT_FIELDS = List.of("amountUsdc", "priceId", "interval");

    private final SubscriptionActions actions;
    private final PriceLookup prices;
    private final SubscriptionReadModel readModel;

    public SubscriptionActionRoutes(SubscriptionActions actions, PriceLookup prices, SubscriptionReadModel readModel) {
        this.actions = actions;
        this.prices = prices;
        this.readModel = readModel;
    }

    @PostMapping("/activate")
    public Mono<Map<String, @Nullable Object>> activate(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return actions.activate(caller, id, body, exchange).map(SubscriptionActions.Activation::body);
    }

    /**
     * complete, cancel, resume and pause: the path's last segment names the action, whose {@link #LIFECYCLE} entry
     * validates the body into the command.
     */
    @PostMapping({"/complete", "/cancel", "/resume", "/pause"})
    public Mono<Map<String, Object>> lifecycle(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        var action = RequestPaths.lastSegment(exchange.getRequest());
        var payload = LIFECYCLE.get(action);
        if (payload == null) {
            throw new IllegalStateException("no lifecycle command for the mapped action " + action);
        }
        return act(caller, id, body, exchange, payload);
    }

    /** The PATCH: {@link LifecycleRequests#update}, with a plan change's price and proration ({@link PlanChanges}). */
    @PatchMapping
    public Mono<Map<String, Object>> update(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return Mono.defer(() -> {
            // A discount is a command to the coupon or code (DiscountChoice): a PATCH changes it alone.
            var discount = DiscountChoice.ofUpdate(RequestFields.of(body));
            if (discount.isPresent()) {
                return actions.discount(caller, id, discount.get(), exchange)
                        .map(subscription -> Map.of("subscription", subscription));
            }
            return itemsUnchanged(caller, id, RequestFields.of(body))
                    .then(PlanChanges.price(caller, RequestFields.of(body), prices))
                    .flatMap(price -> act(
                            caller,
                            id,
                            body,
                            exchange,
                            fields -> PlanChanges.withPlanChange(
                                    LifecycleRequests.update(fields), fields, price.orElse(null))));
        });
    }

    /**
     * Completes unless the PATCH changes the amount, price or interval of a subscription with items: 400
     * {@code items_not_updatable} then (its amount is its licensed items' sum). An unknown subscription is left to
     * the command's own 404.
     */
    private Mono<Void> itemsUnchanged(Caller caller, String id, RequestFields fields) {
        var field = AMOUNT_FIELDS.stream().filter(fields::has).findFirst();
        if (field.isEmpty()) {
            return Mono.empty();
        }
        return readModel
                .find(caller, id)
                .filter(subscription -> subscription.path("items").size() > 0)
                .flatMap(subscription -> Mono.error(new ApiException(
                        400,
                        ErrorCodes.ITEMS_NOT_UPDATABLE,
                        field.get() + " cannot be changed on subscription '" + id + "': it has items, and its"
                                + " amount is their sum. Cancel it and create one with the new items",
                        field.get(),
                        null)));
    }

    /** Sends the lifecycle command and answers {@code {subscription}}. */
    private Mono<Map<String, Object>> act(
            Caller caller,
            String id,
            @Nullable JsonNode body,
            ServerWebExchange exchange,
            Function<RequestFields, Object> payload) {
        return actions.lifecycle(caller, id, body, exchange, payload)
                .map(subscription -> Map.of("subscription", subscription));
    }
}
