package io.abk.billing.gateway.readmodel.projection;

import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.ChangeFixtures;
import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestDatabase;
import io.abk.billing.gateway.testkit.TestKafka;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The projector tests' set-up, registered as a static extension: a database of the test class's own (made before
 * its first test), projectors on the shared broker that are stopped after each test, a producer of changes, and
 * waiting for a group to catch up.
 */
final class ProjectorHarness implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    private final String databasePrefix;
    private final List<ChangeProjector> started = new ArrayList<>();
    private @Nullable TestDatabase db;
    private @Nullable KafkaProducer<String, Change> producer;

    ProjectorHarness(String databasePrefix) {
        this.databasePrefix = databasePrefix;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        db = SharedInfra.newDatabase(databasePrefix);
        producer = TestKafka.changeProducer();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        started.forEach(ChangeProjector::stop);
        started.clear();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (producer != null) {
            producer.close();
        }
    }

    /** The test class's database (there from its first test on). */
    TestDatabase db() {
        return Objects.requireNonNull(db, "the harness is registered with @RegisterExtension on a static field");
    }

    /** Starts a projector and waits until it is positioned. */
    ChangeProjector start(String group, TestDatabase database, OutcomeListener listener) {
        return start(group, database, listener, ProjectedResources.none());
    }

    /** Starts a projector that keeps {@code resources} current, and waits until it is positioned. */
    ChangeProjector start(String group, TestDatabase database, OutcomeListener listener, ProjectedResources resources) {
        var projector = create(SharedInfra.kafkaBootstrap(), group, database, listener, resources);
        projector.start();
        await().atMost(Duration.ofSeconds(60)).until(() -> projector.state() == ChangeProjector.State.RUNNING);
        return projector;
    }

    /** A projector that is stopped with the harness but not started yet. */
    ChangeProjector create(String bootstrap, String group, TestDatabase database, OutcomeListener listener) {
        return create(bootstrap, group, database, listener, ProjectedResources.none());
    }

    private ChangeProjector create(
            String bootstrap,
            String group,
            TestDatabase database,
            OutcomeListener listener,
            ProjectedResources resources) {
        var projector = new ChangeProjector(
                new ProjectorSettings(bootstrap, group, 1000, Duration.ofMillis(100), Duration.ofSeconds(1)),
                database.jdbcSettings(),
                listener,
                resources);
        started.add(projector);
        return projector;
    }

    void send(List<Change> changes) {
        TestKafka.send(Objects.requireNonNull(producer), changes);
    }

    /** Waits until the stored offsets of the group reach the end of every partition of the changes topic. */
    static void awaitCaughtUp(String group, TestDatabase database) {
        var ends = endOffsets();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    for (var end : ends.entrySet()) {
                        if (end.getValue() == 0) {
                            continue;
                        }
                        var stored = database.count(
                                "SELECT coalesce(max(next_offset), -1) FROM projector_offsets WHERE consumer_group = ?"
                                        + " AND topic = ? AND partition = ?",
                                group,
                                end.getKey().topic(),
                                end.getKey().partition());
                        if (stored < end.getValue()) {
                            return false;
                        }
                    }
                    return true;
                });
    }

    private static Map<TopicPartition, Long> endOffsets() {
        try (var admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap()))) {
            var topic = admin.describeTopics(List.of(Topics.CHANGES.name(Deployment.DEFAULT)))
                    .allTopicNames()
                    .get()
                    .get(Topics.CHANGES.name(Deployment.DEFAULT));
            var request = new HashMap<TopicPartition, OffsetSpec>();
            topic.partitions()
                    .forEach(p -> request.put(
                            new TopicPartition(Topics.CHANGES.name(Deployment.DEFAULT), p.partition()),
                            OffsetSpec.latest()));
            var ends = admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                    .all()
                    .get();
            var result = new HashMap<TopicPartition, Long>();
            ends.forEach((partition, info) -> result.put(partition, info.offset()));
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "cannot read the end offsets of " + Topics.CHANGES.name(Deployment.DEFAULT), e);
        }
    }

    static Change accepted(String merchant, long version, String status) {
        return ChangeFixtures.accepted(
                newId(IdPrefix.COMMAND),
                newId(IdPrefix.SUBSCRIPTION),
                newId(IdPrefix.INVOICE),
                merchant,
                Mode.TEST,
                version,
                status);
    }

    static String newId(IdPrefix prefix) {
        return Ids.newId(prefix, Instant.now());
    }

    static String newMerchant() {
        return newId(IdPrefix.MERCHANT);
    }

    static String newGroup() {
        return "projector-it-" + UUID.randomUUID();
    }
}
