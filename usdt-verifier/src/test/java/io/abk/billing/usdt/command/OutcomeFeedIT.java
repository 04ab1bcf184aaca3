package io.abk.billing.usdt.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outcome feed against a real broker that is not there at first: a replica started while Kafka is slow or
 * unreachable (its metadata requests time out) must wait for it, not give up for good with its health DOWN.
 */
class OutcomeFeedIT {

    @TempDir
    Path logDir;

    @Test
    void shouldBecomeReadyAndDeliverOutcomesWhenTheBrokerComesUpAfterTheFeedStarted() throws Exception {
        // given a feed started against an address where no broker answers yet
        int port = TestBroker.freePort();
        var waiters = new OutcomeWaiters();
        try (var feed = OutcomeFeed.start(
                "127.0.0.1:" + port, KafkaClientSecurity.PLAINTEXT, Deployment.DEFAULT, "outcome-feed-it", waiters)) {
            // its metadata requests time out (after 1 s each) while it keeps trying
            await().during(Duration.ofSeconds(3))
                    .atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(feed.isAlive())
                            .as("the feed is still trying")
                            .isTrue());
            assertThat(feed.isReady()).isFalse();

            // when the broker comes up on that address with the topic
            try (var broker = TestBroker.start(logDir, port)) {
                var topic = Topics.USDT_COMMAND_OUTCOMES;
                broker.createTopics(
                        List.of(new NewTopic(topic.name(Deployment.DEFAULT), 2, (short) 1).configs(topic.configs())));

                // then the feed positions itself, and an outcome written afterwards reaches its waiter
                await().atMost(Duration.ofSeconds(60)).until(feed::isReady);
                var waiting = waiters.await("cmd_after_start");
                try (var producer = producer(broker.bootstrapServers())) {
                    producer.send(new ProducerRecord<>(
                                    Topics.USDT_COMMAND_OUTCOMES.name(Deployment.DEFAULT),
                                    "cmd_after_start",
                                    outcome("cmd_after_start")))
                            .get();
                }
                await().atMost(Duration.ofSeconds(30)).until(waiting::isDone);
                assertThat(waiting).isCompletedWithValue(outcome("cmd_after_start"));
                assertThat(feed.isAlive()).isTrue();
            }
        }
    }

    private static KafkaProducer<String, UsdtCommandOutcome> producer(String bootstrapServers) {
        var topic = Topics.USDT_COMMAND_OUTCOMES;
        return new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                new StringSerializer(),
                topic.valueSerde().serializer());
    }

    private static UsdtCommandOutcome outcome(String commandId) {
        return UsdtCommandOutcome.newBuilder()
                .setCommandId(commandId)
                .setAccepted(true)
                .setIntent(null)
                .setEventBody(null)
                .setRejection(null)
                .setMatch(null)
                .setFollowUps(List.of())
                .build();
    }
}
