package io.abk.billing.gateway.web;

import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Request body rules that hold before any handler reads a body:
 * <ul>
 *   <li>a declared {@code Content-Length} over 64 KiB is refused at once with 413 (a chunked body without a
 *       length is caught by the codec limit {@code spring.http.codecs.max-in-memory-size} instead);</li>
 *   <li>a POST/PUT/PATCH without {@code Content-Type} is read as JSON, so {@code curl -d '{...}'} without a
 *       header works; a declared non-JSON type is still 415.</li>
 * </ul>
 */
@Component
@Order(FilterOrder.BODY_LIMIT)
public class RequestBodyFilter implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        if (declaredLength(request.getHeaders().getFirst(HttpHeaders.CONTENT_LENGTH)) > ApiHeaders.MAX_BODY_BYTES) {
            return Mono.error(payloadTooLarge());
        }
        var method = request.getMethod();
        boolean mayHaveBody = method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH;
        if (mayHaveBody && request.getHeaders().getContentType() == null) {
            var withJson = request.mutate().headers(headers -> headers.setContentType(MediaType.APPLICATION_JSON)).build();
            return chain.filter(exchange.mutate().request(withJson).build());
        }
        return chain.filter(exchange);
    }

    /** The declared length, -1 when absent; an unparseable length counts as too large rather than as a 500. */
    private static long declaredLength(@Nullable String header) {
        if (header == null) {
            return -1;
        }
        try {
            return Long.parseLong(header.strip());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    public static ApiException payloadTooLarge() {
        return new ApiException(413, ErrorCodes.PAYLOAD_TOO_LARGE,
                "The request body is larger than the limit of " + ApiHeaders.MAX_BODY_BYTES + " bytes (64 KiB)");
    }
}
