package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import java.net.URI;
import java.util.Map;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /dashboard} and {@code /dashboard/home}: where a signed-in member lands. */
@RestController
public class HomeRoutes {

    private final MerchantService merchants;

    public HomeRoutes(MerchantService merchants) {
        this.merchants = merchants;
    }

    @GetMapping("/dashboard")
    public ResponseEntity<Void> root() {
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(DashboardSessionFilter.HOME))
                .build();
    }

    @GetMapping(DashboardSessionFilter.HOME)
    public Mono<ResponseEntity<String>> home(@RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session) {
        return merchants.get(session.merchantId()).map(merchant -> {
            var name = Objects.requireNonNullElse(merchant.displayName(), merchant.name());
            var content = DashboardPages.render(
                    DashboardPages.HOME,
                    Map.of("email", session.email(), "role", session.role().wireName(), "merchantName", name));
            return DashboardPages.html(
                    HttpStatus.OK,
                    DashboardPages.page("Home", new DashboardPages.Viewer(session, name), "home", content));
        });
    }
}
