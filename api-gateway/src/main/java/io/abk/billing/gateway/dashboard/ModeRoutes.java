package io.abk.billing.gateway.dashboard;

import io.abk.billing.schemas.avro.Mode;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code POST /dashboard/mode}: the test/live switch. The session shows the other mode's data from its next page on,
 * and the member is taken back to the section they were in (its list: what they looked at belongs to the other mode).
 */
@RestController
public class ModeRoutes {

    private final SessionRepository sessions;

    public ModeRoutes(SessionRepository sessions) {
        this.sessions = sessions;
    }

    @PostMapping(path = "/dashboard/mode", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    public Mono<ResponseEntity<String>> switchMode(
            @RequestAttribute(DashboardSession.ATTRIBUTE) DashboardSession session, ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            var asked = form.getFirst("mode");
            if (!"test".equals(asked) && !"live".equals(asked)) {
                return Mono.just(DashboardPages.refused(HttpStatus.BAD_REQUEST, "The mode is test or live."));
            }
            var mode = "live".equals(asked) ? Mode.LIVE : Mode.TEST;
            var back = DashboardPages.SECTIONS.stream()
                    .filter(section -> section.key().equals(form.getFirst("back")))
                    .findFirst()
                    .map(DashboardPages.Section::href)
                    .orElse(DashboardSessionFilter.HOME);
            return sessions.switchMode(session.tokenHash(), mode)
                    .thenReturn(ResponseEntity.status(HttpStatus.SEE_OTHER)
                            .location(URI.create(back))
                            .<String>build());
        });
    }
}
