package io.abk.billing.gateway.platform.web;

import java.util.List;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Refuses with 406 {@code not_acceptable} a request to a JSON route whose {@code Accept} leaves JSON out, before any
 * handler runs. The framework checks {@code Accept} only when it writes the answer, after the handler has acted: a
 * {@code POST /v1/payments} with {@code Accept: text/plain} created the payment and answered 406. JSON routes are
 * {@code /v1}, {@code /admin} and the checkout's JSON posts (a checkout form post, and the checkout pages, answer
 * HTML). An {@code Accept} the framework cannot parse is left to it.
 */
@Component
@Order(FilterOrder.ACCEPT)
public class AcceptFilter implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        if (answersJson(request) && !acceptsJson(request)) {
            return Mono.error(new NotAcceptableStatusException(List.of(MediaType.APPLICATION_JSON)));
        }
        return chain.filter(exchange);
    }

    private static boolean answersJson(ServerHttpRequest request) {
        if (RequestPaths.isUnder(request, "v1") || RequestPaths.isUnder(request, "admin")) {
            return true;
        }
        if (!RequestPaths.isUnder(request, "checkout") || !HttpMethod.POST.equals(request.getMethod())) {
            return false;
        }
        try {
            return MediaType.APPLICATION_JSON.isCompatibleWith(
                    request.getHeaders().getContentType());
        } catch (InvalidMediaTypeException unparsable) {
            // The route refuses the body (415) without acting on it.
            return false;
        }
    }

    private static boolean acceptsJson(ServerHttpRequest request) {
        var accept = request.getHeaders().get("Accept");
        if (accept == null || accept.isEmpty()) {
            return true;
        }
        try {
            return request.getHeaders().getAccept().stream()
                    .anyMatch(type -> type.isCompatibleWith(MediaType.APPLICATION_JSON));
        } catch (InvalidMediaTypeException unparsable) {
            return true;
        }
    }
}
