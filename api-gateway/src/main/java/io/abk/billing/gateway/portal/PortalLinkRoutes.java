package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.config.Now;
import java.time.Clock;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code GET /portal/s/{token}}: a portal link opens a session once. An unused, unexpired link becomes a session of
 * its merchant, mode and wallet (the cookie, {@link PortalCookie}) and sends the customer to {@code /portal}; a link
 * used before, expired or unknown is a 410 page that says so and opens nothing. The path's token is masked in logs.
 */
@RestController
public class PortalLinkRoutes {

    /** Where a link points, followed by its token. */
    static final String PATH = "/portal/s/";

    private final PortalSessionRepository repository;
    private final PortalSessionOpener opener;
    private final Clock clock;

    public PortalLinkRoutes(PortalSessionRepository repository, PortalSessionOpener opener, Clock clock) {
        this.repository = repository;
        this.opener = opener;
        this.clock = clock;
    }

    @GetMapping("/portal/s/{token}")
    public Mono<ResponseEntity<String>> open(@PathVariable String token, ServerWebExchange exchange) {
        return repository
                .useLink(PortalTokens.hash(token), Now.of(clock))
                .flatMap(link -> opener.open(exchange, link.merchantId(), link.mode(), link.wallet(), link.returnUrl()))
                .defaultIfEmpty(PortalPages.notice(
                        HttpStatus.GONE,
                        "This portal link no longer works",
                        "A portal link opens once and for an hour. Ask the merchant for a new one, or sign in with your"
                                + " wallet from the merchant's page.",
                        null,
                        null));
    }
}
