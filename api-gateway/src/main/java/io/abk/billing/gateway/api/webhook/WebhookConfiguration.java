package io.abk.billing.gateway.api.webhook;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.webhookverify.sealing.SealingKeys;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * Wires the SSRF guard with the system's DNS and the configured test-mode relaxation, and the sealer of signing
 * secrets with the configured keyring: the development key outside the production profile when none is configured
 * (with a warning), a refused start under it.
 */
@Configuration(proxyBeanMethods = false)
public class WebhookConfiguration {

    private static final Logger log = LoggerFactory.getLogger(WebhookConfiguration.class);

    @Bean
    EndpointUrlGuard endpointUrlGuard(WebhooksProperties properties) {
        return EndpointUrlGuard.usingSystemDns(properties.allowLoopbackInTest());
    }

    @Bean
    SecretSealer secretSealer(SecretsProperties properties, Environment environment) {
        var keys = SealingKeys.of(
                properties.keys(),
                properties.activeKey(),
                environment.acceptsProfiles(Profiles.of(Env.PRODUCTION_PROFILE)));
        if (keys.isDevelopment()) {
            log.warn("event=development_sealing_key message=\"" + SealingKeys.KEYS_VARIABLE
                    + " is empty: webhook signing"
                    + " secrets are sealed with the documented development key, which protects nothing; never run like this"
                    + " in production\"");
        } else {
            log.info("event=sealing_keys_ready activeKey={} keys={}", keys.activeId(), keys.ids());
        }
        return new SecretSealer(keys);
    }
}
