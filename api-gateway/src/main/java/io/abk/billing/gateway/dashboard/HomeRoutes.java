package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.api.event.EventFilter;
import io.abk.billing.gateway.api.event.EventService;
import io.abk.billing.gateway.platform.web.PageRequest;
import io.abk.billing.gateway.readmodel.HomeFigures;
import io.abk.billing.gateway.readmodel.HomeFigures.Day;
import io.abk.billing.gateway.readmodel.HomeFigures.Figures;
import java.math.BigDecimal;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /dashboard} and {@code /dashboard/home}: where a signed-in member lands, with the figures of their team's
 * mode ({@link HomeFigures}), three charts of the last 30 days (drawn by {@code home.js} with uPlot from the figures
 * the markup carries; the same figures are a table for those who do not see the charts) and the newest events.
 */
@RestController
public class HomeRoutes {

    /** How many of the newest events the page lists; the events page has the rest. */
    static final int LATEST_EVENTS = 10;

    private final DashboardRenderer renderer;
    private final HomeFigures figures;
    private final EventService events;

    public HomeRoutes(DashboardRenderer renderer, HomeFigures figures, EventService events) {
        this.renderer = renderer;
        this.figures = figures;
        this.events = events;
    }

    @GetMapping("/dashboard")
    public ResponseEntity<Void> root() {
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(DashboardSessionFilter.HOME))
                .build();
    }

    @GetMapping(DashboardSessionFilter.HOME)
    public Mono<ResponseEntity<String>> home(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        var caller = session.caller();
        return DashboardRenderer.orRefusal(Mono.zip(
                        figures.of(caller.merchantId(), caller.mode()),
                        events.list(caller, EventFilter.NONE, new PageRequest(LATEST_EVENTS, null)))
                .flatMap(found -> {
                    var model = model(found.getT1());
                    model.put("email", session.email());
                    model.put("role", session.role().wireName());
                    model.put("modeName", ListPage.modeName(session));
                    model.put(
                            "events",
                            found.getT2().items().stream()
                                    .map(DeveloperPageRoutes::row)
                                    .toList());
                    return renderer.page(session, "Home", "home", DashboardPages.HOME, model);
                }));
    }

    /** The figures as the template shows them: amounts exact ({@link Shown#usdc}), each chart's series as text. */
    private static Map<String, Object> model(Figures shown) {
        var model = new HashMap<String, Object>();
        model.put("volumeToday", Shown.usdc(shown.volumeTodayUsdc()));
        model.put("volume", Shown.usdc(shown.volumeUsdc()));
        model.put("mrr", Shown.usdc(shown.mrrUsdc()));
        model.put("active", shown.activeSubscriptions());
        model.put("pastDue", shown.pastDueSubscriptions());
        model.put("failed", shown.failedCharges());
        model.put("created", shown.newSubscriptions());
        model.put("days", HomeFigures.DAYS);
        model.put("chartStyle", DashboardPages.CHART_STYLE.src());
        model.put("chartScript", DashboardPages.CHART_SCRIPT.src());
        model.put("homeScript", DashboardPages.HOME_SCRIPT.src());
        var days = shown.days();
        model.put("dates", series(days, day -> day.date().toString()));
        model.put("volumeSeries", series(days, day -> plain(day.volumeUsdc())));
        model.put("createdSeries", series(days, day -> Long.toString(day.newSubscriptions())));
        model.put("failedSeries", series(days, day -> Long.toString(day.failedCharges())));
        model.put(
                "rows",
                days.reversed().stream()
                        .map(day -> Map.of(
                                "date", day.date().toString(),
                                "volume", Shown.usdc(day.volumeUsdc()),
                                "created", day.newSubscriptions(),
                                "failed", day.failedCharges()))
                        .toList());
        return model;
    }

    /** A chart's values, oldest day first, separated by spaces (a data attribute home.js reads). */
    private static String series(List<Day> days, Function<Day, String> value) {
        return days.stream().map(value).collect(Collectors.joining(" "));
    }

    private static String plain(BigDecimal amount) {
        return amount.stripTrailingZeros().toPlainString();
    }
}
