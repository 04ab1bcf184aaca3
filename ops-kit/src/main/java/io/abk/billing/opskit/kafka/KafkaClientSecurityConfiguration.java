package io.abk.billing.opskit.kafka;

import io.abk.billing.opskit.SpringLaunch;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The {@link KafkaClientSecurity} of a Spring service, read once at start from its settings (a settings map given to
 * its start wins over the environment, as for its other settings): every producer, consumer and admin client of the
 * service connects with it. A service imports this configuration rather than declaring the bean itself.
 */
@Configuration(proxyBeanMethods = false)
public class KafkaClientSecurityConfiguration {

    @Bean
    KafkaClientSecurity kafkaClientSecurity(Environment environment) {
        return KafkaClientSecurity.fromEnv(SpringLaunch.env(environment));
    }
}
