package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.platform.web.ApiHeaders;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.LogContext;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.opskit.web.PresentedKeys;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Authenticates every {@code /v1} request by its API key ({@code x-service-api-key}, else
 * {@code Authorization: Bearer}) and puts the {@link Caller} into {@link Caller#ATTRIBUTE}. Unknown
 * {@code /v1} paths are authenticated too, so an anonymous caller learns nothing about which routes exist. A request
 * the dashboard's session filter made a {@code /v1} one (its caller already known) is left as it is.
 */
@Component
@Order(FilterOrder.AUTHENTICATION)
public class ApiKeyFilter implements WebFilter {

    private final ApiKeyAuthenticator authenticator;

    public ApiKeyFilter(ApiKeyAuthenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!RequestPaths.isUnder(exchange.getRequest(), "v1") || exchange.getAttribute(Caller.ATTRIBUTE) != null) {
            // Not the API, or the dashboard's call of it, whose session the dashboard's filter already checked.
            return chain.filter(exchange);
        }
        return authenticator
                .authenticate(PresentedKeys.of(exchange.getRequest(), ApiHeaders.API_KEY))
                .flatMap(caller -> {
                    exchange.getAttributes().put(Caller.ATTRIBUTE, caller);
                    return chain.filter(exchange)
                            .contextWrite(LogContext.add(
                                    exchange,
                                    LogContext.with(LogContext.MERCHANT_ID, caller.merchantId())
                                            .and(
                                                    LogContext.MODE,
                                                    caller.mode().name().toLowerCase(java.util.Locale.ROOT))));
                });
    }
}
