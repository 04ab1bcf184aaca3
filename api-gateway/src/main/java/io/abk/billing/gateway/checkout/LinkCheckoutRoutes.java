package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.readmodel.OwnedResource;
import io.abk.billing.gateway.readmodel.PaymentLinkReadModel;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
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
 * {@code /checkout/link/{id}}: the public face of a payment link, no API key. The status JSON ({@link LinkStatus}),
 * the open ({@link LinkOpening}) as JSON ({@code {payment, paymentLink, checkoutUrl}}) or as the page's form post
 * (303 to the minted payment's checkout page, or the link page again with the error), and the server-rendered page
 * with that form, which needs no JavaScript. Unknown ids are 404: a JSON error, or an HTML page for the page and the
 * form. POSTs are limited per client IP (the rate-limit filter).
 */
@RestController
@RequestMapping("/checkout/link")
public class LinkCheckoutRoutes {

    private final PaymentLinkReadModel links;
    private final MerchantLookup merchants;
    private final LinkOpening opening;
    private final ChainsProperties chains;

    LinkCheckoutRoutes(
            PaymentLinkReadModel links, MerchantLookup merchants, LinkOpening opening, ChainsProperties chains) {
        this.links = links;
        this.merchants = merchants;
        this.opening = opening;
        this.chains = chains;
    }

    @GetMapping("/{id}/status")
    public Mono<Map<String, @Nullable Object>> status(@PathVariable String id) {
        return owned(id).map(owned -> LinkStatus.of(owned.body()));
    }

    /** {@code {customerWallet?, email?, name?}} as JSON: answers {@code {payment, paymentLink, checkoutUrl}}. */
    @PostMapping(path = "/{id}/open", consumes = MediaType.APPLICATION_JSON_VALUE)
    public Mono<Map<String, @Nullable Object>> open(
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return owned(id)
                .flatMap(owned -> opening.open(owned, RequestFields.of(body), exchange)
                        .flatMap(opened -> CheckoutSupport.displayName(merchants, owned)
                                .map(name -> {
                                    var answer = new LinkedHashMap<String, @Nullable Object>();
                                    answer.put(
                                            "payment",
                                            PayStatus.of(opened.payment(), owned.mode(), name.orElse(null), chains));
                                    answer.put("paymentLink", LinkStatus.of(opened.paymentLink()));
                                    answer.put("checkoutUrl", opened.checkoutUrl());
                                    return answer;
                                })));
    }

    /**
     * The link page's form ({@code customerWallet}, {@code email}, {@code name}): 303 to the minted payment's checkout
     * page, or the link page again, with the error and what was entered, at the error's status.
     */
    @PostMapping(path = "/{id}/open", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    public Mono<ResponseEntity<String>> openFromForm(@PathVariable String id, ServerWebExchange exchange) {
        return exchange.getFormData()
                .flatMap(form -> links.findForCheckout(id)
                        .flatMap(owned -> {
                            var entered = OpenLinkRequest.fromForm(form);
                            return opening.open(owned, RequestFields.of(entered), exchange)
                                    .map(opened -> ResponseEntity.status(HttpStatus.SEE_OTHER)
                                            .location(URI.create(opened.checkoutUrl()))
                                            .<String>build())
                                    .onErrorResume(
                                            ApiException.class,
                                            refused -> page(
                                                    owned,
                                                    HttpStatusCode.valueOf(refused.status()),
                                                    formError(refused),
                                                    entered));
                        })
                        .defaultIfEmpty(CheckoutSupport.html(HttpStatus.NOT_FOUND, LinkPage.notFound())));
    }

    @GetMapping("/{id}")
    public Mono<ResponseEntity<String>> page(@PathVariable String id) {
        return links.findForCheckout(id)
                .flatMap(owned -> page(owned, HttpStatus.OK, null, null))
                .defaultIfEmpty(CheckoutSupport.html(HttpStatus.NOT_FOUND, LinkPage.notFound()));
    }

    private Mono<ResponseEntity<String>> page(
            OwnedResource owned, HttpStatusCode status, @Nullable String error, @Nullable JsonNode entered) {
        return CheckoutSupport.brand(merchants, owned)
                .map(brand -> CheckoutSupport.html(
                        status,
                        LinkPage.render(owned.body(), brand, chains.isSandbox(owned.mode()), error, entered),
                        brand));
    }

    /** The sentence the form shows: the refusal's own, but a customer cannot act on a timeout's advice to API clients. */
    private static String formError(ApiException refused) {
        return refused.status() >= 500
                ? "Opening this link is taking longer than usual. Please try again in a moment."
                : String.valueOf(refused.getMessage());
    }

    private Mono<OwnedResource> owned(String id) {
        return links.findForCheckout(id).switchIfEmpty(ApiException.notFoundError("payment link", id));
    }
}
