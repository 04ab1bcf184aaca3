package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Target;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.command.Rejections;
import io.abk.billing.gateway.command.Settled;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.gateway.readmodel.OwnedResource;
import io.abk.billing.gateway.readmodel.PaymentReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.ConfirmPayment;
import java.util.LinkedHashMap;
import java.util.Map;
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
 * {@code /checkout/pay/{id}}: the public face of one payment, no API key, the payment id being the capability. The
 * status JSON ({@link PayStatus}), the confirm the customer's page posts once the transfer is sent (in the
 * payment's merchant and mode; answered once the transfer is verified, or 400 with the verification's failure
 * code), and the server-rendered page. Unknown ids are 404: a JSON error, or an HTML page for the page. POSTs are
 * limited per client IP (the rate-limit filter).
 */
@RestController
@RequestMapping("/checkout/pay")
public class PayCheckoutRoutes {

    private final PaymentReadModel payments;
    private final MerchantLookup merchants;
    private final Commands commands;
    private final LatestResources latest;
    private final ChainsProperties chains;

    public PayCheckoutRoutes(
            PaymentReadModel payments,
            MerchantLookup merchants,
            Commands commands,
            LatestResources latest,
            ChainsProperties chains) {
        this.payments = payments;
        this.merchants = merchants;
        this.commands = commands;
        this.latest = latest;
        this.chains = chains;
    }

    @GetMapping("/{id}/status")
    public Mono<Map<String, @Nullable Object>> status(@PathVariable String id) {
        return owned(id).flatMap(owned -> status(owned, owned.body()));
    }

    /**
     * {@code {txHash?}}: answers {@code {payment, alreadyPaid}}, {@code payment} in the status shape;
     * {@code alreadyPaid} when the payment was paid before this confirm (nothing was verified again).
     */
    @PostMapping("/{id}/confirm")
    public Mono<Map<String, @Nullable Object>> confirm(
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return owned(id).flatMap(owned -> {
            var caller = CheckoutSupport.caller(owned);
            return commands.run(
                            Aggregate.PAYMENT,
                            caller,
                            exchange,
                            Wait.FOLLOW_UP,
                            identity -> Mono.just(new Target(
                                    id,
                                    new ConfirmPayment(ConfirmRequest.txHash(
                                            RequestFields.of(body), chains.isSandbox(owned.mode()))))))
                    .map(Settled::requireAccepted)
                    .flatMap(settled -> {
                        var verification = settled.followUp();
                        if (verification != null) {
                            // A failed verification is the result command's rejection, with PAYMENT_TX_* or
                            // CHAIN_UNAVAILABLE.
                            Rejections.throwIfRejected(verification);
                        }
                        return latest.payment(caller, id, settled.newestFirst())
                                .flatMap(payment -> status(owned, payment).map(status -> {
                                    var answer = new LinkedHashMap<String, @Nullable Object>();
                                    answer.put("payment", status);
                                    answer.put(
                                            "alreadyPaid",
                                            verification == null
                                                    && "paid".equals(ResourceJson.text(payment, "status")));
                                    return answer;
                                }));
                    });
        });
    }

    @GetMapping("/{id}")
    public Mono<ResponseEntity<String>> page(@PathVariable String id) {
        return payments.findForCheckout(id)
                .flatMap(owned -> Mono.zip(status(owned, owned.body()), CheckoutSupport.brand(merchants, owned))
                        .map(found -> CheckoutSupport.html(
                                HttpStatus.OK,
                                PayPage.render(owned.body(), found.getT1(), found.getT2()),
                                found.getT2())))
                .defaultIfEmpty(CheckoutSupport.html(HttpStatus.NOT_FOUND, PayPage.notFound()));
    }

    private Mono<OwnedResource> owned(String id) {
        return payments.findForCheckout(id).switchIfEmpty(ApiException.notFoundError("payment", id));
    }

    private Mono<Map<String, @Nullable Object>> status(OwnedResource owned, JsonNode payment) {
        return CheckoutSupport.displayName(merchants, owned)
                .map(name -> PayStatus.of(payment, owned.mode(), name.orElse(null), chains));
    }
}
