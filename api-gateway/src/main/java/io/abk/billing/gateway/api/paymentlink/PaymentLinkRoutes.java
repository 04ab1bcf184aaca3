package io.abk.billing.gateway.api.paymentlink;

import io.abk.billing.gateway.api.payment.OneTimeAmountLookup;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.CommandStamper;
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
import io.abk.billing.gateway.readmodel.PaymentLinkReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.CreatePaymentLink;
import io.abk.billing.schemas.avro.DisablePaymentLink;
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
 * {@code /v1/payment-links}: create (a {@code CreatePaymentLink} command with the id and public URL minted here,
 * 201 {@code {paymentLink, url}}), get ({@code {paymentLink, url}}), list ({@code {paymentLinks, hasMore}},
 * optionally of one status) and disable ({@code {paymentLink, url}}; disabling a disabled link is fine). Opening a
 * link is checkout's (docs/architecture.md, "Payment link").
 */
@RestController
@RequestMapping("/v1/payment-links")
public class PaymentLinkRoutes {

    /** The statuses a link shows (docs/api.md, PaymentLinkStatus); the list filter accepts exactly these. */
    public static final List<String> STATUSES = List.of("active", "disabled", "expired");

    private final Commands commands;
    private final CommandStamper stamper;
    private final OneTimeAmountLookup amounts;
    private final PaymentLinkReadModel links;
    private final LatestResources latest;
    private final String checkoutBase;

    public PaymentLinkRoutes(
            Commands commands,
            CommandStamper stamper,
            OneTimeAmountLookup amounts,
            PaymentLinkReadModel links,
            LatestResources latest,
            BillingProperties billing) {
        this.commands = commands;
        this.stamper = stamper;
        this.amounts = amounts;
        this.links = links;
        this.latest = latest;
        this.checkoutBase = billing.checkoutBase();
    }

    @PostMapping
    public Mono<ResponseEntity<Map<String, Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        return commands.run(Aggregate.PAYMENT_LINK, caller, exchange, Wait.OUTCOME, identity -> {
                    var request = CreatePaymentLinkRequest.parse(RequestFields.of(body), stamper.now(caller));
                    var linkId = identity.derivedId(IdPrefix.PAYMENT_LINK);
                    return amounts.resolve(caller, request.amount(), request.payoutAddressEvm(), "a payment link")
                            .map(resolved -> new Target(linkId, payload(request, resolved, linkId)));
                })
                .map(Settled::requireAccepted)
                .flatMap(settled -> latest.paymentLink(caller, settled.outcome().aggregateId(), settled.newestFirst()))
                .map(link -> ResponseEntity.status(HttpStatus.CREATED).body(withUrl(link)));
    }

    @GetMapping("/{id}")
    public Mono<Map<String, Object>> get(Caller caller, @PathVariable String id) {
        return links.find(caller, id)
                .switchIfEmpty(ApiException.notFoundError("payment link", id))
                .map(PaymentLinkRoutes::withUrl);
    }

    @GetMapping
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return ListFilters.byStatus(
                query,
                STATUSES,
                IdPrefix.PAYMENT_LINK,
                "paymentLinks",
                (status, page) -> links.list(caller, status, page));
    }

    /** Disables the link (the aggregate accepts a disabled link again, changing nothing). */
    @PostMapping("/{id}/disable")
    public Mono<Map<String, Object>> disable(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return commands.runOnExisting(
                        Aggregate.PAYMENT_LINK,
                        caller,
                        exchange,
                        Wait.OUTCOME,
                        () -> {
                            // No field is read, but a body that is not an object is refused, as on every route.
                            RequestFields.of(body);
                            return new DisablePaymentLink();
                        },
                        () -> links.find(caller, id)
                                .switchIfEmpty(ApiException.notFoundError("payment link", id))
                                .thenReturn(id))
                .flatMap(settled -> latest.paymentLink(caller, id, settled.newestFirst()))
                .map(PaymentLinkRoutes::withUrl);
    }

    /** The public page of a link: where customers open it. */
    public static String linkUrl(String checkoutBase, String linkId) {
        return checkoutBase + "/checkout/link/" + linkId;
    }

    /** The link's answer everywhere: {@code {paymentLink, url}}. */
    private static Map<String, Object> withUrl(JsonNode link) {
        var answer = new LinkedHashMap<String, Object>();
        answer.put("paymentLink", link);
        answer.put("url", String.valueOf(ResourceJson.text(link, "url")));
        return answer;
    }

    private CreatePaymentLink payload(
            CreatePaymentLinkRequest request, OneTimeAmountLookup.Resolved resolved, String linkId) {
        return CreatePaymentLink.newBuilder()
                .setAmountMicros(resolved.amountMicros())
                .setDescription(request.description())
                .setMerchantRefPrefix(request.merchantRefPrefix() != null ? request.merchantRefPrefix() : linkId)
                .setPayoutAddress(resolved.payoutAddress())
                .setPriceId(resolved.priceId())
                .setMaxUses(request.maxUses())
                .setExpiresAt(request.expiresAt())
                .setUrl(linkUrl(checkoutBase, linkId))
                .setSuccessUrl(Objects.toString(request.successUrl(), null))
                .setCancelUrl(Objects.toString(request.cancelUrl(), null))
                .setCollectEmail(request.collectEmail())
                .setCollectName(request.collectName())
                .setMetadata(Map.copyOf(request.metadata()))
                .build();
    }
}
