package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.paymentlink.PaymentLinkRoutes;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.QrSvg;
import io.abk.billing.gateway.readmodel.PaymentLinkReadModel;
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
 * {@code /dashboard/payment-links}: the links (by status as shown, newest first, a page at a time), the form that
 * creates one (its fields the API's, sent to {@code POST /v1/payment-links} as the member, then on to the new link's
 * page), a link with its public URL to copy and as a QR code to scan, and the confirmation that disables it.
 */
@RestController
public class PaymentLinkPageRoutes {

    private static final String LIST = "/dashboard/payment-links";

    /** What the page says once an action is done, by the action ({@code ?done=}). */
    private static final Map<String, String> DONE =
            Map.of("create", "The payment link is created: share its URL.", "disable", "The payment link is disabled.");

    private final DashboardRenderer renderer;
    private final PaymentLinkReadModel links;

    public PaymentLinkPageRoutes(DashboardRenderer renderer, PaymentLinkReadModel links) {
        this.renderer = renderer;
        this.links = links;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(ListPage.byStatus(
                        session,
                        LIST,
                        query,
                        PaymentLinkRoutes.STATUSES,
                        IdPrefix.PAYMENT_LINK,
                        (status, page) -> links.list(session.caller(), status, page),
                        PaymentLinkPageRoutes::row)
                .flatMap(model -> {
                    model.put("canCreate", session.role().includes(UserRole.ADMIN));
                    return renderer.page(
                            session, "Payment links", "payment-links", DashboardPages.PAYMENT_LINKS, model);
                }));
    }

    /** The form of a new link: every field the API takes but the metadata, all optional but the amount (or price). */
    @GetMapping(LIST + "/new")
    public Mono<ResponseEntity<String>> create(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        return ConfirmPage.forAdmin(session, "create a payment link", () -> {
            var form = new ConfirmPage(
                            "payment-links",
                            "New payment link",
                            "A link anyone can open to pay the amount once; each opening makes a payment.",
                            "/v1/payment-links",
                            LIST,
                            "Back to payment links")
                    .creates(LIST + "/{id}?done=create", "paymentLink.id", "Do not create it")
                    .field("Amount (USDC)", "amountUsdc", "number", "", "Up to 6 decimals, for example 19.99", false)
                    .field(
                            "Or a one-time price",
                            "priceId",
                            "",
                            "",
                            "A price's id (price_...) instead of an amount",
                            false)
                    .field("Description", "description", "", "", "", false)
                    .field(
                            "Paid out to",
                            "payoutAddressEvm",
                            "",
                            "",
                            "An EVM address; empty: the team's default",
                            false)
                    .field("Most uses", "maxUses", "number", "", "Empty: unlimited", false)
                    .field(
                            "Expires at",
                            "expiresAt",
                            "",
                            "",
                            "An ISO-8601 time with its zone, for example 2027-01-31T12:00:00Z; empty: never",
                            false)
                    .field(
                            "Merchant ref prefix",
                            "merchantRefPrefix",
                            "",
                            "",
                            "Letters, digits, _ and -; each payment's reference is <prefix>_<n>; empty: the link's id",
                            false)
                    .field("After paying, go to", "successUrl", "", "", "An absolute http or https URL", false)
                    .field("On cancel, go to", "cancelUrl", "", "", "An absolute http or https URL", false)
                    .yesNo("Ask for the customer's email", "collectEmail", "No", "Yes")
                    .yesNo("Ask for the customer's name", "collectName", "No", "Yes")
                    .button("Create payment link", false);
            return renderer.page(session, form.heading(), "payment-links", DashboardPages.CONFIRM, form.model());
        });
    }

    @GetMapping(LIST + "/{id}")
    public Mono<ResponseEntity<String>> detail(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(links.find(session.caller(), id)
                .switchIfEmpty(ApiException.notFoundError("payment link", id))
                .flatMap(link -> {
                    var model = Rows.detail(id, link);
                    var url = link.path("url").asString();
                    model.put("url", url);
                    model.put("qr", qrCode(url));
                    model.put("done", Rows.done(DONE, query));
                    Rows.actions(
                            model,
                            session.role().includes(UserRole.ADMIN) && "active".equals(model.get("status"))
                                    ? List.of(Rows.action("disable", "Disable", true))
                                    : List.of());
                    model.put("fields", fields(link));
                    return renderer.page(
                            session, "Payment link " + id, "payment-links", DashboardPages.PAYMENT_LINK, model);
                }));
    }

    @GetMapping(LIST + "/{id}/disable")
    public Mono<ResponseEntity<String>> confirm(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        return ConfirmPage.forAdmin(
                session,
                "change a payment link",
                () -> links.find(session.caller(), id)
                        .switchIfEmpty(ApiException.notFoundError("payment link", id))
                        .flatMap(link -> {
                            var confirmation = new ConfirmPage(
                                            "payment-link",
                                            "Disable payment link",
                                            "Nobody can open the link to pay any more; payments it made stay as they are."
                                                    + " This cannot be undone.",
                                            "/v1/payment-links/" + id + "/disable",
                                            LIST + "/" + id,
                                            "Back to the payment link")
                                    .button("Disable payment link", true);
                            return renderer.page(
                                    session,
                                    confirmation.heading(),
                                    "payment-links",
                                    DashboardPages.CONFIRM,
                                    confirmation.model());
                        }));
    }

    /** The link's URL as an inline QR code, marked {@code data-qr} for the page's CSS and its tests. */
    private static String qrCode(String url) {
        return QrSvg.of(url, "QR code of the payment link's URL").replaceFirst("^<svg ", "<svg data-qr ");
    }

    private static List<Map<String, Object>> fields(JsonNode l) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Amount", Shown.usdc(l, "amountUsdc"), false));
        fields.add(Rows.field("Description", Shown.text(l, "description"), false));
        fields.add(Rows.field("Uses", uses(l), false));
        fields.add(Rows.field("Paid", Shown.text(l, "paidCount"), false));
        fields.add(Rows.field("Expires", Shown.time(l, "expiresAt"), false));
        fields.add(Rows.field("Merchant ref prefix", Shown.text(l, "merchantRefPrefix"), true));
        fields.add(Rows.field("Paid out to", Shown.text(l, "payoutAddressEvm"), true));
        fields.add(Rows.field("Price", Shown.text(l, "priceId"), true));
        fields.add(Rows.field("After paying", Shown.text(l, "successUrl"), true));
        fields.add(Rows.field("On cancel", Shown.text(l, "cancelUrl"), true));
        fields.add(Rows.field("Asks for email", l.path("collectEmail").asBoolean() ? "yes" : "no", false));
        fields.add(Rows.field("Asks for name", l.path("collectName").asBoolean() ? "yes" : "no", false));
        fields.add(Rows.field("Disabled", Shown.time(l, "disabledAt"), false));
        fields.add(Rows.field("Created", Shown.time(l, "createdAt"), false));
        return fields;
    }

    /** Opens so far, of the most allowed: {@code 3 of 10}, or {@code 3 (no limit)}. */
    private static String uses(JsonNode link) {
        var max = Shown.text(link, "maxUses");
        return Shown.text(link, "useCount") + (Shown.NONE.equals(max) ? " (no limit)" : " of " + max);
    }

    private static Map<String, Object> row(JsonNode l) {
        var row = Rows.row(l);
        row.put("amount", Shown.usdc(l, "amountUsdc"));
        row.put("description", Shown.text(l, "description"));
        row.put("uses", uses(l));
        row.put("paid", Shown.text(l, "paidCount"));
        row.put("created", Shown.time(l, "createdAt"));
        return row;
    }
}
