package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.event.EventFilter;
import io.abk.billing.gateway.api.event.EventService;
import io.abk.billing.gateway.api.event.StoredEvent;
import io.abk.billing.gateway.api.testclock.TestClockService;
import io.abk.billing.gateway.controlplane.clock.ClockState;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.render.ApiJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /dashboard/developers}: the test clock of the team (its time, and in test mode a form that moves it on) and
 * the way to the API keys ({@link ApiKeyPageRoutes}); {@code /dashboard/events}: the event log of the session's mode
 * (newest first, by type and by the object an event is about, as {@link EventFilter} reads them, a page of
 * {@link Rows#PAGE_SIZE} at a time) and the confirmation of redelivering an event, which the script sends to
 * {@code /v1/events/{id}/redeliver} as the member.
 */
@RestController
public class DeveloperPageRoutes {

    private static final String SECTION = "developers";
    private static final String EVENTS = "/dashboard/events";

    /** The steps the test clock's form offers, in seconds, with their names. */
    private static final Map<String, Long> ADVANCES = orderedAdvances();

    private final DashboardRenderer renderer;
    private final TestClockService testClocks;
    private final EffectiveClock clock;
    private final EventService events;
    private final JsonMapper json;

    public DeveloperPageRoutes(
            DashboardRenderer renderer,
            TestClockService testClocks,
            EffectiveClock clock,
            EventService events,
            JsonMapper json) {
        this.renderer = renderer;
        this.testClocks = testClocks;
        this.clock = clock;
        this.events = events;
        this.json = json;
    }

    @GetMapping("/dashboard/developers")
    public Mono<ResponseEntity<String>> developers(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        boolean test = session.mode() == Mode.TEST;
        var state = test ? testClocks.current(session.merchantId()) : Mono.just(ClockState.never(session.merchantId()));
        return DashboardRenderer.orRefusal(state.flatMap(current -> {
            var shown = clockShown(current);
            var model = new HashMap<String, Object>();
            model.put("testMode", test);
            model.put("canAct", test && mayAct(session));
            model.put("effectiveNow", Shown.time(shown, "effectiveNow"));
            model.put("frozen", current.frozenAt() != null);
            model.put("updated", Shown.time(shown, "updatedAt"));
            model.put("done", "clock".equals(query.getFirst("done")) ? "The test clock is moved." : "");
            model.put("advanceKey", "dash_" + UUID.randomUUID());
            model.put("freezeKey", "dash_" + UUID.randomUUID());
            model.put(
                    "advances",
                    ADVANCES.entrySet().stream()
                            .map(step -> Map.of("label", step.getKey(), "seconds", step.getValue()))
                            .toList());
            return renderer.page(session, "Developers", SECTION, DashboardPages.DEVELOPERS, model);
        }));
    }

    @GetMapping(EVENTS)
    public Mono<ResponseEntity<String>> events(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var filter = EventFilter.from(ListPage.filled(query));
            var type = filter.type();
            var subjectId = filter.subjectId();
            var page = ListPage.page(query, IdPrefix.EVENT);
            return events.list(session.caller(), filter, page).flatMap(found -> {
                var model = new HashMap<String, Object>();
                model.put("type", type == null ? "" : type);
                model.put("subjectId", subjectId == null ? "" : subjectId);
                model.put("modeName", ListPage.modeName(session));
                model.put("canAct", mayAct(session));
                model.put(
                        "done",
                        "redeliver".equals(query.getFirst("done"))
                                ? "The event is queued for its endpoints again; each endpoint's page shows how it went."
                                : "");
                model.put(
                        "types",
                        EventFilter.types().stream()
                                .map(value -> Map.of("value", value, "selected", value.equals(type)))
                                .toList());
                model.put(
                        "rows",
                        found.items().stream().map(DeveloperPageRoutes::row).toList());
                var filters = new LinkedHashMap<String, @Nullable String>();
                filters.put("type", type);
                filters.put("subjectId", subjectId);
                ListPage.pager(
                        model,
                        EVENTS,
                        filters,
                        page,
                        found.hasMore(),
                        found.items().isEmpty() ? null : found.items().getLast().id());
                return renderer.page(session, "Events", SECTION, DashboardPages.EVENTS, model);
            });
        }));
    }

    @GetMapping(EVENTS + "/{id}/redeliver")
    public Mono<ResponseEntity<String>> redeliver(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        if (!mayAct(session)) {
            return Mono.just(Rows.forbidden(session, "Only a developer, an admin or the owner may redeliver an event"));
        }
        return DashboardRenderer.orRefusal(events.get(session.caller(), id).flatMap(event -> {
            var confirmation = new ConfirmPage(
                            "events",
                            "Redeliver event " + id,
                            "The " + event.type() + " event is sent again, as it was, to every enabled endpoint that"
                                    + " takes it, or only to the endpoint you name.",
                            "/v1/events/" + id + "/redeliver",
                            EVENTS,
                            "Back to the events")
                    .field(
                            "Only to endpoint (optional)",
                            "endpointId",
                            "",
                            "",
                            "An endpoint id (we_...); empty for every enabled endpoint that takes this event.",
                            false)
                    .button("Redeliver event", false);
            return renderer.page(
                    session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
        }));
    }

    /** Whether the member may move the test clock and redeliver events (as {@link ApiAccess} lets them). */
    private static boolean mayAct(DashboardSession session) {
        return session.role().includes(UserRole.DEVELOPER);
    }

    /** The clock as {@code GET /v1/test_clock} shows it. */
    private JsonNode clockShown(ClockState state) {
        var body = new LinkedHashMap<String, @Nullable Object>();
        body.put("frozenAt", ApiJson.timestamp(state.frozenAt()));
        body.put("effectiveNow", ApiJson.timestamp(state.effectiveNow(clock.wallNow())));
        body.put("updatedAt", ApiJson.timestamp(state.updatedAt()));
        return json.valueToTree(body);
    }

    /** An event's row in a table of events (here and on the home page). */
    static Map<String, Object> row(StoredEvent event) {
        var payload = ResourceJson.parse(event.payload());
        var about = new ArrayList<String>();
        for (var kind : List.of("subscription", "invoice", "payment")) {
            var id = payload.path("data").path(kind).path("id");
            if (id.isString()) {
                about.add(kind + " " + id.asString());
            }
        }
        return Map.of(
                "id", event.id(),
                "type", event.type(),
                "about", about.isEmpty() ? Shown.NONE : String.join(", ", about),
                "created", Shown.time(payload, "createdAt"));
    }

    private static Map<String, Long> orderedAdvances() {
        var steps = new LinkedHashMap<String, Long>();
        steps.put("1 hour", 3_600L);
        steps.put("1 day", 86_400L);
        steps.put("7 days", 7 * 86_400L);
        steps.put("30 days", 30 * 86_400L);
        steps.put("365 days", 365 * 86_400L);
        return steps;
    }
}
