package io.abk.billing.gateway.auth;

import io.abk.billing.gateway.web.ApiException;
import io.abk.billing.gateway.web.ErrorCodes;
import org.springframework.core.MethodParameter;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.HandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** Lets a handler method declare a {@link Caller} parameter, filled from {@link Caller#ATTRIBUTE}. */
public class CallerArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return Caller.class.equals(parameter.getParameterType());
    }

    @Override
    public Mono<Object> resolveArgument(MethodParameter parameter, BindingContext bindingContext, ServerWebExchange exchange) {
        Caller caller = exchange.getAttribute(Caller.ATTRIBUTE);
        // Only reachable for a handler outside /v1 that asks for a Caller: a wiring mistake, refused safely.
        return caller != null ? Mono.just(caller)
                : Mono.error(new ApiException(401, ErrorCodes.AUTHENTICATION_ERROR, "This route needs an API key"));
    }
}
