package io.abk.billing.gateway.platform.health;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** {@code kafka}: UP when the cluster describes itself (cluster id and brokers) within the admin timeout. */
@Component
public class KafkaHealthIndicator implements ReactiveHealthIndicator {

    private final Admin admin;

    public KafkaHealthIndicator(@Qualifier("gatewayKafkaAdmin") Admin admin) {
        this.admin = admin;
    }

    @Override
    public Mono<Health> health() {
        var timeout = KafkaAdminConfiguration.ADMIN_CALL_TIMEOUT;
        var cluster = admin.describeCluster(new DescribeClusterOptions().timeoutMs((int) timeout.toMillis()));
        return Mono.zip(
                        Mono.fromCompletionStage(cluster.clusterId().toCompletionStage()),
                        Mono.fromCompletionStage(cluster.nodes().toCompletionStage()))
                .timeout(timeout.plusMillis(500))
                .map(found -> Health.up()
                        .withDetail("clusterId", found.getT1())
                        .withDetail("brokers", found.getT2().size())
                        .build())
                .onErrorResume(e -> Mono.just(Health.down()
                        .withDetail("error", PostgresHealthIndicator.describe(e))
                        .build()));
    }
}
