package io.abk.billing.streams.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.kafkatestkit.ReadCommitted;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.BillingStreamsApp;
import io.abk.billing.streams.BillingStreamsSettings;
import io.abk.billing.streams.invoicenumber.InvoiceNumberProcessor;
import io.abk.billing.streams.subscription.CommandEnvelopes;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.topics.TopicProvisioner;
import io.abk.billing.topics.TopicsSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two deployments of billing-streams with different {@code BILLING_DEPLOYMENT_ID}s on one broker: each applies its own
 * commands exactly once and sees nothing of the other's, in groups and transactions of its own. Protects against a
 * shared name on the cluster: with one id for both (today's names), the two join one consumer group, split its
 * partitions and apply each other's commands, so the second create of a subscription id is rejected as a duplicate.
 */
class TwoDeploymentsIT {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final Instant REQUESTED_AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final int PARTITIONS = 2;
    /** The same subscription ids in both deployments: one shared aggregate would accept only the first create. */
    private static final List<String> SUBSCRIPTIONS =
            List.of("sub_01jvqz0000000000000000dep1", "sub_01jvqz0000000000000000dep2");

    private static final Deployment BLUE = Deployment.of("blue");
    private static final Deployment GREEN = Deployment.of("green");

    @TempDir
    Path dir;

    @Test
    void shouldApplyEachDeploymentsCommandsOnceInItsOwnTopicsGroupsAndTransactionsOnOneBroker() throws Exception {
        try (var broker = TestBroker.start(dir.resolve("kafka"));
                var admin = broker.admin()) {
            provisionTopics(broker, BLUE);
            provisionTopics(broker, GREEN);
            try (var blue = start(broker, BLUE, "blue");
                    var green = start(broker, GREEN, "green")) {
                await().atMost(PATIENCE).until(() -> blue.isRunning() && green.isRunning());

                var blueCommands = sendCreates(broker, BLUE, "blue");
                var greenCommands = sendCreates(broker, GREEN, "green");

                // Every command of each deployment was applied once, by its own deployment: one accepted Change per
                // command id on its own billing.changes, none of the other's.
                assertAppliedOnce(broker, BLUE, blueCommands);
                assertAppliedOnce(broker, GREEN, greenCommands);

                // Each deployment's groups and transactional ids carry its prefix, and no member of one deployment
                // ever sits in a group of the other.
                var groups = admin.listGroups().all().get(30, TimeUnit.SECONDS).stream()
                        .map(GroupListing::groupId)
                        .toList();
                assertThat(groups).contains(blue.applicationId(), green.applicationId());
                assertThat(blue.applicationId()).isEqualTo("blue.billing-streams");
                assertThat(green.applicationId()).isEqualTo("green.billing-streams");
                assertMembersAreOwn(admin, blue.applicationId(), BLUE);
                assertMembersAreOwn(admin, green.applicationId(), GREEN);
                var transactionalIds = admin.listTransactions().all().get(30, TimeUnit.SECONDS).stream()
                        .map(TransactionListing::transactionalId)
                        .toList();
                assertThat(transactionalIds)
                        .anyMatch(id -> id.startsWith(BLUE.prefix()))
                        .anyMatch(id -> id.startsWith(GREEN.prefix()))
                        .allMatch(id -> id.startsWith(BLUE.prefix()) || id.startsWith(GREEN.prefix()));
            }
        }
    }

    private static void provisionTopics(TestBroker broker, Deployment deployment) {
        var plan = TopicsSettings.singleBroker(broker.bootstrapServers(), PARTITIONS)
                .withDeployment(deployment)
                .plan();
        var report = TopicProvisioner.run(
                broker.bootstrapServers(), plan, TopicProvisioner.Options.apply(Duration.ofSeconds(30)));
        assertThat(report.problems()).isEmpty();
    }

    /** A billing-streams process of {@code deployment}, with a state directory of its own. */
    private StreamsApp start(TestBroker broker, Deployment deployment, String process) {
        return BillingStreamsApp.start(BillingStreamsSettings.fromEnv(Map.of(
                "BILLING_KAFKA_BOOTSTRAP_SERVERS",
                broker.bootstrapServers(),
                "BILLING_STREAMS_STATE_DIR",
                dir.resolve(process).toString(),
                Deployment.VARIABLE,
                deployment.id())));
    }

    /**
     * A create of each subscription on the deployment's command topic, with command ids of {@code sender}'s own;
     * returns the command ids.
     */
    private static List<String> sendCreates(TestBroker broker, Deployment deployment, String sender) throws Exception {
        var topic = Topics.SUBSCRIPTION_COMMANDS;
        var commandIds = new ArrayList<String>();
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers(),
                        ProducerConfig.LINGER_MS_CONFIG,
                        0),
                topic.keySerde().serializer(),
                topic.valueSerde().serializer())) {
            for (var subscription : SUBSCRIPTIONS) {
                var commandId = "cmd_" + sender + "_" + subscription;
                commandIds.add(commandId);
                producer.send(new ProducerRecord<>(
                                topic.name(deployment),
                                subscription,
                                CommandEnvelopes.create(commandId, subscription, REQUESTED_AT)))
                        .get(30, TimeUnit.SECONDS);
            }
        }
        return commandIds;
    }

    private static void assertAppliedOnce(TestBroker broker, Deployment deployment, List<String> commandIds) {
        var changes = new ArrayList<Change>();
        try (var consumer = ReadCommitted.fromStart(
                broker,
                Topics.CHANGES.name(deployment),
                PARTITIONS,
                new StringDeserializer(),
                Topics.CHANGES.valueSerde().deserializer())) {
            await().atMost(PATIENCE).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> add(changes, record.value()));
                return changes.size() >= commandIds.size();
            });
            // Read on a little: a Change of the other deployment's commands would come in the same transactions.
            consumer.poll(Duration.ofMillis(500)).forEach(record -> add(changes, record.value()));
        }
        assertThat(changes)
                .as("the Changes on %s", Topics.CHANGES.name(deployment))
                .extracting(change -> change.getCommandId().toString())
                .containsExactlyInAnyOrderElementsOf(commandIds);
        assertThat(changes).extracting(Change::getOutcome).containsOnly(Outcome.ACCEPTED);
    }

    /**
     * Keeps the changes of the creates: the customers they ensure have changes of their own, and each first invoice's
     * number comes back to its subscription as a command of the invoice numbering's.
     */
    private static void add(List<Change> changes, Change change) {
        if (change.getAggregateType().equals("subscription")
                && !change.getCommandId().startsWith(InvoiceNumberProcessor.FINALIZE_COMMAND_PREFIX)) {
            changes.add(change);
        }
    }

    private static void assertMembersAreOwn(Admin admin, String group, Deployment deployment) throws Exception {
        var description = admin.describeConsumerGroups(List.of(group))
                .all()
                .get(30, TimeUnit.SECONDS)
                .get(group);
        assertThat(description.members())
                .as("the members of %s", group)
                .isNotEmpty()
                .extracting(MemberDescription::clientId)
                .allMatch(clientId -> clientId.startsWith(deployment.prefix() + "billing-streams"));
    }
}
