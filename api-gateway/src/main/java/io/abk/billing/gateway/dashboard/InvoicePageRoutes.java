package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.gateway.readmodel.InvoiceReadModel;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /dashboard/invoices}: the list (newest first, a page at a time, optionally of one subscription), an invoice
 * with its amounts, lines ({@link InvoiceLineRows}), transfers and charge attempts, and the confirmation of each action on
 * it (charge, void, refund in whole or in part), which the dashboard's script sends to {@code /v1/invoices/{id}/...}
 * as the member.
 */
@RestController
public class InvoicePageRoutes {

    private static final String LIST = "/dashboard/invoices";

    /** What the page says once an action is done, by the action ({@code ?done=}). */
    private static final Map<String, String> DONE = Map.of(
            "charge",
            "The charge was made: the status shows whether it was paid, the attempts why not.",
            "void",
            "The invoice is void.",
            "refund",
            "The refund is settled on chain.");

    private final DashboardRenderer renderer;
    private final InvoiceReadModel invoices;
    private final Explorer explorer;

    public InvoicePageRoutes(DashboardRenderer renderer, InvoiceReadModel invoices, Explorer explorer) {
        this.renderer = renderer;
        this.invoices = invoices;
        this.explorer = explorer;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var filled = ListPage.filled(query);
            var subscriptionId = ListFilters.id(filled, "subscriptionId", IdPrefix.SUBSCRIPTION);
            var page = ListPage.page(filled, IdPrefix.INVOICE);
            return invoices.list(session.caller(), subscriptionId, page).flatMap(found -> {
                var filters = new LinkedHashMap<String, @Nullable String>();
                filters.put("subscriptionId", subscriptionId);
                var model = ListPage.model(session, LIST, filters, page, found, InvoicePageRoutes::row);
                return renderer.page(session, "Invoices", "invoices", DashboardPages.INVOICES, model);
            });
        }));
    }

    @GetMapping(LIST + "/{id}")
    public Mono<ResponseEntity<String>> detail(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(invoices.find(session.caller(), id)
                .switchIfEmpty(ApiException.notFoundError("invoice", id))
                .flatMap(invoice -> {
                    var model = Rows.detail(id, invoice);
                    model.put("subscriptionId", invoice.path("subscriptionId").asString());
                    // The number and the customer's page come milliseconds after the invoice (invoice.finalized).
                    model.put("number", invoice.path("number").asString(""));
                    model.put(
                            "hostedInvoiceUrl", invoice.path("hostedInvoiceUrl").asString(""));
                    model.put("done", Rows.done(DONE, query));
                    Rows.actions(
                            model,
                            session.role().includes(UserRole.ADMIN)
                                    ? actions(invoice.path("status").asString())
                                    : List.of());
                    model.put("fields", fields(invoice, session.mode()));
                    InvoiceLineRows.put(model, invoice);
                    return renderer.page(session, "Invoice " + id, "invoices", DashboardPages.INVOICE, model);
                }));
    }

    /** The confirmation of an action, which the path's last segment names. */
    @GetMapping({LIST + "/{id}/charge", LIST + "/{id}/void", LIST + "/{id}/refund"})
    public Mono<ResponseEntity<String>> confirm(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            ServerWebExchange exchange) {
        var action = RequestPaths.lastSegment(exchange.getRequest());
        return ConfirmPage.forAdmin(
                session,
                "change an invoice",
                () -> invoices.find(session.caller(), id)
                        .switchIfEmpty(ApiException.notFoundError("invoice", id))
                        .flatMap(invoice -> {
                            var confirmation = confirmation(id, action, invoice);
                            return renderer.page(
                                    session,
                                    confirmation.heading(),
                                    "invoices",
                                    DashboardPages.CONFIRM,
                                    confirmation.model());
                        }));
    }

    private static ConfirmPage confirmation(String id, String action, JsonNode invoice) {
        var back = LIST + "/" + id;
        var api = "/v1/invoices/" + id + "/" + action;
        return switch (action) {
            case "charge" ->
                new ConfirmPage(
                                "invoice",
                                "Charge invoice",
                                "The customer's wallet is charged " + Shown.usdc(invoice, "amountUsdc")
                                        + " now, through its on-chain mandate. A charge that fails is recorded as"
                                        + " an attempt.",
                                api,
                                back,
                                "Back to the invoice")
                        .button("Charge invoice", false);
            case "void" ->
                new ConfirmPage(
                                "invoice",
                                "Void invoice",
                                "The invoice is closed unpaid and is never charged. This cannot be undone.",
                                api,
                                back,
                                "Back to the invoice")
                        .button("Void invoice", true);
            default ->
                new ConfirmPage(
                                "invoice",
                                "Refund invoice",
                                "The amount goes back to the customer's wallet on chain. This cannot be undone.",
                                api,
                                back,
                                "Back to the invoice")
                        .field(
                                "Amount to refund (USDC)",
                                "amountUsdc",
                                "number",
                                "",
                                "Up to 6 decimals; leave it empty to refund all that is left: " + left(invoice) + ".",
                                false)
                        .button("Refund invoice", true);
        };
    }

    /** What a refund may still return: the paid amount less what was refunded, exactly. */
    private static String left(JsonNode invoice) {
        var paid = invoice.path("amountUsdc");
        var refunded = invoice.path("amountRefundedUsdc");
        if (!paid.isNumber()) {
            return Shown.NONE;
        }
        return Shown.usdc(
                refunded.isNumber() ? paid.decimalValue().subtract(refunded.decimalValue()) : paid.decimalValue());
    }

    /** What the invoice's status allows (docs/architecture.md, "Invoice"). */
    private static List<Map<String, Object>> actions(String status) {
        var actions = new ArrayList<Map<String, Object>>();
        if ("open".equals(status) || "uncollectible".equals(status)) {
            actions.add(Rows.action("charge", "Charge", false));
        }
        if ("open".equals(status)) {
            actions.add(Rows.action("void", "Void", true));
        }
        if ("paid".equals(status)) {
            actions.add(Rows.action("refund", "Refund", true));
        }
        return actions;
    }

    private List<Map<String, Object>> fields(JsonNode i, Mode mode) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Number", Shown.text(i, "number"), true));
        fields.add(Rows.field("Amount", Shown.usdc(i, "amountUsdc"), false));
        fields.add(Rows.field("Refunded", Shown.usdc(i, "amountRefundedUsdc"), false));
        fields.add(Rows.field("Reason", Shown.text(i, "billingReason"), false));
        fields.add(Rows.field("Period", Shown.time(i, "periodStart") + " to " + Shown.time(i, "periodEnd"), false));
        fields.add(Rows.field("Due", Shown.time(i, "dueAt"), false));
        fields.add(Rows.field("Charge attempts", Shown.text(i, "attemptCount"), false));
        fields.add(Rows.field("Next attempt", Shown.time(i, "nextAttemptAt"), false));
        fields.add(Rows.field("Failure code", Shown.text(i, "failureCode"), true));
        fields.add(Rows.field("Failure message", Shown.text(i, "failureMessage"), false));
        fields.add(Rows.field("Paid", Shown.time(i, "paidAt"), false));
        fields.add(explorer.txField(mode, "Transaction", Shown.text(i, "txHash")));
        fields.add(explorer.txField(mode, "Refund transaction", Shown.text(i, "refundTxHash")));
        fields.add(Rows.field("Refunded at", Shown.time(i, "refundedAt"), false));
        fields.add(Rows.field("Voided", Shown.time(i, "voidedAt"), false));
        fields.add(Rows.field("Created", Shown.time(i, "createdAt"), false));
        return fields;
    }

    private static Map<String, Object> row(JsonNode i) {
        var row = Rows.row(i);
        row.put("amount", Shown.usdc(i, "amountUsdc"));
        row.put("subscriptionId", i.path("subscriptionId").asString());
        row.put("reason", Shown.text(i, "billingReason"));
        row.put("due", Shown.time(i, "dueAt"));
        row.put("paid", Shown.time(i, "paidAt"));
        row.put("created", Shown.time(i, "createdAt"));
        return row;
    }
}
