package io.abk.billing.gateway.auth;

import io.abk.billing.gateway.web.ApiException;
import io.abk.billing.gateway.web.ErrorCodes;
import org.springframework.core.MethodParameter;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.HandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Fills an {@link Operator} handler parameter from {@link Operator#ATTRIBUTE}; without it the request is a 401. */
public class OperatorArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return Operator.class.equals(parameter.getParameterType());
    }

    @Override
    public Mono<Object> resolveArgument(MethodParameter parameter, BindingContext bindingContext, ServerWebExchange exchange) {
        Operator operator = exchange.getAttribute(Operator.ATTRIBUTE);
        return operator != null ? Mono.just(operator)
                : Mono.error(new ApiException(401, ErrorCodes.AUTHENTICATION_ERROR,
                        "The operator API needs Authorization: Bearer <admin token>"));
    }
}
