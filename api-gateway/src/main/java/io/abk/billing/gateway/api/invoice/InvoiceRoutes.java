package io.abk.billing.gateway.api.invoice;

import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.command.Settled;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.InvoiceReadModel;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.ChargeInvoice;
import io.abk.billing.schemas.avro.RefundInvoice;
import io.abk.billing.schemas.avro.VoidInvoice;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
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
 * {@code /v1/invoices}: get (the bare Invoice) and list ({@code {invoices, hasMore}}, optionally of one
 * subscription) from the read model; charge ({@code {ok, invoice, subscription}}), refund and void
 * ({@code {invoice}}) as commands to the invoice's subscription, found in the read model first (an invoice of
 * another merchant or mode is a 404 and sends nothing). Charge and refund answer once settled.
 */
@RestController
@RequestMapping("/v1/invoices")
public class InvoiceRoutes {

    private final Commands commands;
    private final InvoiceReadModel invoices;
    private final LatestResources latest;

    public InvoiceRoutes(Commands commands, InvoiceReadModel invoices, LatestResources latest) {
        this.commands = commands;
        this.invoices = invoices;
        this.latest = latest;
    }

    @GetMapping("/{id}")
    public Mono<JsonNode> get(Caller caller, @PathVariable String id) {
        return invoices.find(caller, id).switchIfEmpty(ApiException.notFoundError("invoice", id));
    }

    @GetMapping
    public Mono<Map<String, Object>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        return Mono.defer(() -> {
            var subscriptionId = ListFilters.id(query, "subscriptionId", IdPrefix.SUBSCRIPTION);
            var page = PageRequest.from(query, IdPrefix.INVOICE);
            return invoices.list(caller, subscriptionId, page).map(found -> found.body("invoices"));
        });
    }

    @PostMapping("/{id}/charge")
    public Mono<Map<String, Object>> charge(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return act(
                        caller,
                        id,
                        body,
                        exchange,
                        Wait.FOLLOW_UP,
                        fields -> new ChargeInvoice(id, InvoiceRequests.sandboxMode(caller, fields)))
                .flatMap(settled -> latest.invoice(caller, id, settled.newestFirst())
                        .zipWith(latest.subscription(caller, settled.outcome().aggregateId(), settled.newestFirst()))
                        .map(found -> {
                            var answer = new LinkedHashMap<String, Object>();
                            answer.put("ok", "paid".equals(ResourceJson.text(found.getT1(), "status")));
                            answer.put("invoice", found.getT1());
                            answer.put("subscription", found.getT2());
                            return answer;
                        }));
    }

    @PostMapping("/{id}/refund")
    public Mono<Map<String, Object>> refund(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return act(
                        caller,
                        id,
                        body,
                        exchange,
                        Wait.FOLLOW_UP,
                        fields -> new RefundInvoice(id, InvoiceRequests.refundMicros(fields)))
                .flatMap(settled -> {
                    var result = settled.followUp();
                    if (result != null && !result.accepted()) {
                        // The aggregate records a failed refund settlement as its result command's rejection.
                        var message = result.rejectionMessage() != null
                                ? result.rejectionMessage()
                                : "The refund could not be settled";
                        return Mono.error(ApiException.badRequest(ErrorCodes.REFUND_FAILED, message));
                    }
                    return invoiceBody(caller, id, settled);
                });
    }

    @PostMapping("/{id}/void")
    public Mono<Map<String, Object>> voidInvoice(
            Caller caller,
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return act(caller, id, body, exchange, Wait.OUTCOME, fields -> new VoidInvoice(id))
                .flatMap(settled -> invoiceBody(caller, id, settled));
    }

    /**
     * Validates the body into a payload, finds the invoice's subscription (the command's aggregate and key), sends
     * and awaits; a rejection is the API error.
     */
    private Mono<Settled> act(
            Caller caller,
            String id,
            @Nullable JsonNode body,
            ServerWebExchange exchange,
            Wait wait,
            Function<RequestFields, Object> payload) {
        return commands.runOnExisting(
                Aggregate.SUBSCRIPTION,
                caller,
                exchange,
                wait,
                () -> payload.apply(RequestFields.of(body)),
                () -> invoices.find(caller, id)
                        .switchIfEmpty(ApiException.notFoundError("invoice", id))
                        .map(InvoiceRoutes::subscriptionOf));
    }

    private Mono<Map<String, Object>> invoiceBody(Caller caller, String id, Settled settled) {
        return latest.invoice(caller, id, settled.newestFirst()).map(invoice -> Map.of("invoice", invoice));
    }

    private static String subscriptionOf(JsonNode invoice) {
        var subscriptionId = ResourceJson.text(invoice, "subscriptionId");
        if (subscriptionId == null) {
            throw new IllegalStateException(
                    "invoice " + ResourceJson.text(invoice, "id") + " in the read model has no subscriptionId");
        }
        return subscriptionId;
    }
}
