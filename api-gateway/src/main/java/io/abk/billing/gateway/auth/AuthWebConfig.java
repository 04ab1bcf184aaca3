package io.abk.billing.gateway.auth;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;

/** Registers the {@link Caller} and {@link Operator} handler arguments. */
@Configuration(proxyBeanMethods = false)
public class AuthWebConfig implements WebFluxConfigurer {

    @Override
    public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
        configurer.addCustomResolver(
                new AttributeArgumentResolver(Caller.class, Caller.ATTRIBUTE, "This route needs an API key"));
        configurer.addCustomResolver(new AttributeArgumentResolver(
                Operator.class, Operator.ATTRIBUTE, "The operator API needs Authorization: Bearer <admin token>"));
    }
}
