package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.api.payment.PaymentRoutes;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Target;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.command.Rejections;
import io.abk.billing.gateway.command.Settled;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.gateway.readmodel.OwnedResource;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.OpenPaymentLink;
import io.abk.billing.schemas.ids.IdPrefix;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A customer opens a payment link (the JSON route and the page's form alike): validates what the customer gave
 * against what the link collects, mints the payment's id and checkout URL, sends {@code OpenPaymentLink} to the
 * link's aggregate (the single writer of its use count, which decides disabled, expired and used up as
 * {@code payment_link_error}) in the link's merchant and mode, and waits for the payment the open minted: the
 * open's follow-up command is that payment's create.
 */
@Component
final class LinkOpening {

    /** The payment the open minted and the link after the open, each as the API shows it. */
    record Opened(JsonNode payment, JsonNode paymentLink) {

        String checkoutUrl() {
            return String.valueOf(ResourceJson.text(payment, "checkoutUrl"));
        }
    }

    private final Commands commands;
    private final LatestResources latest;
    private final String checkoutBase;

    LinkOpening(Commands commands, LatestResources latest, BillingProperties billing) {
        this.commands = commands;
        this.latest = latest;
        this.checkoutBase = billing.checkoutBase();
    }

    Mono<Opened> open(OwnedResource link, RequestFields fields, ServerWebExchange exchange) {
        var caller = CheckoutSupport.caller(link);
        var linkId = String.valueOf(ResourceJson.text(link.body(), "id"));
        return commands.run(Aggregate.PAYMENT_LINK, caller, exchange, Wait.FOLLOW_UP, identity -> {
                    var request = OpenLinkRequest.parse(
                            fields,
                            link.body().path("collectEmail").asBoolean(false),
                            link.body().path("collectName").asBoolean(false));
                    var paymentId = identity.derivedId(IdPrefix.PAYMENT);
                    return Mono.just(new Target(
                            linkId,
                            new OpenPaymentLink(
                                    paymentId,
                                    PaymentRoutes.checkoutUrl(checkoutBase, paymentId),
                                    request.customerWallet(),
                                    request.email(),
                                    request.name())));
                })
                .map(Settled::requireAccepted)
                .flatMap(settled -> {
                    var minted = settled.followUp();
                    if (minted == null) {
                        // The aggregate accepted an open without minting a payment: a bug, not input.
                        return Mono.error(new IllegalStateException("accepted open of " + linkId + " (command "
                                + settled.outcome().commandId() + ") named no minted payment"));
                    }
                    Rejections.throwIfRejected(minted);
                    var outcomes = settled.newestFirst();
                    return latest.payment(caller, minted.aggregateId(), outcomes)
                            .zipWith(latest.paymentLink(caller, linkId, outcomes), Opened::new);
                });
    }
}
