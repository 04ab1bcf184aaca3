package io.abk.billing.gateway.dashboard;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /dashboard/assets/...}: the dashboard's script, the home page's and the chart library's (uPlot, script and
 * style sheet), for a signed-in member's pages.
 */
@RestController
public class DashboardAssetRoutes {

    @GetMapping("/dashboard/assets/dashboard.js")
    public ResponseEntity<byte[]> script(@RequestParam(name = "v", required = false) @Nullable String version) {
        return DashboardPages.SCRIPT.answer(version);
    }

    @GetMapping("/dashboard/assets/home.js")
    public ResponseEntity<byte[]> homeScript(@RequestParam(name = "v", required = false) @Nullable String version) {
        return DashboardPages.HOME_SCRIPT.answer(version);
    }

    @GetMapping("/dashboard/assets/uplot.js")
    public ResponseEntity<byte[]> chartScript(@RequestParam(name = "v", required = false) @Nullable String version) {
        return DashboardPages.CHART_SCRIPT.answer(version);
    }

    @GetMapping("/dashboard/assets/uplot.css")
    public ResponseEntity<byte[]> chartStyle(@RequestParam(name = "v", required = false) @Nullable String version) {
        return DashboardPages.CHART_STYLE.answer(version);
    }
}
