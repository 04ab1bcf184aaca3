package io.abk.billing.gateway.platform.health;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The gateway's one Kafka {@link Admin} client, shared by the health checks (and any other admin use). */
@Configuration(proxyBeanMethods = false)
public class KafkaAdminConfiguration {

    /** How long one admin call may take: health must answer fast, even while Kafka is down. */
    public static final Duration ADMIN_CALL_TIMEOUT = Duration.ofSeconds(2);

    @Bean(name = "gatewayKafkaAdmin", destroyMethod = "")
    Admin gatewayKafkaAdmin(BillingProperties properties, KafkaClientSecurity security) {
        int timeoutMs = (int) ADMIN_CALL_TIMEOUT.toMillis();
        return Admin.create(security.with(Map.<String, Object>of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                properties.kafka().bootstrapServers(),
                AdminClientConfig.CLIENT_ID_CONFIG,
                "billing-gateway-admin",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                timeoutMs,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                timeoutMs,
                AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MS_CONFIG,
                timeoutMs,
                AdminClientConfig.SOCKET_CONNECTION_SETUP_TIMEOUT_MAX_MS_CONFIG,
                timeoutMs,
                // Back off up to 5 s between reconnects while the broker is away, instead of 1 s of log noise.
                AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG,
                5_000,
                // With the default ("rebootstrap") a 4.2 admin client whose brokers are all down re-bootstraps in a
                // tight loop: a busy thread and thousands of log lines a second while Kafka is away. Retrying the
                // bootstrap servers with backoff is all a health check needs. Cost: if every broker changes its
                // address while the gateway runs, this client only recovers through the bootstrap list.
                AdminClientConfig.METADATA_RECOVERY_STRATEGY_CONFIG,
                "none")));
    }

    /** Closes the admin client without waiting past one call timeout (the default close waits indefinitely). */
    @Bean
    AutoCloseable gatewayKafkaAdminCloser(Admin gatewayKafkaAdmin) {
        return () -> gatewayKafkaAdmin.close(ADMIN_CALL_TIMEOUT);
    }
}
