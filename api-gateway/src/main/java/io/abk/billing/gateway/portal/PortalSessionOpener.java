package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.config.Now;
import io.abk.billing.schemas.avro.Mode;
import java.net.URI;
import java.time.Clock;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Opens a portal session and answers with its cookie and the way to {@code /portal}. */
@Component
class PortalSessionOpener {

    private final PortalSessionRepository repository;
    private final Clock clock;

    PortalSessionOpener(PortalSessionRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    Mono<ResponseEntity<String>> open(
            ServerWebExchange exchange, String merchantId, Mode mode, String wallet, @Nullable String returnUrl) {
        var now = Now.of(clock);
        var token = PortalTokens.next();
        var session = new PortalSession(
                PortalTokens.hash(token),
                merchantId,
                mode,
                wallet,
                PortalTokens.next(),
                returnUrl,
                now.plus(PortalSession.LIFETIME));
        var secure = PortalCookie.secure(exchange.getRequest());
        return repository
                .insertSession(session, now)
                .thenReturn(ResponseEntity.status(HttpStatus.SEE_OTHER)
                        .location(URI.create("/portal"))
                        .header(
                                HttpHeaders.SET_COOKIE,
                                PortalCookie.issued(token, secure).toString())
                        .body(""));
    }
}
