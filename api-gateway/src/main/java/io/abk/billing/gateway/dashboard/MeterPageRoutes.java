package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.meter.Meter;
import io.abk.billing.gateway.api.meter.MeterService;
import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.schemas.ids.IdPrefix;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /dashboard/meters}: the meters of the session's mode as {@code GET /v1/meters} lists them (active or not,
 * newest first, a page at a time), the form that creates one and the confirmation of deactivating one, which the
 * dashboard's script sends to {@code /v1/meters} and {@code /v1/meters/{id}/deactivate} as the member. Creating and
 * deactivating are the catalog's changes: an admin's or the owner's.
 */
@RestController
public class MeterPageRoutes {

    private static final String LIST = "/dashboard/meters";
    private static final String SECTION = "meters";
    private static final String CHANGING = "change the catalog's meters";

    /** What the page says once an action is done, by the action ({@code ?done=}). */
    private static final Map<String, String> DONE = Map.of(
            "create",
            "The meter is created: add a metered price that uses it to a product.",
            "deactivate",
            "The meter is deactivated: its events are refused from now on.");

    private final DashboardRenderer renderer;
    private final MeterService meters;
    private final JsonMapper json;

    public MeterPageRoutes(DashboardRenderer renderer, MeterService meters, JsonMapper json) {
        this.renderer = renderer;
        this.meters = meters;
        this.json = json;
    }

    @GetMapping(LIST)
    public Mono<ResponseEntity<String>> list(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session,
            @RequestParam MultiValueMap<String, String> query) {
        return DashboardRenderer.orRefusal(Mono.defer(() -> {
            var page = ListPage.page(ListPage.filled(query), IdPrefix.METER);
            var canAct = session.role().includes(UserRole.ADMIN);
            return meters.list(session.caller(), page).flatMap(found -> {
                var model = ListPage.model(
                        session, LIST, Map.of(), page, found.map(this::shown), meter -> row(meter, canAct));
                model.put("canAct", canAct);
                model.put("done", Rows.done(DONE, query));
                return renderer.page(session, "Meters", SECTION, DashboardPages.METERS, model);
            });
        }));
    }

    /** The form of a new meter: its event name, aggregation and display name. */
    @GetMapping(LIST + "/new")
    public Mono<ResponseEntity<String>> create(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        return ConfirmPage.forAdmin(session, CHANGING, () -> {
            var form = new ConfirmPage(
                            "meter",
                            "New meter",
                            "A meter adds up the usage events of one name in this mode each period; a metered price"
                                    + " bills what it counts. Its event name and aggregation cannot change later.",
                            "/v1/meters",
                            LIST,
                            "Back to meters")
                    .method("POST", "create")
                    .field(
                            "Event name",
                            "eventName",
                            "",
                            "",
                            "As your server sends the events, for example api_calls: a letter, then up to 99"
                                    + " letters, digits, '_', '.', ':' or '-'",
                            true)
                    .oneOf(
                            "Aggregation",
                            "aggregation",
                            List.of(
                                    Map.entry("sum", "Sum of the events' values"),
                                    Map.entry("count", "Count of the events"),
                                    Map.entry("max", "Largest value in the period")))
                    .field("Display name", "displayName", "", "", "Up to 200 characters; empty: none", false)
                    .button("Create meter", false);
            return renderer.page(session, form.heading(), SECTION, DashboardPages.CONFIRM, form.model());
        });
    }

    /** The confirmation of deactivating a meter of the session's mode (another merchant's or mode's is not found). */
    @GetMapping(LIST + "/{id}/deactivate")
    public Mono<ResponseEntity<String>> confirmDeactivate(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, @PathVariable String id) {
        return ConfirmPage.forAdmin(
                session,
                CHANGING,
                () -> meters.get(session.caller(), id).flatMap(meter -> {
                    var confirmation = new ConfirmPage(
                                    "meter",
                                    "Deactivate meter",
                                    "Events named " + meter.eventName() + " are refused from now on (400"
                                            + " meter_inactive); what the meter counted stays billed. This cannot be"
                                            + " undone.",
                                    "/v1/meters/" + meter.id() + "/deactivate",
                                    LIST,
                                    "Back to meters")
                            .button("Deactivate meter", true);
                    return renderer.page(
                            session, confirmation.heading(), SECTION, DashboardPages.CONFIRM, confirmation.model());
                }));
    }

    private JsonNode shown(Meter meter) {
        return json.valueToTree(meter.json());
    }

    private static Map<String, Object> row(JsonNode m, boolean canAct) {
        var row = Rows.row(m);
        row.put("eventName", Shown.text(m, "eventName"));
        row.put("aggregation", Shown.text(m, "aggregation"));
        row.put("displayName", Shown.text(m, "displayName"));
        row.put("created", Shown.time(m, "createdAt"));
        row.put("canDeactivate", canAct && Meter.ACTIVE.equals(m.path("status").asString()));
        return row;
    }
}
