package io.abk.billing.gateway.config;

import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.opskit.kafka.KafkaClientSecurityConfiguration;
import io.abk.billing.schemas.topic.Deployment;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * How every Kafka client of the gateway (the command and delivery producers, the projector, the health checks'
 * admin client) connects: the {@link KafkaClientSecurity} of {@code BILLING_KAFKA_SECURITY_PROTOCOL} and the other
 * {@code BILLING_KAFKA_SSL_*} and {@code BILLING_KAFKA_SASL_*} settings, read once at start (ops-kit's
 * {@link KafkaClientSecurityConfiguration}); and what they name on the
 * cluster: the {@link Deployment} of {@code BILLING_DEPLOYMENT_ID}, which prefixes every topic, the projector's group,
 * the application ids health watches and the clients' ids.
 */
@Configuration(proxyBeanMethods = false)
@Import(KafkaClientSecurityConfiguration.class)
public class KafkaSecurityConfiguration {

    /** The deployment whose names the gateway uses on the cluster (a settings map given to its start wins). */
    @Bean
    Deployment deployment(Environment environment) {
        return Deployment.of(SpringLaunch.env(environment).text(Deployment.VARIABLE, ""));
    }
}
