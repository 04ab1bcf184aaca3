package io.abk.billing.gateway.api.payment;

import io.abk.billing.gateway.api.customer.CustomerWallets;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Target;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.command.Settled;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.gateway.readmodel.PaymentReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.CreatePayment;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.LinkedHashMap;
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
 * {@code /v1/payments}: create a one-time payment (a {@code CreatePayment} command with the id and checkout URL minted
 * here, answered 201 {@code {payment, checkoutUrl}} from its outcome), get ({@code {payment}}) and list
 * ({@code {payments, hasMore}}, optionally of one status) from the read model
 * (docs/architecture.md, "One-time payment").
 */
@RestController
@RequestMapping("/v1/payments")
public class PaymentRoutes {

    /** The statuses a payment shows (docs/api.md, PaymentStatus); the list filter accepts exactly these. */
    public static final List<String> STATUSES = List.of("open", "paid", "canceled", "expired");

    private final Commands commands;
    private final OneTimeAmountLookup amounts;
    private final PaymentReadModel payments;
    private final LatestResources latest;
    private final CustomerWallets wallets;
    private final String checkoutBase;

    public PaymentRoutes(
            Commands commands,
            OneTimeAmountLookup amounts,
            PaymentReadModel payments,
            LatestResources latest,
            CustomerWallets wallets,
            BillingProperties billing) {
        this.commands = commands;
        this.amounts = amounts;
        this.payments = payments;
        this.latest = latest;
        this.wallets = wallets;
        this.checkoutBase = billing.checkoutBase();
    }

    /** The public checkout page of a payment: where its customer pays. */
    public static String checkoutUrl(String checkoutBase, String paymentId) {
        return checkoutBase + "/checkout/pay/" + paymentId;
    }

    @PostMapping
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return commands.run(Aggregate.PAYMENT, caller, exchange, Wait.OUTCOME, identity -> {
                    var request = CreatePaymentRequest.parse(RequestFields.of(body));
                    var paymentId = identity.derivedId(IdPrefix.PAYMENT);
                    return wallets.resolve(caller, "customerWallet", request.customerWallet(), request.customerId())
                            .flatMap(wallet -> amounts.resolve(
                                            caller, request.amount(), request.payoutAddressEvm(), "a payment")
                                    .map(resolved -> new Target(
                                            paymentId,
                                            payload(request, wallet, resolved, checkoutUrl(checkoutBase, paymentId)))));
                })
                .map(Settled::requireAccepted)
                .flatMap(settled -> latest.payment(caller, settled.outcome().aggregateId(), settled.newestFirst()))
                .map(payment -> {
                    var answer = new LinkedHashMap<String, Object>();
                    answer.put("payment", payment);
                    answer.put("checkoutUrl", String.valueOf(ResourceJson.text(payment, "checkoutUrl")));
                    return ResponseEntity.status(HttpStatus.CREATED).body(answer);
                });
    }

    @GetMapping("/{id}")
    public Mono<Map<String, Object>> get(Caller caller, @PathVariable String id) {
        return payments.find(caller, id)
                .switchIfEmpty(ApiException.notFoundError("payment", id))
                .map(payment -> Map.of("payment", payment));
    }

    @GetMapping
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return ListFilters.byStatus(
                query, STATUSES, IdPrefix.PAYMENT, "payments", (status, page) -> payments.list(caller, status, page));
    }

    private static CreatePayment payload(
            CreatePaymentRequest request, String wallet, OneTimeAmountLookup.Resolved resolved, String checkoutUrl) {
        return CreatePayment.newBuilder()
                .setAmountMicros(resolved.amountMicros())
                .setCustomerWallet(wallet)
                .setPayoutAddress(resolved.payoutAddress())
                .setMerchantRef(request.merchantRef())
                .setPriceId(resolved.priceId())
                .setCheckoutUrl(checkoutUrl)
                .setSuccessUrl(Objects.toString(request.successUrl(), null))
                .setCancelUrl(Objects.toString(request.cancelUrl(), null))
                .setMetadata(Map.copyOf(request.metadata()))
                .build();
    }
}
