package io.abk.billing.gateway.platform.web;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Clock;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Runs first on every request: mints its {@code req_...} id and sets the headers every response carries
 * ({@code x-request-id}, {@code Service-Version}) before anything can fail, so error responses have them too.
 * A client-sent {@code x-request-id} is not trusted or echoed: ids in our logs are always ours.
 */
@Component
@Order(FilterOrder.REQUEST_ID)
public class RequestIdFilter implements WebFilter {

    private final Clock clock;

    public RequestIdFilter(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var requestId = Ids.newId(IdPrefix.REQUEST, clock.instant());
        exchange.getAttributes().put(RequestIds.ATTRIBUTE, requestId);
        // Spring's own log lines about this exchange are prefixed with the log id: make it ours.
        exchange.getAttributes().put(ServerWebExchange.LOG_ID_ATTRIBUTE, requestId);
        stampHeaders(exchange);
        return chain.filter(exchange)
                .contextWrite(LogContext.add(exchange, LogContext.with(LogContext.REQUEST_ID, requestId)));
    }

    /** Sets the headers every response carries; the error handler calls it again after resetting a response. */
    public static void stampHeaders(ServerWebExchange exchange) {
        var headers = exchange.getResponse().getHeaders();
        headers.set(ApiHeaders.REQUEST_ID, RequestIds.of(exchange));
        headers.set(ApiHeaders.SERVICE_VERSION, ApiHeaders.SUPPORTED_VERSION);
    }
}
