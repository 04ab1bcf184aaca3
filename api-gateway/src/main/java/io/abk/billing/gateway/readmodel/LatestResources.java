package io.abk.billing.gateway.readmodel;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.readmodel.projection.CommandOutcome;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A resource as a command left it, for the command's response: its snapshot in the command's outcomes (the
 * follow-up's first), else, when the command did not change it, the read model's row. Payments and links are
 * shown as at the mode's now ({@link ExpiryDisplay}), like every read of them.
 */
@Component
public final class LatestResources {

    private final SubscriptionReadModel subscriptions;
    private final InvoiceReadModel invoices;
    private final PaymentReadModel payments;
    private final PaymentLinkReadModel paymentLinks;
    private final CustomerReadModel customers;
    private final CouponReadModel coupons;
    private final PromotionCodeReadModel promotionCodes;

    public LatestResources(
            SubscriptionReadModel subscriptions,
            InvoiceReadModel invoices,
            PaymentReadModel payments,
            PaymentLinkReadModel paymentLinks,
            CustomerReadModel customers,
            CouponReadModel coupons,
            PromotionCodeReadModel promotionCodes) {
        this.subscriptions = subscriptions;
        this.invoices = invoices;
        this.payments = payments;
        this.paymentLinks = paymentLinks;
        this.customers = customers;
        this.coupons = coupons;
        this.promotionCodes = promotionCodes;
    }

    public Mono<JsonNode> subscription(Caller caller, String id, List<CommandOutcome> newestFirst) {
        return Snapshots.find(newestFirst, "subscription", id)
                .map(Mono::just)
                .orElseGet(() -> subscriptions.find(caller, id))
                .switchIfEmpty(ApiException.notFoundError("subscription", id));
    }

    public Mono<JsonNode> invoice(Caller caller, String id, List<CommandOutcome> newestFirst) {
        return Snapshots.find(newestFirst, "invoice", id)
                .map(Mono::just)
                .orElseGet(() -> invoices.find(caller, id))
                .switchIfEmpty(ApiException.notFoundError("invoice", id));
    }

    public Mono<JsonNode> payment(Caller caller, String id, List<CommandOutcome> newestFirst) {
        return Snapshots.find(newestFirst, "payment", id)
                .map(found -> payments.shown(caller, found))
                .orElseGet(() -> payments.find(caller, id))
                .switchIfEmpty(ApiException.notFoundError("payment", id));
    }

    public Mono<JsonNode> paymentLink(Caller caller, String id, List<CommandOutcome> newestFirst) {
        return Snapshots.find(newestFirst, "payment_link", id)
                .map(found -> paymentLinks.shown(caller, found))
                .orElseGet(() -> paymentLinks.find(caller, id))
                .switchIfEmpty(ApiException.notFoundError("payment link", id));
    }

    public Mono<JsonNode> customer(Caller caller, String id, List<CommandOutcome> newestFirst) {
        return Snapshots.find(newestFirst, "customer", id)
                .map(Mono::just)
                .orElseGet(() -> customers.find(caller, id))
                .switchIfEmpty(ApiException.notFoundError("customer", id));
    }

    public Mono<JsonNode> coupon(Caller caller, String id, List<CommandOutcome> newestFirst) {
        return Snapshots.find(newestFirst, "coupon", id)
                .map(Mono::just)
                .orElseGet(() -> coupons.find(caller, id))
                .switchIfEmpty(ApiException.notFoundError("coupon", id));
    }

    public Mono<JsonNode> promotionCode(Caller caller, String id, List<CommandOutcome> newestFirst) {
        return Snapshots.find(newestFirst, "promotion_code", id)
                .map(Mono::just)
                .orElseGet(() -> promotionCodes.find(caller, id))
                .switchIfEmpty(ApiException.notFoundError("promotion code", id));
    }
}
