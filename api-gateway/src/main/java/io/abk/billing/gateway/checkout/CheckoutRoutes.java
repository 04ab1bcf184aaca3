package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.api.coupon.DiscountChoice;
import io.abk.billing.gateway.api.subscription.CheckoutOptions;
import io.abk.billing.gateway.api.subscription.SubscriptionActions;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.readmodel.InvoiceReadModel;
import io.abk.billing.gateway.readmodel.OwnedResource;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /checkout/subscribe/{id}}: the public face of one subscription, no API key, the subscription id being
 * the capability (it is unguessable). The session JSON and the page show only what {@link CheckoutSession}
 * picks; the activate acts as the merchant's own activate for that subscription alone, in the merchant and mode
 * the read model says it belongs to. Unknown ids are 404: a JSON error, or an HTML page for the page. POSTs are
 * limited per client IP (the rate-limit filter).
 */
@RestController
@RequestMapping("/checkout/subscribe")
public class CheckoutRoutes {

    private final SubscriptionReadModel subscriptions;
    private final InvoiceReadModel invoices;
    private final MerchantLookup merchants;
    private final SubscriptionActions subscriptionActions;
    private final ChainsProperties chains;
    private final CheckoutOptions options;

    public CheckoutRoutes(
            SubscriptionReadModel subscriptions,
            InvoiceReadModel invoices,
            MerchantLookup merchants,
            SubscriptionActions subscriptionActions,
            ChainsProperties chains,
            CheckoutOptions options) {
        this.subscriptions = subscriptions;
        this.invoices = invoices;
        this.merchants = merchants;
        this.subscriptionActions = subscriptionActions;
        this.chains = chains;
        this.options = options;
    }

    @GetMapping("/{id}.json")
    public Mono<Map<String, @Nullable Object>> session(@PathVariable String id) {
        return owned(id)
                .switchIfEmpty(ApiException.notFoundError("subscription", id))
                .flatMap(this::session);
    }

    @GetMapping("/{id}")
    public Mono<ResponseEntity<String>> page(@PathVariable String id) {
        return owned(id)
                .flatMap(owned -> Mono.zip(
                        session(owned).map(session -> CheckoutPage.withMandateCap(session, owned.body())),
                        CheckoutSupport.brand(merchants, owned)))
                .map(found -> CheckoutSupport.html(
                        HttpStatus.OK, CheckoutPage.render(found.getT1(), found.getT2()), found.getT2()))
                .defaultIfEmpty(html(HttpStatus.NOT_FOUND, CheckoutPage.notFound()));
    }

    /**
     * {@code {onChainSubscriptionId?}}: answers {@code {subscription, invoice, charge}} as the API's activate does,
     * but {@code subscription} is the checkout session and {@code invoice} only its payment fields: the customer
     * gets no more of the merchant's objects than the session shows.
     */
    @PostMapping("/{id}/activate")
    public Mono<Map<String, @Nullable Object>> activate(
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return owned(id)
                .switchIfEmpty(ApiException.notFoundError("subscription", id))
                .flatMap(owned -> subscriptionActions
                        .activate(caller(owned), id, body, exchange)
                        .flatMap(activated -> Mono.zip(displayName(owned), options.allowsPromotionCodes(id))
                                .map(found -> {
                                    var answer = new LinkedHashMap<String, @Nullable Object>();
                                    answer.put(
                                            "subscription",
                                            CheckoutDiscount.withFirstPayment(
                                                    CheckoutSession.of(
                                                            activated.subscription(),
                                                            activated.invoice(),
                                                            owned.mode(),
                                                            found.getT1().orElse(null),
                                                            chains),
                                                    activated.subscription(),
                                                    activated.invoice(),
                                                    found.getT2()));
                                    answer.put(
                                            "invoice",
                                            activated.invoice() == null
                                                    ? null
                                                    : CheckoutSession.invoice(activated.invoice()));
                                    answer.put("charge", activated.charge());
                                    return answer;
                                })));
    }

    /**
     * {@code {code}}: the customer's promotion code, redeemed for this subscription (its create asked for
     * {@code allowPromotionCodes}, and it is not active yet): answers the session, its first payment re-priced. A code
     * the merchant's mode lacks is 400 {@code coupon_not_found}; a refusal is 400 with the code's or coupon's code.
     */
    @PostMapping("/{id}/promotion_code")
    public Mono<Map<String, @Nullable Object>> promotionCode(
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return owned(id)
                .switchIfEmpty(ApiException.notFoundError("subscription", id))
                .flatMap(owned -> options.allowsPromotionCodes(id).flatMap(allowed -> {
                    if (!allowed || !"incomplete".equals(ResourceJson.text(owned.body(), "status"))) {
                        return Mono.error(new ApiException(
                                400,
                                ErrorCodes.PROMOTION_CODES_NOT_ALLOWED,
                                "This checkout does not take a promotion code"));
                    }
                    var code = DiscountChoice.ofCode(RequestFields.of(body), "code");
                    return subscriptionActions.discount(caller(owned), id, code, exchange);
                }))
                .then(Mono.defer(() -> owned(id)))
                .flatMap(this::session);
    }

    private Mono<OwnedResource> owned(String id) {
        return subscriptions.findForCheckout(id);
    }

    private Mono<Map<String, @Nullable Object>> session(OwnedResource owned) {
        var invoiceId = ResourceJson.text(owned.body(), "latestInvoiceId");
        Mono<Optional<JsonNode>> latestInvoice = invoiceId == null
                ? Mono.just(Optional.empty())
                : invoices.find(caller(owned), invoiceId).map(Optional::of).defaultIfEmpty(Optional.empty());
        var id = String.valueOf(ResourceJson.text(owned.body(), "id"));
        return Mono.zip(latestInvoice, displayName(owned), options.allowsPromotionCodes(id))
                .map(found -> CheckoutDiscount.withFirstPayment(
                        CheckoutSession.of(
                                owned.body(),
                                found.getT1().orElse(null),
                                owned.mode(),
                                found.getT2().orElse(null),
                                chains),
                        owned.body(),
                        found.getT1().orElse(null),
                        found.getT3()));
    }

    private Mono<Optional<String>> displayName(OwnedResource owned) {
        return CheckoutSupport.displayName(merchants, owned);
    }

    private static Caller caller(OwnedResource owned) {
        return CheckoutSupport.caller(owned);
    }

    private static ResponseEntity<String> html(HttpStatus status, String page) {
        return CheckoutSupport.html(status, page);
    }
}
