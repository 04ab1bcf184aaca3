package io.abk.billing.gateway.dashboard;

import io.abk.billing.contracts.NetworkSettings;
import io.abk.billing.gateway.api.subscription.SubscriptionFilters;
import io.abk.billing.gateway.api.subscription.SubscriptionStatuses;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ListFilters;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.gateway.readmodel.InvoiceReadModel;
import io.abk.billing.gateway.readmodel.SubscriptionFilter;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
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
 * {@code /dashboard/subscriptions}: the list (by status, newest first, a page of {@link #PAGE_SIZE} at a time; the
 * search {@code q} finds one by its id, or lists those of a merchant reference or a customer wallet), a subscription
 * with its items and their usage this period ({@link SubscriptionItems}), its invoices, its timeline of events and their webhooks, and its mandate on chain, and the confirmation of each
 * action on it (cancel, pause, resume, change the amount), which the dashboard's script sends to
 * {@code /v1/subscriptions/{id}/...} as the member.
 */
@RestController
public class SubscriptionPageRoutes {

    static final int PAGE_SIZE = ListPage.PAGE_SIZE;
    private static final String LIST = "/dashboard/subscriptions";

    /** What the page says once an action is done, by the action ({@code ?done=}). */
    private static final Map<String, String> DONE = Map.of(
            "cancel",
            "The subscription is canceled (now, or at the end of its period as you chose).",
            "pause",
            "The subscription is paused.",
            "resume",
            "The subscription is active again.",
            "change-amount",
            "The amount is changed from the next renewal on.");

    private final DashboardRenderer renderer;
    private final SubscriptionReadModel subscriptions;
    private final InvoiceReadModel invoices;
    private final SubscriptionTimeline timeline;
    private final SubscriptionMandate mandate;
    private final Explorer explorer;
    private final SubscriptionItems items;

    public SubscriptionPageRoutes(
            DashboardRenderer renderer,
            SubscriptionReadModel subscriptions,
            InvoiceReadModel invoices,
            SubscriptionTimeline timeline,
            SubscriptionMandate mandate,
            Explorer explorer,
            SubscriptionItems items) {
        this.renderer = renderer;
        this.subscriptions = subscriptions;
        this.invoices = invoices;
        this.timeline = timeline;
        this.mandate = mandate;
        this.explorer = explorer;
        this.items = items;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var filled = ListPage.filled(query);
            var q = search(filled);
            if (q != null && Ids.isWellFormed(IdPrefix.SUBSCRIPTION, q)) {
                return found(session, q);
            }
            var filter = filter(filled);
            var page = ListPage.page(filled, IdPrefix.SUBSCRIPTION);
            return subscriptions.matching(session.caller(), filter, page).flatMap(found -> {
                var filters = new LinkedHashMap<String, @Nullable String>();
                filters.put("status", filter.status());
                filters.put("q", q);
                var model = ListPage.model(session, LIST, filters, page, found, SubscriptionPageRoutes::row);
                model.put("statuses", ListPage.statuses(SubscriptionStatuses.ALL, filter.status()));
                return renderer.page(session, "Subscriptions", "subscriptions", DashboardPages.SUBSCRIPTIONS, model);
            });
        }));
    }

    @GetMapping(LIST + "/{id}")
    public Mono<ResponseEntity<String>> detail(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> query) {
        var caller = session.caller();
        return DashboardRenderer.orRefusal(subscriptions
                .find(caller, id)
                .switchIfEmpty(ApiException.notFoundError("subscription", id))
                .flatMap(subscription -> Mono.zip(
                                invoices.list(caller, id, new PageRequest(PAGE_SIZE, null)),
                                timeline.of(caller, id),
                                mandate.of(subscription, session.mode()),
                                items.of(session, id, subscription))
                        .flatMap(related -> {
                            var invoicePage = related.getT1();
                            var model = Rows.detail(id, subscription);
                            model.put("done", Rows.done(DONE, query));
                            Rows.actions(
                                    model, session.role().includes(UserRole.ADMIN) ? actions(subscription) : List.of());
                            model.put("fields", fields(subscription, session.mode()));
                            model.putAll(related.getT3());
                            model.putAll(related.getT4());
                            model.put(
                                    "invoices",
                                    invoicePage.items().stream()
                                            .map(invoice -> invoiceRow(invoice, session.mode()))
                                            .toList());
                            model.put("timeline", related.getT2());
                            model.put("timelineLimit", SubscriptionTimeline.LIMIT);
                            return renderer.page(
                                    session, "Subscription " + id, "subscriptions", DashboardPages.SUBSCRIPTION, model);
                        })));
    }

    /** The confirmation of an action, which the path's last segment names. */
    @GetMapping({LIST + "/{id}/cancel", LIST + "/{id}/pause", LIST + "/{id}/resume", LIST + "/{id}/change-amount"})
    public Mono<ResponseEntity<String>> confirm(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            ServerWebExchange exchange) {
        var action = RequestPaths.lastSegment(exchange.getRequest());
        if (!session.role().includes(UserRole.ADMIN)) {
            return Mono.just(Rows.forbidden(session, "Only an admin or the owner may change a subscription"));
        }
        return DashboardRenderer.orRefusal(subscriptions
                .find(session.caller(), id)
                .switchIfEmpty(ApiException.notFoundError("subscription", id))
                .flatMap(subscription -> {
                    var confirmation = confirmation(id, action, subscription);
                    return renderer.page(
                            session,
                            confirmation.heading(),
                            "subscriptions",
                            DashboardPages.CONFIRM,
                            confirmation.model());
                }));
    }

    /** The search box's text, stripped; null when empty. */
    private static @Nullable String search(MultiValueMap<String, String> filled) {
        var q = filled.getFirst("q");
        return q == null || q.isBlank() ? null : q.strip();
    }

    /**
     * The list's filter: {@code status}, and what {@code q} is when it is not a subscription's id: a wallet when it is
     * an EVM address (any case), else a merchant reference (exact). The export of the list reads the same.
     */
    static SubscriptionFilter filter(MultiValueMap<String, String> filled) {
        var status = ListFilters.status(filled, SubscriptionStatuses.ALL);
        var q = search(filled);
        if (q == null) {
            return SubscriptionFilter.ofStatus(status);
        }
        if (NetworkSettings.isAddress(q)) {
            return new SubscriptionFilter(status, null, q);
        }
        return new SubscriptionFilter(status, SubscriptionFilters.merchantRef("q", q), null);
    }

    /** The subscription the search box names by its id: its page, or the refusal page's 404. */
    private Mono<ResponseEntity<String>> found(DashboardSession session, String q) {
        return subscriptions
                .find(session.caller(), q)
                .switchIfEmpty(ApiException.notFoundError("subscription", q))
                .thenReturn(ResponseEntity.status(HttpStatus.SEE_OTHER)
                        .location(URI.create(LIST + "/" + q))
                        .build());
    }

    private static ConfirmPage confirmation(String id, String action, JsonNode subscription) {
        var back = LIST + "/" + id;
        var api = "/v1/subscriptions/" + id;
        return switch (action) {
            case "cancel" ->
                new ConfirmPage(
                                "subscription",
                                "Cancel subscription",
                                "No charge is made after the subscription ends. This cannot be undone.",
                                api + "/cancel",
                                back,
                                "Back to the subscription")
                        .yesNo("When", "immediate", "At the end of the current period", "Now")
                        .button("Cancel subscription", true);
            case "pause" ->
                new ConfirmPage(
                                "subscription",
                                "Pause subscription",
                                "No renewal is charged while it is paused; resume it to bill again.",
                                api + "/pause",
                                back,
                                "Back to the subscription")
                        .button("Pause subscription", false);
            case "resume" ->
                new ConfirmPage(
                                "subscription",
                                "Resume subscription",
                                "Renewals are charged again from the next one due.",
                                api + "/resume",
                                back,
                                "Back to the subscription")
                        .button("Resume subscription", false);
            default ->
                new ConfirmPage(
                                "subscription",
                                "Change the amount",
                                "The new amount is charged from the next renewal on. It may not exceed what the"
                                        + " customer authorised on chain.",
                                api,
                                back,
                                "Back to the subscription")
                        .method("PATCH", "change-amount")
                        .field(
                                "New amount (USDC)",
                                "amountUsdc",
                                "number",
                                subscription.path("amountUsdc").asString(),
                                "Up to 6 decimals, for example 19.99",
                                true)
                        .button("Change the amount", false);
        };
    }

    private static List<Map<String, Object>> actions(JsonNode subscription) {
        var status = subscription.path("status").asString();
        var actions = new ArrayList<Map<String, Object>>();
        // A subscription with items changes no amount (its items make it): the API refuses, so no button offers it.
        if (!"canceled".equals(status) && subscription.path("items").size() == 0) {
            actions.add(Rows.action("change-amount", "Change amount", false));
        }
        if ("active".equals(status)) {
            actions.add(Rows.action("pause", "Pause", false));
        }
        if ("paused".equals(status)) {
            actions.add(Rows.action("resume", "Resume", false));
        }
        if (!"canceled".equals(status)) {
            actions.add(Rows.action("cancel", "Cancel", true));
        }
        return actions;
    }

    private List<Map<String, Object>> fields(JsonNode s, Mode mode) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Amount", Shown.usdc(s, "amountUsdc"), false));
        fields.add(Rows.field("Every", Shown.text(s, "interval"), false));
        fields.add(explorer.addressField(mode, "Customer wallet", Shown.text(s, "walletAddress")));
        fields.add(explorer.addressField(mode, "Paid out to", Shown.text(s, "payoutAddressEvm")));
        fields.add(Rows.field("Merchant ref", Shown.text(s, "merchantRef"), false));
        fields.add(Rows.field("Price", Shown.text(s, "priceId"), true));
        fields.add(Rows.field(
                "Current period",
                Shown.time(s, "currentPeriodStart") + " to " + Shown.time(s, "currentPeriodEnd"),
                false));
        fields.add(Rows.field("Trial ends", Shown.time(s, "trialEnd"), false));
        fields.add(
                Rows.field("Cancels at period end", s.path("cancelAtPeriodEnd").asBoolean() ? "yes" : "no", false));
        fields.add(Rows.field("Canceled", Shown.time(s, "canceledAt"), false));
        fields.add(Rows.field("Paused", Shown.time(s, "pausedAt"), false));
        fields.add(Rows.field("Created", Shown.time(s, "createdAt"), false));
        return fields;
    }

    private static Map<String, Object> row(JsonNode s) {
        var row = Rows.row(s);
        row.put("amount", Shown.usdc(s, "amountUsdc"));
        row.put("interval", Shown.text(s, "interval"));
        row.put("wallet", Shown.text(s, "walletAddress"));
        row.put("merchantRef", Shown.text(s, "merchantRef"));
        row.put("periodEnd", Shown.time(s, "currentPeriodEnd"));
        row.put("created", Shown.time(s, "createdAt"));
        return row;
    }

    private Map<String, Object> invoiceRow(JsonNode i, Mode mode) {
        var row = Rows.row(i);
        row.put("amount", Shown.usdc(i, "amountUsdc"));
        row.put("reason", Shown.text(i, "billingReason"));
        row.put("period", Shown.time(i, "periodStart") + " to " + Shown.time(i, "periodEnd"));
        row.put("paid", Shown.time(i, "paidAt"));
        var tx = Shown.text(i, "txHash");
        var href = explorer.tx(mode, tx);
        row.put("tx", tx);
        row.put("txHref", href == null ? "" : href);
        return row;
    }
}
