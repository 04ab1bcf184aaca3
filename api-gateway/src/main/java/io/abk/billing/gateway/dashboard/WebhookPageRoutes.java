package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.event.EndpointTestService;
import io.abk.billing.gateway.api.webhook.EventTypes;
import io.abk.billing.gateway.api.webhook.WebhookEndpoint;
import io.abk.billing.gateway.api.webhook.WebhookEndpointService;
import io.abk.billing.gateway.api.webhook.WebhookJson;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.schemas.ids.IdPrefix;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /dashboard/webhooks}: the team's webhook endpoints in the session's mode (newest first, a page of
 * {@link Rows#PAGE_SIZE} at a time), the form that adds one, an endpoint with its newest delivery attempts, the form
 * that edits it, and the confirmation of disabling, enabling, rotating its signing secret and sending it a test event.
 * Each is shown as the API shows it ({@link WebhookJson}); the script sends the forms to
 * {@code /v1/webhook_endpoints...} as the member. A new signing secret (made by adding an endpoint or rotating its
 * secret) shows once on the page that made it; a developer or above can reveal the current one on the endpoint's page.
 */
@RestController
public class WebhookPageRoutes {

    private static final String LIST = "/dashboard/webhooks";
    private static final String SECTION = "webhooks";

    /** What the page says once an action is done, by the action ({@code ?done=}). */
    private static final Map<String, String> DONE = Map.of(
            "disable",
            "The endpoint is disabled.",
            "enable",
            "The endpoint is enabled: events are sent to it again.",
            "rotate-secret",
            "The signing secret is rotated.",
            "edit",
            "The endpoint is changed.",
            "send-test",
            "A test event is queued for the endpoint: its attempt shows in the deliveries below once it is made.");

    private final DashboardRenderer renderer;
    private final WebhookEndpointService endpoints;
    private final JsonMapper json;
    private final Clock clock;

    public WebhookPageRoutes(
            DashboardRenderer renderer, WebhookEndpointService endpoints, JsonMapper json, Clock clock) {
        this.renderer = renderer;
        this.endpoints = endpoints;
        this.json = json;
        this.clock = clock;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var page = ListPage.page(query, IdPrefix.WEBHOOK_ENDPOINT);
            return endpoints.list(session.caller(), page).flatMap(found -> {
                var rows = found.items().stream().map(this::shown).toList();
                var model = new HashMap<String, Object>();
                model.put("modeName", ListPage.modeName(session));
                model.put("canAct", mayChange(session));
                model.put("rows", rows.stream().map(WebhookPageRoutes::row).toList());
                ListPage.pager(
                        model,
                        LIST,
                        Map.of(),
                        page,
                        found.hasMore(),
                        rows.isEmpty() ? null : rows.getLast().path("id").asString());
                return renderer.page(session, "Webhooks", SECTION, DashboardPages.WEBHOOKS, model);
            });
        }));
    }

    @GetMapping(LIST + "/new")
    public Mono<ResponseEntity<String>> create(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        if (!mayChange(session)) {
            return Mono.just(refusedTo(session));
        }
        var model = new HashMap<String, Object>();
        model.put("idempotencyKey", "dash_" + UUID.randomUUID());
        model.put("modeName", ListPage.modeName(session));
        model.put("eventTypes", EventTypes.KNOWN.stream().sorted().toList());
        return renderer.page(session, "Add a webhook endpoint", SECTION, DashboardPages.WEBHOOK_NEW, model);
    }

    @GetMapping(LIST + "/{id}")
    public Mono<ResponseEntity<String>> detail(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            @RequestParam MultiValueMap<String, String> query) {
        var caller = session.caller();
        return DashboardRenderer.orRefusal(endpoints
                .get(caller, id)
                .flatMap(endpoint -> endpoints
                        .deliveries(caller, id, new PageRequest(ListPage.PAGE_SIZE, null))
                        .flatMap(deliveries -> {
                            var shown = shown(endpoint);
                            var model = new HashMap<String, Object>();
                            model.put("id", id);
                            model.put("status", status(shown));
                            model.put("tone", Shown.tone(status(shown)));
                            model.put("done", Rows.done(DONE, query));
                            var actions = mayChange(session) ? actions(endpoint) : List.<Map<String, Object>>of();
                            model.put("canAct", !actions.isEmpty());
                            model.put("canReveal", mayChange(session));
                            model.put("actions", actions);
                            model.put("fields", fields(shown));
                            model.put(
                                    "deliveries",
                                    deliveries.items().stream()
                                            .map(attempt -> attemptRow(json.valueToTree(WebhookJson.attempt(attempt))))
                                            .toList());
                            model.put("moreDeliveries", deliveries.hasMore());
                            model.put("pageSize", ListPage.PAGE_SIZE);
                            return renderer.page(
                                    session, "Webhook endpoint " + id, SECTION, DashboardPages.WEBHOOK, model);
                        })));
    }

    /** The form that changes the endpoint's URL, events and description ({@code PATCH}), filled in as it is. */
    @GetMapping(LIST + "/{id}/edit")
    public Mono<ResponseEntity<String>> edit(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        if (!mayChange(session)) {
            return Mono.just(refusedTo(session));
        }
        return DashboardRenderer.orRefusal(endpoints.get(session.caller(), id).flatMap(endpoint -> {
            var shown = shown(endpoint);
            var model = new HashMap<String, Object>();
            model.put("id", id);
            model.put("idempotencyKey", "dash_" + UUID.randomUUID());
            model.put("url", shown.path("url").asString());
            model.put("events", String.join("\n", eventList(shown)));
            model.put(
                    "description",
                    shown.path("description").isString()
                            ? shown.path("description").asString()
                            : "");
            model.put("eventTypes", EventTypes.KNOWN.stream().sorted().toList());
            return renderer.page(session, "Edit endpoint " + id, SECTION, DashboardPages.WEBHOOK_EDIT, model);
        }));
    }

    /** The confirmation of an action, which the path's last segment names. */
    @GetMapping({LIST + "/{id}/disable", LIST + "/{id}/enable", LIST + "/{id}/rotate-secret", LIST + "/{id}/send-test"})
    public Mono<ResponseEntity<String>> confirm(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @PathVariable String id,
            ServerWebExchange exchange) {
        var action = RequestPaths.lastSegment(exchange.getRequest());
        if (!mayChange(session)) {
            return Mono.just(refusedTo(session));
        }
        return DashboardRenderer.orRefusal(endpoints.get(session.caller(), id).flatMap(endpoint -> {
            var confirmation = confirmation(id, action);
            return renderer.page(
                    session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
        }));
    }

    /** Whether the member may add, change and disable endpoints (as {@link ApiAccess} lets them). */
    private static boolean mayChange(DashboardSession session) {
        return session.role().includes(UserRole.DEVELOPER);
    }

    private static ResponseEntity<String> refusedTo(DashboardSession session) {
        return Rows.forbidden(session, "Only a developer, an admin or the owner may change webhook endpoints");
    }

    private static ConfirmPage confirmation(String id, String action) {
        var back = LIST + "/" + id;
        var api = "/v1/webhook_endpoints/" + id;
        return switch (action) {
            case "disable" ->
                new ConfirmPage(
                                "webhook-endpoint",
                                "Disable endpoint",
                                "No event is sent to it while it is disabled; events in that time are not sent"
                                        + " later. Enable it again at any time.",
                                api,
                                back,
                                "Back to the endpoint")
                        .method("PATCH", "disable")
                        .fixed("disabled", "boolean", "true")
                        .button("Disable endpoint", true);
            case "enable" ->
                new ConfirmPage(
                                "webhook-endpoint",
                                "Enable endpoint",
                                "Events are sent to it again from now on.",
                                api,
                                back,
                                "Back to the endpoint")
                        .method("PATCH", "enable")
                        .fixed("disabled", "boolean", "false")
                        .button("Enable endpoint", false);
            case "send-test" ->
                new ConfirmPage(
                                "webhook-endpoint",
                                "Send a test event",
                                "A signed " + EndpointTestService.TYPE
                                        + " event (\"test\": true in its data) is sent to"
                                        + " this endpoint alone, retried like any event while it fails. No other"
                                        + " endpoint gets it and the event log does not keep it.",
                                api + "/test",
                                back,
                                "Back to the endpoint")
                        .method("POST", "send-test")
                        .button("Send test event", false);
            default ->
                new ConfirmPage(
                                "webhook-endpoint",
                                "Rotate signing secret",
                                "A new secret signs every delivery from now on, shown once on this page. The old"
                                        + " one signs too for the time you choose, so your server can switch over.",
                                api + "/rotate_secret",
                                back,
                                "Back to the endpoint")
                        .method("POST", "rotate-secret")
                        .field(
                                "Old secret still signs for (seconds)",
                                "overlapSeconds",
                                "number",
                                "86400",
                                "From 0 (it stops at once) to 604800 (7 days); 86400 is a day.",
                                false)
                        .showsSecret("secret")
                        .button("Rotate signing secret", true);
        };
    }

    private static List<Map<String, Object>> actions(WebhookEndpoint endpoint) {
        var actions = new ArrayList<Map<String, Object>>();
        actions.add(Rows.action("edit", "Edit", false));
        if (!endpoint.disabled()) {
            actions.add(Rows.action("send-test", "Send test event", false));
        }
        actions.add(Rows.action("rotate-secret", "Rotate secret", false));
        actions.add(
                endpoint.disabled() ? Rows.action("enable", "Enable", false) : Rows.action("disable", "Disable", true));
        return actions;
    }

    /** The endpoint as the API shows it. */
    private JsonNode shown(WebhookEndpoint endpoint) {
        return json.valueToTree(WebhookJson.endpoint(endpoint, Now.of(clock)));
    }

    private static String status(JsonNode endpoint) {
        return endpoint.path("disabled").asBoolean() ? "disabled" : "enabled";
    }

    private static List<String> eventList(JsonNode endpoint) {
        return StreamSupport.stream(endpoint.path("enabledEvents").spliterator(), false)
                .map(JsonNode::asString)
                .toList();
    }

    private static String events(JsonNode endpoint) {
        var events = eventList(endpoint);
        return events.contains(EventTypes.ALL) ? "Every event" : String.join(", ", events);
    }

    private static List<Map<String, Object>> fields(JsonNode e) {
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("URL", Shown.text(e, "url"), true));
        fields.add(Rows.field("Events", events(e), false));
        fields.add(Rows.field("Description", Shown.text(e, "description"), false));
        if (e.path("disabled").asBoolean()) {
            fields.add(Rows.field("Disabled because", Shown.text(e, "disabledReason"), false));
        }
        fields.add(Rows.field("Old secret signs until", Shown.time(e, "previousSecretExpiresAt"), false));
        fields.add(Rows.field("Created", Shown.time(e, "createdAt"), false));
        fields.add(Rows.field("Updated", Shown.time(e, "updatedAt"), false));
        return fields;
    }

    private static Map<String, Object> row(JsonNode e) {
        var status = status(e);
        return Map.of(
                "id", e.path("id").asString(),
                "url", Shown.text(e, "url"),
                "status", status,
                "tone", Shown.tone(status),
                "events", events(e),
                "description", Shown.text(e, "description"),
                "created", Shown.time(e, "createdAt"));
    }

    private static Map<String, Object> attemptRow(JsonNode a) {
        var outcome = a.path("outcome").asString();
        var row = new HashMap<String, Object>();
        row.put("id", a.path("id").asString());
        row.put("endpointId", a.path("endpointId").asString());
        row.put("event", Shown.text(a, "eventId"));
        row.put("type", Shown.text(a, "eventType"));
        row.put("attempt", a.path("attempt").asString() + (a.path("redelivery").asBoolean() ? " (redelivery)" : ""));
        row.put("outcome", outcome);
        row.put("tone", Shown.tone(outcome));
        row.put("statusCode", Shown.text(a, "statusCode"));
        row.put("error", Shown.text(a, "error"));
        row.put("attempted", Shown.time(a, "attemptedAt"));
        row.put("nextRetry", Shown.time(a, "nextRetryAt"));
        return row;
    }
}
