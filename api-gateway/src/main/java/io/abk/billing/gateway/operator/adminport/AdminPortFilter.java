package io.abk.billing.gateway.operator.adminport;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.RequestPaths;
import java.net.InetSocketAddress;
import org.springframework.core.annotation.Order;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;

/**
 * Keeps each port to its part once the operator API has a port of its own: {@code /admin} on the API port, and
 * anything else on the operator's port, is answered exactly as an unknown path is (404 {@code route_not_found}), so
 * the public port shows nothing of the operator API. Which port a request came in on is the connection's own local
 * port, read from its channel: no header (Host, X-Forwarded-Port) can change it, whichever forwarded-headers strategy
 * the server runs.
 */
@Order(FilterOrder.ADMIN_PORT)
public final class AdminPortFilter implements WebFilter {

    private final AdminPort adminPort;

    AdminPortFilter(AdminPort adminPort) {
        this.adminPort = adminPort;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        var onAdminPort = localPort(request) == adminPort.port();
        if (onAdminPort != RequestPaths.isUnder(request, "admin")) {
            return Mono.error(new ApiException(
                    404, ErrorCodes.ROUTE_NOT_FOUND, "No route matches this path; see the API reference"));
        }
        return chain.filter(exchange);
    }

    /** The port of the socket the request came in on; -1 for a request that came through no socket. */
    static int localPort(ServerHttpRequest request) {
        Object nativeRequest = ServerHttpRequestDecorator.getNativeRequest(request);
        if (nativeRequest instanceof Connection connection
                && connection.channel().localAddress() instanceof InetSocketAddress local) {
            return local.getPort();
        }
        return -1;
    }
}
