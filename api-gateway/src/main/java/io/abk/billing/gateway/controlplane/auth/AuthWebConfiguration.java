package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.platform.web.Caller;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;

/** Registers the {@link Caller} and {@link Operator} handler arguments. */
@Configuration(proxyBeanMethods = false)
public class AuthWebConfiguration implements WebFluxConfigurer {

    @Override
    public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
        configurer.addCustomResolver(
                new AttributeArgumentResolver(Caller.class, Caller.ATTRIBUTE, "This route needs an API key"));
        configurer.addCustomResolver(new AttributeArgumentResolver(
                Operator.class, Operator.ATTRIBUTE, "The operator API needs Authorization: Bearer <admin token>"));
    }
}
