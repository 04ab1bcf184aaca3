package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.payment.PaymentRoutes;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.readmodel.PaymentReadModel;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /dashboard/payments}: the one-time payments (by status as shown, newest first, a page at a time) and a payment
 * with its amounts, customer and transfer. Read only: a payment is paid by its customer at checkout.
 */
@RestController
public class PaymentPageRoutes {

    private static final String LIST = "/dashboard/payments";

    private final DashboardRenderer renderer;
    private final PaymentReadModel payments;
    private final Explorer explorer;

    public PaymentPageRoutes(DashboardRenderer renderer, PaymentReadModel payments, Explorer explorer) {
        this.renderer = renderer;
        this.payments = payments;
        this.explorer = explorer;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(ListPage.byStatus(
                        session,
                        LIST,
                        query,
                        PaymentRoutes.STATUSES,
                        IdPrefix.PAYMENT,
                        (status, page) -> payments.list(session.caller(), status, page),
                        PaymentPageRoutes::row)
                .flatMap(model -> renderer.page(session, "Payments", "payments", DashboardPages.PAYMENTS, model)));
    }

    @GetMapping(LIST + "/{id}")
    public Mono<ResponseEntity<String>> detail(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        return DashboardRenderer.orRefusal(payments.find(session.caller(), id)
                .switchIfEmpty(ApiException.notFoundError("payment", id))
                .flatMap(payment -> {
                    var model = Rows.detail(id, payment);
                    var link = Shown.text(payment, "paymentLinkId");
                    model.put("paymentLinkId", Shown.NONE.equals(link) ? "" : link);
                    model.put("fields", fields(payment, session.mode()));
                    return renderer.page(session, "Payment " + id, "payments", DashboardPages.PAYMENT, model);
                }));
    }

    private List<Map<String, Object>> fields(JsonNode p, Mode mode) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Amount", Shown.usdc(p, "amountUsdc"), false));
        fields.add(Rows.field("Received", Shown.usdc(p, "amountReceivedUsdc"), false));
        fields.add(Rows.field("Merchant ref", Shown.text(p, "merchantRef"), false));
        fields.add(Rows.field("Description", Shown.text(p, "description"), false));
        fields.add(explorer.addressField(mode, "Customer wallet", Shown.text(p, "customerWallet")));
        fields.add(Rows.field("Customer email", Shown.text(p, "customerEmail"), false));
        fields.add(Rows.field("Customer name", Shown.text(p, "customerName"), false));
        fields.add(Rows.field("Paid out to", Shown.text(p, "payoutAddressEvm"), true));
        fields.add(Rows.field("Price", Shown.text(p, "priceId"), true));
        fields.add(Rows.field("Checkout page", Shown.text(p, "checkoutUrl"), true));
        fields.add(Rows.field("Expires", Shown.time(p, "expiresAt"), false));
        fields.add(Rows.field("Paid", Shown.time(p, "paidAt"), false));
        fields.add(Rows.field("Paid after it expired", p.path("paidLate").asBoolean() ? "yes" : "no", false));
        fields.add(explorer.txField(mode, "Transaction", Shown.text(p, "txHash")));
        fields.add(Rows.field("Created", Shown.time(p, "createdAt"), false));
        return fields;
    }

    private static Map<String, Object> row(JsonNode p) {
        var row = Rows.row(p);
        row.put("amount", Shown.usdc(p, "amountUsdc"));
        row.put("merchantRef", Shown.text(p, "merchantRef"));
        row.put("wallet", Shown.text(p, "customerWallet"));
        row.put("paid", Shown.time(p, "paidAt"));
        row.put("created", Shown.time(p, "createdAt"));
        return row;
    }
}
