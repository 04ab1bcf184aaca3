package io.abk.billing.usdt.http.auth;

import io.abk.billing.opskit.web.PresentedKeys;
import io.abk.billing.usdt.config.VerifierDeployment;
import io.abk.billing.usdt.http.error.UsdtApiException;
import io.abk.billing.usdt.http.error.UsdtErrorCodes;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Every route but {@code GET /health} and {@code /actuator} needs a key, in {@code x-service-api-key} or else
 * {@code Authorization: Bearer <key>}, the billing API's headers; unknown paths too, so an anonymous caller learns
 * nothing about which routes exist. Missing or wrong: 401 {@code authentication_error}.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ServiceKeyFilter implements WebFilter {

    public static final String API_KEY_HEADER = "x-service-api-key";
    /** The exchange attribute naming who presented the accepted key ({@link ServiceKeys#holder}). */
    public static final String HOLDER_ATTRIBUTE = ServiceKeyFilter.class.getName() + ".holder";

    private final ServiceKeys keys;

    public ServiceKeyFilter(VerifierDeployment deployment) {
        this.keys = deployment.keys();
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var path = exchange.getRequest().getPath().pathWithinApplication().value();
        if (path.equals("/health") || path.equals("/actuator") || path.startsWith("/actuator/")) {
            return chain.filter(exchange);
        }
        var presented = PresentedKeys.of(exchange.getRequest(), API_KEY_HEADER);
        if (presented == null || presented.isEmpty()) {
            return Mono.error(new UsdtApiException(
                    401,
                    UsdtErrorCodes.AUTHENTICATION_ERROR,
                    "An API key is required in the" + " x-service-api-key header or as Authorization: Bearer <key>"));
        }
        if (!keys.accepts(presented)) {
            return Mono.error(
                    new UsdtApiException(401, UsdtErrorCodes.AUTHENTICATION_ERROR, "The API key is not valid"));
        }
        exchange.getAttributes().put(HOLDER_ATTRIBUTE, ServiceKeys.holder(presented));
        return chain.filter(exchange);
    }
}
