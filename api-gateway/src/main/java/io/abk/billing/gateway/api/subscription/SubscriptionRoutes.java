package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.api.customer.CustomerWallets;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.Page;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.CustomerReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.gateway.readmodel.SubscriptionFilter;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/subscriptions}: create (a command, answered from its outcome once the read model has it, so the
 * next read sees it; the customer by wallet or {@code customerId}), get and list (from the read model, by status,
 * merchant reference, wallet or customer), and a
 * subscription's mandate as its chain holds it now ({@link SubscriptionMandates}); shapes in docs/api.md.
 */
@RestController
@RequestMapping("/v1/subscriptions")
public class SubscriptionRoutes {

    private final Commands commands;
    private final PriceLookup prices;
    private final MerchantLookup merchants;
    private final SubscriptionReadModel readModel;
    private final SubscriptionMandates mandates;
    private final CustomerWallets wallets;
    private final CustomerReadModel customers;
    private final String checkoutBase;

    public SubscriptionRoutes(
            Commands commands,
            PriceLookup prices,
            MerchantLookup merchants,
            SubscriptionReadModel readModel,
            SubscriptionMandates mandates,
            CustomerWallets wallets,
            CustomerReadModel customers,
            BillingProperties billing) {
        this.commands = commands;
        this.prices = prices;
        this.merchants = merchants;
        this.readModel = readModel;
        this.mandates = mandates;
        this.wallets = wallets;
        this.customers = customers;
        this.checkoutBase = billing.checkoutBase();
    }

    @PostMapping
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return commands.run(Aggregate.SUBSCRIPTION, caller, exchange, Commands.Wait.OUTCOME, identity -> {
                    // The ids derive from the command's identity, so a retry with the same Idempotency-Key names the
                    // same ones.
                    var request = CreateSubscriptionRequest.parse(RequestFields.of(body));
                    var subscriptionId = identity.derivedId(IdPrefix.SUBSCRIPTION);
                    var invoiceId = identity.derivedId(IdPrefix.INVOICE);
                    return wallets.resolve(caller, "customerWallet", request.customerWallet(), request.customerId())
                            .flatMap(wallet -> SubscriptionTerms.resolve(caller, request, prices, merchants)
                                    .map(terms -> new Commands.Target(
                                            subscriptionId, payload(request, wallet, terms, invoiceId))));
                })
                .map(settled -> ResponseEntity.status(HttpStatus.CREATED)
                        .body(CreatedSubscription.body(settled.outcome(), checkoutBase)));
    }

    @GetMapping("/{id}")
    public Mono<JsonNode> get(Caller caller, @PathVariable String id) {
        return readModel.find(caller, id).switchIfEmpty(ApiException.notFoundError("subscription", id));
    }

    /** The mandate on chain, read live: 200 whether or not the chain answers ({@code available}, {@code reason}). */
    @GetMapping("/{id}/mandate")
    public Mono<Map<String, @Nullable Object>> mandate(Caller caller, @PathVariable String id) {
        return get(caller, id).flatMap(subscription -> mandates.of(subscription, caller.mode()));
    }

    @GetMapping
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> {
            // The filters, then the page: a bad one is the answer's 400 before anything is read.
            var filter = SubscriptionFilters.from(query);
            var customerId = SubscriptionFilters.customerId(query);
            var page = PageRequest.from(query, IdPrefix.SUBSCRIPTION);
            if (customerId == null) {
                return readModel.matching(caller, filter, page).map(found -> found.body("subscriptions"));
            }
            // A customer is one wallet of the caller's: its subscriptions are that wallet's (the wallet index serves).
            return customers
                    .find(caller, customerId)
                    .mapNotNull(customer -> ResourceJson.text(customer, "wallet"))
                    .filter(wallet -> filter.wallet() == null || wallet.equalsIgnoreCase(filter.wallet()))
                    .flatMap(wallet -> readModel.matching(
                            caller, new SubscriptionFilter(filter.status(), filter.merchantRef(), wallet), page))
                    .defaultIfEmpty(new Page<>(List.of(), false))
                    .map(found -> found.body("subscriptions"));
        });
    }

    private static CreateSubscription payload(
            CreateSubscriptionRequest request, String wallet, SubscriptionTerms terms, String invoiceId) {
        return CreateSubscription.newBuilder()
                .setInvoiceId(invoiceId)
                .setAmountMicros(terms.amountMicros())
                .setInterval(terms.interval())
                .setTrialDays(terms.trialDays())
                .setPriceId(terms.priceId())
                .setPlanId(request.planId())
                .setWalletAddress(wallet)
                .setPayoutAddress(terms.payoutAddress())
                .setMerchantRef(request.merchantRef())
                .setMetadata(Map.copyOf(request.metadata()))
                .setSuccessUrl(Objects.toString(request.successUrl(), null))
                .setCancelUrl(Objects.toString(request.cancelUrl(), null))
                .build();
    }
}
