package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import org.springframework.core.MethodParameter;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.HandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Fills a handler parameter of one type ({@link Caller}, {@link Operator}) from the exchange attribute its
 * authentication filter stored. Without the attribute the request is a 401: the route ran without the filter
 * that guards it (a path the filter did not see as its own), which is refused rather than served.
 */
final class AttributeArgumentResolver implements HandlerMethodArgumentResolver {

    private final Class<?> type;
    private final String attribute;
    private final String refusal;

    AttributeArgumentResolver(Class<?> type, String attribute, String refusal) {
        this.type = type;
        this.attribute = attribute;
        this.refusal = refusal;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return type.equals(parameter.getParameterType());
    }

    @Override
    public Mono<Object> resolveArgument(
            MethodParameter parameter, BindingContext bindingContext, ServerWebExchange exchange) {
        Object value = exchange.getAttribute(attribute);
        return value != null
                ? Mono.just(value)
                : Mono.error(new ApiException(401, ErrorCodes.AUTHENTICATION_ERROR, refusal));
    }
}
