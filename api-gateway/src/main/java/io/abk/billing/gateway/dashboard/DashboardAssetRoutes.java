package io.abk.billing.gateway.dashboard;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /dashboard/assets/dashboard.js}: the dashboard's script, for a signed-in member's pages. */
@RestController
public class DashboardAssetRoutes {

    @GetMapping("/dashboard/assets/dashboard.js")
    public ResponseEntity<byte[]> script(@RequestParam(name = "v", required = false) @Nullable String version) {
        return DashboardPages.SCRIPT.answer(version);
    }
}
