package io.abk.billing.gateway.platform.health;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.topics.TopicLayout;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@code topics}: UP when every topic the gateway writes or reads exists with the cleanup policy the catalog declares;
 * DOWN naming what is missing or wrong (the gateway creates no topic: the topics step does), so a deployment that
 * skipped the step says so instead of answering every write with a timeout.
 */
@Component
public class TopicsHealthIndicator implements ReactiveHealthIndicator {

    private static final List<Topic<?, ?>> TOPICS = List.of(
            Topics.SUBSCRIPTION_COMMANDS,
            Topics.PAYMENT_COMMANDS,
            Topics.PAYMENT_LINK_COMMANDS,
            Topics.CUSTOMER_COMMANDS,
            Topics.CHANGES,
            Topics.TEST_CLOCKS,
            Topics.WEBHOOK_DELIVERIES,
            Topics.METER_EVENTS,
            Topics.USAGE_SUMMARIES);

    private final Admin admin;
    private final TopicLayout layout;

    public TopicsHealthIndicator(@Qualifier("gatewayKafkaAdmin") Admin admin, Deployment deployment) {
        this.admin = admin;
        this.layout = TopicLayout.of(deployment, TOPICS);
    }

    @Override
    public Mono<Health> health() {
        return Mono.fromCallable(() -> layout.problems(admin))
                .subscribeOn(Schedulers.boundedElastic())
                .timeout(KafkaAdminConfiguration.ADMIN_CALL_TIMEOUT.multipliedBy(2))
                .map(problems -> problems.isEmpty()
                        ? Health.up().build()
                        : Health.down().withDetail("problems", problems).build())
                .onErrorResume(e -> Mono.just(Health.down()
                        .withDetail("error", PostgresHealthIndicator.describe(e))
                        .build()));
    }
}
