package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.api.coupon.DiscountChoice;
import io.abk.billing.gateway.api.coupon.Redemptions;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.command.Settled;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The commands on a subscription of the caller's merchant and mode (404 when it has none, with nothing sent), each
 * answered from its outcome. The lifecycle commands tell the subscription; an activation (the API's route and
 * checkout's) also waits, when it charged the first invoice, for the charge's settlement, then tells the
 * subscription, the first invoice and how the charge went.
 */
@Component
public final class SubscriptionActions {

    /**
     * What the activation left behind.
     *
     * @param charge {@code {ok, failureCode, failureMessage, txHash}} of the settled first charge, or null when no
     *     charge ran (a free trial invoice is paid at once; a voided one is not charged)
     */
    public record Activation(
            JsonNode subscription,
            @Nullable JsonNode invoice,
            @Nullable Map<String, @Nullable Object> charge) {

        /** The activation's answer: {@code {subscription, invoice, charge}}. */
        public Map<String, @Nullable Object> body() {
            var body = new LinkedHashMap<String, @Nullable Object>();
            body.put("subscription", subscription);
            body.put("invoice", invoice);
            body.put("charge", charge);
            return body;
        }
    }

    private final Commands commands;
    private final SubscriptionReadModel subscriptions;
    private final LatestResources latest;
    private final Redemptions redemptions;

    public SubscriptionActions(
            Commands commands, SubscriptionReadModel subscriptions, LatestResources latest, Redemptions redemptions) {
        this.commands = commands;
        this.subscriptions = subscriptions;
        this.latest = latest;
        this.redemptions = redemptions;
    }

    public Mono<Activation> activate(Caller caller, String id, @Nullable JsonNode body, ServerWebExchange exchange) {
        return run(caller, id, exchange, Wait.FOLLOW_UP, () -> LifecycleRequests.activate(RequestFields.of(body)))
                .flatMap(settled -> activation(caller, id, settled));
    }

    /** Validates the body into a payload, sends it and tells the subscription as the command left it. */
    Mono<JsonNode> lifecycle(
            Caller caller,
            String id,
            @Nullable JsonNode body,
            ServerWebExchange exchange,
            Function<RequestFields, Object> payload) {
        return run(caller, id, exchange, Wait.OUTCOME, () -> payload.apply(RequestFields.of(body)))
                .flatMap(settled -> latest.subscription(caller, id, settled.newestFirst()));
    }

    /**
     * Gives the subscription the discount of {@code choice} (a redemption, which the coupon forwards as ApplyDiscount)
     * or removes it, and tells the subscription as the chain left it; a refusal is the route's 400 with its code.
     */
    public Mono<JsonNode> discount(Caller caller, String id, DiscountChoice choice, ServerWebExchange exchange) {
        return commands.run(
                        Redemptions.aggregate(choice),
                        caller,
                        exchange,
                        Wait.CHAIN,
                        identity -> subscriptions
                                .existing(caller, id)
                                .flatMap(existing -> redemptions.target(
                                        caller, choice, existing, identity.derivedId(IdPrefix.REDEMPTION), null)))
                .map(Settled::requireAllAccepted)
                .flatMap(settled -> latest.subscription(caller, id, settled.newestFirst()));
    }

    private Mono<Settled> run(
            Caller caller, String id, ServerWebExchange exchange, Wait wait, Supplier<Object> payload) {
        return commands.runOnExisting(
                Aggregate.SUBSCRIPTION, caller, exchange, wait, payload, () -> subscriptions.existing(caller, id));
    }

    private Mono<Activation> activation(Caller caller, String id, Settled settled) {
        var outcomes = settled.newestFirst();
        return latest.subscription(caller, id, outcomes).flatMap(subscription -> {
            var invoiceId = ResourceJson.text(subscription, "latestInvoiceId");
            if (invoiceId == null) {
                return Mono.just(new Activation(subscription, null, null));
            }
            return latest.invoice(caller, invoiceId, outcomes)
                    .map(invoice ->
                            new Activation(subscription, invoice, settled.followUp() == null ? null : charge(invoice)));
        });
    }

    /** How the first charge went, read from the invoice it settled. */
    static Map<String, @Nullable Object> charge(JsonNode invoice) {
        var charge = new LinkedHashMap<String, @Nullable Object>();
        charge.put("ok", "paid".equals(ResourceJson.text(invoice, "status")));
        charge.put("failureCode", ResourceJson.text(invoice, "failureCode"));
        charge.put("failureMessage", ResourceJson.text(invoice, "failureMessage"));
        charge.put("txHash", ResourceJson.text(invoice, "txHash"));
        return charge;
    }
}
