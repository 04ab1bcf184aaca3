package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.api.subscription.SubscriptionActions;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
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

    public CheckoutRoutes(
            SubscriptionReadModel subscriptions,
            InvoiceReadModel invoices,
            MerchantLookup merchants,
            SubscriptionActions subscriptionActions,
            ChainsProperties chains) {
        this.subscriptions = subscriptions;
        this.invoices = invoices;
        this.merchants = merchants;
        this.subscriptionActions = subscriptionActions;
        this.chains = chains;
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
                .flatMap(owned -> Mono.zip(session(owned), CheckoutSupport.brand(merchants, owned)))
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
                        .flatMap(activated -> displayName(owned).map(name -> {
                            var answer = new LinkedHashMap<String, @Nullable Object>();
                            answer.put(
                                    "subscription",
                                    CheckoutSession.of(
                                            activated.subscription(),
                                            activated.invoice(),
                                            owned.mode(),
                                            name.orElse(null),
                                            chains));
                            answer.put(
                                    "invoice",
                                    activated.invoice() == null ? null : CheckoutSession.invoice(activated.invoice()));
                            answer.put("charge", activated.charge());
                            return answer;
                        })));
    }

    private Mono<OwnedResource> owned(String id) {
        return subscriptions.findForCheckout(id);
    }

    private Mono<Map<String, @Nullable Object>> session(OwnedResource owned) {
        var invoiceId = ResourceJson.text(owned.body(), "latestInvoiceId");
        Mono<Optional<JsonNode>> latestInvoice = invoiceId == null
                ? Mono.just(Optional.empty())
                : invoices.find(caller(owned), invoiceId).map(Optional::of).defaultIfEmpty(Optional.empty());
        return Mono.zip(latestInvoice, displayName(owned))
                .map(found -> CheckoutSession.of(
                        owned.body(),
                        found.getT1().orElse(null),
                        owned.mode(),
                        found.getT2().orElse(null),
                        chains));
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
