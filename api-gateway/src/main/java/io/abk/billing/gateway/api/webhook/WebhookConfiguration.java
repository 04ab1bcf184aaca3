package io.abk.billing.gateway.api.webhook;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.abk.billing.opskit.config.SealerStart;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Wires the SSRF guard with the system's DNS and the configured test-mode relaxation, and the sealer of signing
 * secrets with the configured keyring ({@link SealerStart}: the development key outside the production profile when
 * none is configured, with a warning; a refused start under it).
 */
@Configuration(proxyBeanMethods = false)
public class WebhookConfiguration {

    @Bean
    EndpointUrlGuard endpointUrlGuard(WebhooksProperties properties) {
        return EndpointUrlGuard.usingSystemDns(properties.allowLoopbackInTest());
    }

    @Bean
    SecretSealer secretSealer(SecretsProperties properties, Environment environment) {
        return SealerStart.sealer(properties.keys(), properties.activeKey(), environment, "sealed");
    }
}
