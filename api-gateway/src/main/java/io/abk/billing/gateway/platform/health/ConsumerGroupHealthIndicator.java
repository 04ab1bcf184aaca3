package io.abk.billing.gateway.platform.health;

import java.util.List;
import java.util.Objects;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.common.GroupState;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import reactor.core.publisher.Mono;

/**
 * UP when a Kafka Streams application the gateway relies on is processing, seen from Kafka: its consumer group
 * (the application id) is STABLE with at least one member. Commands that need it would only wait otherwise.
 * Assumes the classic rebalance protocol of Kafka Streams (the default). {@link ConsumerGroupHealthConfiguration} names
 * one per application.
 */
public final class ConsumerGroupHealthIndicator implements ReactiveHealthIndicator {

    private final Admin admin;
    private final String groupId;

    public ConsumerGroupHealthIndicator(Admin admin, String groupId) {
        this.admin = admin;
        this.groupId = groupId;
    }

    @Override
    public Mono<Health> health() {
        var timeout = KafkaAdminConfiguration.ADMIN_CALL_TIMEOUT;
        var described = admin.describeConsumerGroups(
                        List.of(groupId), new DescribeConsumerGroupsOptions().timeoutMs((int) timeout.toMillis()))
                .describedGroups()
                .get(groupId);
        Objects.requireNonNull(described, "the admin client answers for every group it is asked about");
        return Mono.fromCompletionStage(described.toCompletionStage())
                .timeout(timeout.plusMillis(500))
                .map(group -> {
                    var state = group.groupState();
                    int members = group.members().size();
                    var health = state == GroupState.STABLE && members > 0 ? Health.up() : Health.down();
                    return health.withDetail("groupId", groupId)
                            .withDetail("state", String.valueOf(state))
                            .withDetail("members", members)
                            .build();
                })
                .onErrorResume(e -> Mono.just(Health.down()
                        .withDetail("groupId", groupId)
                        .withDetail("error", PostgresHealthIndicator.describe(e))
                        .build()));
    }
}
