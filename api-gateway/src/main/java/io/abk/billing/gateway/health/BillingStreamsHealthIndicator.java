package io.abk.billing.gateway.health;

import io.abk.billing.gateway.config.BillingProperties;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.common.GroupState;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code billingStreams}: UP when the billing-streams application is processing, seen from Kafka: its consumer
 * group ({@code billing.kafka.streams-application-id}) is STABLE with at least one member. Commands sent before
 * that would only wait. Assumes the classic rebalance protocol of Kafka Streams (the default).
 */
@Component
public class BillingStreamsHealthIndicator implements ReactiveHealthIndicator {

    private final Admin admin;
    private final String groupId;

    public BillingStreamsHealthIndicator(@Qualifier("gatewayKafkaAdmin") Admin admin, BillingProperties properties) {
        this.admin = admin;
        this.groupId = properties.kafka().streamsApplicationId();
    }

    @Override
    public Mono<Health> health() {
        var timeout = KafkaAdminConfig.ADMIN_CALL_TIMEOUT;
        var described = admin.describeConsumerGroups(List.of(groupId),
                new DescribeConsumerGroupsOptions().timeoutMs((int) timeout.toMillis())).describedGroups().get(groupId);
        return Mono.fromCompletionStage(described.toCompletionStage())
                .timeout(timeout.plusMillis(500))
                .map(group -> {
                    var state = group.groupState();
                    int members = group.members().size();
                    var health = state == GroupState.STABLE && members > 0 ? Health.up() : Health.down();
                    return health.withDetail("groupId", groupId).withDetail("state", String.valueOf(state))
                            .withDetail("members", members).build();
                })
                .onErrorResume(e -> Mono.just(Health.down().withDetail("groupId", groupId)
                        .withDetail("error", PostgresHealthIndicator.describe(e)).build()));
    }
}
