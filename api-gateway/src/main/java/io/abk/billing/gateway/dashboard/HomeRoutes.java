package io.abk.billing.gateway.dashboard;

import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /dashboard} and {@code /dashboard/home}: where a signed-in member lands. */
@RestController
public class HomeRoutes {

    private final DashboardRenderer renderer;

    public HomeRoutes(DashboardRenderer renderer) {
        this.renderer = renderer;
    }

    @GetMapping("/dashboard")
    public ResponseEntity<Void> root() {
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(DashboardSessionFilter.HOME))
                .build();
    }

    @GetMapping(DashboardSessionFilter.HOME)
    public Mono<ResponseEntity<String>> home(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        return renderer.page(
                session,
                "Home",
                "home",
                DashboardPages.HOME,
                Map.of("email", session.email(), "role", session.role().wireName()));
    }
}
