package io.abk.billing.gateway.config;

import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * How every Kafka client of the gateway (the command and delivery producers, the projector, the health checks'
 * admin client) connects: the {@link KafkaClientSecurity} of {@code BILLING_KAFKA_SECURITY_PROTOCOL} and the other
 * {@code BILLING_KAFKA_SSL_*} and {@code BILLING_KAFKA_SASL_*} settings, read once at start.
 */
@Configuration(proxyBeanMethods = false)
public class KafkaSecurityConfiguration {

    @Bean
    KafkaClientSecurity kafkaClientSecurity(Environment environment) {
        return KafkaClientSecurity.fromEnv(SpringLaunch.env(environment));
    }
}
