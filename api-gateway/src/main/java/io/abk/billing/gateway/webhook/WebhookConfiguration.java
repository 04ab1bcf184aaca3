package io.abk.billing.gateway.webhook;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the SSRF guard with the system's DNS and the configured test-mode relaxation. */
@Configuration(proxyBeanMethods = false)
public class WebhookConfiguration {

    @Bean
    EndpointUrlGuard endpointUrlGuard(WebhooksProperties properties) {
        return EndpointUrlGuard.usingSystemDns(properties.allowLoopbackInTest());
    }
}
