package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.api.catalog.PriceLookup;
import io.abk.billing.gateway.api.coupon.DiscountChoice;
import io.abk.billing.gateway.api.coupon.Redemptions;
import io.abk.billing.gateway.api.customer.CustomerWallets;
import io.abk.billing.gateway.api.meter.MeterRepository;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Settled;
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
import io.abk.billing.gateway.readmodel.projection.CommandOutcome;
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
    private final MeterRepository meters;
    private final MerchantLookup merchants;
    private final SubscriptionReadModel readModel;
    private final SubscriptionMandates mandates;
    private final CustomerWallets wallets;
    private final CustomerReadModel customers;
    private final Redemptions redemptions;
    private final CheckoutOptions checkoutOptions;
    private final String checkoutBase;

    public SubscriptionRoutes(
            Commands commands,
            PriceLookup prices,
            MeterRepository meters,
            MerchantLookup merchants,
            SubscriptionReadModel readModel,
            SubscriptionMandates mandates,
            CustomerWallets wallets,
            CustomerReadModel customers,
            Redemptions redemptions,
            CheckoutOptions checkoutOptions,
            BillingProperties billing) {
        this.commands = commands;
        this.prices = prices;
        this.meters = meters;
        this.merchants = merchants;
        this.readModel = readModel;
        this.mandates = mandates;
        this.wallets = wallets;
        this.customers = customers;
        this.redemptions = redemptions;
        this.checkoutOptions = checkoutOptions;
        this.checkoutBase = billing.checkoutBase();
    }

    /**
     * Creates the subscription: a {@code CreateSubscription} to it, or, with {@code couponId} or {@code promotionCode},
     * a redemption that forwards the create with its discount (answered once the subscription's outcome is in).
     */
    @PostMapping
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return Mono.defer(() -> {
            var fields = RequestFields.of(body);
            var discount = DiscountChoice.ofCreate(fields);
            var allowPromotionCodes =
                    fields.optionalBoolean("allowPromotionCodes").orElse(false);
            var aggregate = discount == null ? Aggregate.SUBSCRIPTION : Redemptions.aggregate(discount);
            var wait = discount == null ? Commands.Wait.OUTCOME : Commands.Wait.CHAIN;
            return commands.run(aggregate, caller, exchange, wait, identity -> {
                        // The ids derive from the command's identity, so a retry with the same Idempotency-Key names
                        // the same ones.
                        var request = CreateSubscriptionRequest.parse(fields);
                        var subscriptionId = identity.derivedId(IdPrefix.SUBSCRIPTION);
                        var invoiceId = identity.derivedId(IdPrefix.INVOICE);
                        return wallets.resolve(caller, "customerWallet", request.customerWallet(), request.customerId())
                                .flatMap(wallet -> SubscriptionTerms.resolve(
                                                caller,
                                                request,
                                                prices,
                                                meters,
                                                merchants,
                                                i -> identity.derivedId(IdPrefix.SUBSCRIPTION_ITEM, i))
                                        .map(terms -> payload(request, wallet, terms, invoiceId)))
                                .flatMap(create -> discount == null
                                        ? Mono.just(new Commands.Target(subscriptionId, create))
                                        : redemptions.target(
                                                caller,
                                                discount,
                                                subscriptionId,
                                                identity.derivedId(IdPrefix.REDEMPTION),
                                                create))
                                .flatMap(target -> allowPromotionCodes
                                        ? checkoutOptions
                                                .allowPromotionCodes(caller, subscriptionId)
                                                .thenReturn(target)
                                        : Mono.just(target));
                    })
                    .map(settled -> ResponseEntity.status(HttpStatus.CREATED)
                            .body(CreatedSubscription.body(created(settled), checkoutBase)));
        });
    }

    /** The create's own outcome: the command's, or the last of a redemption's chain (its first refusal, if any). */
    private static CommandOutcome created(Settled settled) {
        settled.requireAllAccepted();
        return settled.followUp() != null ? settled.followUp() : settled.outcome();
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
                .setItems(terms.items())
                .setMaxAmountPerPeriodMicros(terms.maxAmountPerPeriodMicros())
                .build();
    }
}
