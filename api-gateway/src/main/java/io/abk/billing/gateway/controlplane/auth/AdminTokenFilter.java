package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.opskit.digest.Sha256;
import io.abk.billing.opskit.web.PresentedKeys;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Guards the operator API ({@code /admin/v1}) with {@code Authorization: Bearer <billing.admin-token>}.
 * Both sides are hashed before a constant-time comparison, so neither the content nor the length of the
 * token leaks through timing.
 */
@Component
@Order(FilterOrder.AUTHENTICATION)
public class AdminTokenFilter implements WebFilter {

    private final byte[] tokenDigest;

    public AdminTokenFilter(BillingProperties properties) {
        this.tokenDigest = Sha256.of(properties.adminToken(), StandardCharsets.UTF_8);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!RequestPaths.isUnder(exchange.getRequest(), "admin", "v1")) {
            return chain.filter(exchange);
        }
        var presented = PresentedKeys.bearerToken(exchange.getRequest());
        if (presented == null || !MessageDigest.isEqual(tokenDigest, Sha256.of(presented, StandardCharsets.UTF_8))) {
            return Mono.error(new ApiException(
                    401,
                    ErrorCodes.AUTHENTICATION_ERROR,
                    presented == null
                            ? "The operator API needs Authorization: Bearer <admin token>"
                            : "Invalid admin token"));
        }
        exchange.getAttributes().put(Operator.ATTRIBUTE, Operator.ADMIN);
        return chain.filter(exchange);
    }
}
