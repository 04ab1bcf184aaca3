package io.abk.billing.gateway.platform.web;

import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * {@code Service-Version}: absent or {@code 2026-01-01} is served; any other value is 400
 * {@code unsupported_api_version} on every route (operator and actuator routes too, for one simple rule).
 */
@Component
@Order(FilterOrder.SERVICE_VERSION)
public class ServiceVersionFilter implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        // Raw values: an empty header or a comma-separated list is "another value", not "absent".
        var values = exchange.getRequest().getHeaders().getOrEmpty(ApiHeaders.SERVICE_VERSION);
        for (var value : values) {
            if (!ApiHeaders.SUPPORTED_VERSION.equals(value.strip())) {
                return Mono.error(new ApiException(
                        400,
                        ErrorCodes.UNSUPPORTED_API_VERSION,
                        "Unsupported Service-Version '" + abbreviate(value) + "': the supported version is "
                                + ApiHeaders.SUPPORTED_VERSION + " (also the default when the header is absent)"));
            }
        }
        return chain.filter(exchange);
    }

    private static String abbreviate(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "...";
    }
}
