package io.abk.billing.gateway.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.command.testkit.ChangeFixtures;
import io.abk.billing.gateway.command.testkit.SharedInfra;
import io.abk.billing.gateway.command.testkit.TestDatabase;
import io.abk.billing.gateway.command.testkit.TestKafka;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.render.ApiJson;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The projector against the real {@code billing.changes} topic and PostgreSQL: rows, versions, outcomes and
 * offsets in one transaction, restarts from stored offsets, late databases, and waking a waiter by NOTIFY.
 */
class ChangeProjectorIT {

    private static final Logger log = LoggerFactory.getLogger(ChangeProjectorIT.class);
    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    private static TestDatabase db;
    private static KafkaProducer<String, Change> producer;
    private final List<ChangeProjector> started = new ArrayList<>();

    @BeforeAll
    static void infrastructure() {
        db = SharedInfra.newDatabase("projector_it");
        producer = TestKafka.changeProducer();
    }

    @AfterAll
    static void closeProducer() {
        producer.close();
    }

    @AfterEach
    void stopProjectors() {
        started.forEach(ChangeProjector::stop);
    }

    @Test
    void shouldProjectRowsOutcomesAndOffsetsInOneGoWhenChangesArrive() {
        var merchant = newMerchant();
        var heard = new CopyOnWriteArrayList<CommandOutcome>();
        var group = newGroup();
        start(group, db, heard::addAll);
        var changes = new ArrayList<Change>();
        for (int i = 0; i < 25; i++) {
            changes.add(accepted(merchant, 1, "incomplete"));
        }
        for (int i = 0; i < 5; i++) {
            changes.add(ChangeFixtures.rejected(newId(IdPrefix.COMMAND), newId(IdPrefix.SUBSCRIPTION), merchant, Mode.LIVE,
                    "subscription_create_failed", "no such thing"));
        }

        TestKafka.send(producer, changes);
        awaitCaughtUp(group, db);

        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE merchant_id = ?", merchant)).isEqualTo(30);
        assertThat(db.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ? AND version = 1 AND mode = 'test'", merchant)).isEqualTo(25);
        assertThat(db.count("SELECT count(*) FROM invoices WHERE merchant_id = ?", merchant)).isEqualTo(25);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE merchant_id = ? AND outcome = 'rejected'"
                + " AND rejection_code = 'subscription_create_failed' AND snapshots = '[]'", merchant)).isEqualTo(5);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE merchant_id = ? AND outcome = 'accepted'"
                + " AND jsonb_array_length(snapshots) = 2", merchant)).isEqualTo(25);
        var first = (io.abk.billing.schemas.avro.SubscriptionSnapshot) changes.getFirst().getSnapshots().getFirst();
        assertThat(JSON.readTree(body("subscriptions", first.getId()))).isEqualTo(JSON.valueToTree(ApiJson.subscription(first)));
        assertThat(heard).filteredOn(o -> o.merchantId().equals(merchant)).hasSize(30)
                .filteredOn(o -> !o.accepted()).allSatisfy(o -> assertThat(o.rejectionCode()).isEqualTo("subscription_create_failed"));
    }

    @Test
    void shouldKeepTheNewestVersionWhenAnOlderSnapshotArrivesLaterOrTheSameChangesAreReplayed() {
        var merchant = newMerchant();
        var group = newGroup();
        start(group, db, OutcomeListener.NONE);
        var subscriptionId = newId(IdPrefix.SUBSCRIPTION);
        var invoiceId = newId(IdPrefix.INVOICE);
        var newer = ChangeFixtures.accepted(newId(IdPrefix.COMMAND), subscriptionId, invoiceId, merchant, Mode.TEST, 2, "active");
        var older = ChangeFixtures.accepted(newId(IdPrefix.COMMAND), subscriptionId, invoiceId, merchant, Mode.TEST, 1, "incomplete");

        TestKafka.send(producer, List.of(newer));
        awaitCaughtUp(group, db);
        TestKafka.send(producer, List.of(older));
        awaitCaughtUp(group, db);
        TestKafka.send(producer, List.of(newer, older, newer));
        awaitCaughtUp(group, db);

        assertThat(db.count("SELECT version FROM subscriptions WHERE id = ?", subscriptionId)).isEqualTo(2);
        assertThat(db.count("SELECT count(*) FROM subscriptions WHERE id = ? AND status = 'active' AND body->>'status' = 'active'",
                subscriptionId)).isEqualTo(1);
        assertThat(db.count("SELECT version FROM invoices WHERE id = ?", invoiceId)).isEqualTo(2);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE aggregate_id = ?", subscriptionId)).isEqualTo(2);
    }

    @Test
    void shouldResumeFromStoredOffsetsWithoutReapplyingWhenRestarted() throws Exception {
        var merchant = newMerchant();
        var group = newGroup();
        var first = start(group, db, OutcomeListener.NONE);
        TestKafka.send(producer, List.of(accepted(merchant, 1, "incomplete"), accepted(merchant, 1, "incomplete")));
        awaitCaughtUp(group, db);
        first.stop();

        var whileStopped = new ArrayList<Change>();
        for (int i = 0; i < 7; i++) {
            whileStopped.add(accepted(merchant, 1, "incomplete"));
        }
        TestKafka.send(producer, whileStopped);
        var second = start(group, db, OutcomeListener.NONE);
        awaitCaughtUp(group, db);

        assertThat(second.stats().changes()).as("changes applied after the restart").isEqualTo(7);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE merchant_id = ?", merchant)).isEqualTo(9);
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap()))) {
            var committed = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
            assertThat(committed).as("positions live in PostgreSQL, never in Kafka").isEmpty();
        }
    }

    @Test
    void shouldWakeAListeningWaiterWhenTheChangeIsProjectedByAnotherProjector() {
        var merchant = newMerchant();
        var pool = new io.r2dbc.pool.ConnectionPool(io.r2dbc.pool.ConnectionPoolConfiguration.builder(db.r2dbc()).build());
        var waiter = new OutcomeWaiter(new OutcomeQueries(org.springframework.r2dbc.core.DatabaseClient.create(pool)));
        var notifications = new OutcomeNotifications(db.r2dbc(), waiter, Duration.ofSeconds(1));
        notifications.start();
        try {
            await().atMost(Duration.ofSeconds(30)).until(notifications::isListening);
            // No in-process hand-over: only NOTIFY can wake the waiter, as on another replica.
            var group = newGroup();
            start(group, db, OutcomeListener.NONE);
            awaitCaughtUp(group, db);
            var latencies = new ArrayList<Long>();
            CommandOutcome outcome = null;
            Change change = null;
            for (int i = 0; i < 10; i++) {
                var next = accepted(merchant, 1, "incomplete");
                var sentAt = new long[1];
                outcome = waiter.await(next.getCommandId(), Mono.fromRunnable(() -> {
                    TestKafka.send(producer, List.of(next));
                    sentAt[0] = System.nanoTime();
                }), false, Duration.ofSeconds(30)).block();
                latencies.add((System.nanoTime() - sentAt[0]) / 1000);
                change = next;
            }

            log.info("measured NOTIFY wake-up latency from produce ack (first, then warm p50, max of 10): {} us, {} us, {} us",
                    latencies.getFirst(), latencies.stream().sorted().toList().get(5), latencies.stream().max(Long::compare).orElseThrow());
            assertThat(outcome.accepted()).isTrue();
            assertThat(outcome.aggregateId()).isEqualTo(change.getAggregateId());
            assertThat(JSON.readTree(outcome.snapshotsJson()).get(0).get("id").asString()).isEqualTo(change.getAggregateId());
            // A waiter unregisters when its request ends (just after the outcome is handed over).
            await().atMost(Duration.ofSeconds(10)).until(() -> waiter.pendingCount() == 0);
            var recorded = waiter.await(change.getCommandId(), Mono.empty(), true, Duration.ofSeconds(5)).block();
            assertThat(recorded).as("a retry finds a recorded outcome without any notification").isEqualTo(outcome);
        } finally {
            notifications.stop();
            pool.dispose();
        }
    }

    @Test
    void shouldWakeWaitersWhenListeningResumesAfterAGapOrALostConnection() {
        var merchant = newMerchant();
        var listenerFactory = new io.r2dbc.postgresql.PostgresqlConnectionFactory(
                io.r2dbc.postgresql.PostgresqlConnectionConfiguration.builder().host("localhost").port(db.port()).database(db.name())
                        .username(TestDatabase.USER).applicationName("outcome-listener-it").build());
        var waiter = new OutcomeWaiter(new OutcomeQueries(db.databaseClient()));
        var notifications = new OutcomeNotifications(listenerFactory, waiter, Duration.ofMillis(500));
        var group = newGroup();
        start(group, db, OutcomeListener.NONE);
        var missed = accepted(merchant, 1, "incomplete");
        var waiting = waiter.await(missed.getCommandId(), Mono.empty(), false, Duration.ofSeconds(30)).toFuture();
        try {
            // Nobody listens while the change is projected: its NOTIFY is gone for good.
            TestKafka.send(producer, List.of(missed));
            awaitCaughtUp(group, db);
            assertThat(waiting).isNotDone();

            notifications.start();

            assertThat(waiting.join().commandId()).as("re-checked once listening").isEqualTo(missed.getCommandId());
            await().atMost(Duration.ofSeconds(30)).until(notifications::isListening);
            db.count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'outcome-listener-it'");
            var afterLoss = accepted(merchant, 1, "incomplete");
            var outcome = waiter.await(afterLoss.getCommandId(), Mono.fromRunnable(() -> TestKafka.send(producer, List.of(afterLoss))),
                    false, Duration.ofSeconds(30)).block();
            assertThat(outcome.commandId()).as("woken after the LISTEN connection was re-opened").isEqualTo(afterLoss.getCommandId());
        } finally {
            notifications.stop();
        }
    }

    @Test
    void shouldCatchUpWhenTheDatabaseAppearsAfterTheProjectorStarted() {
        var merchant = newMerchant();
        var late = SharedInfra.futureDatabase("projector_late");
        var group = newGroup();
        var projector = new ChangeProjector(settings(SharedInfra.kafkaBootstrap(), group), late.jdbcSettings(), OutcomeListener.NONE);
        started.add(projector);
        projector.start();
        await().atMost(Duration.ofSeconds(30)).until(() -> projector.state() == ChangeProjector.State.DATABASE_UNAVAILABLE);
        TestKafka.send(producer, List.of(accepted(merchant, 1, "incomplete"), accepted(merchant, 1, "incomplete")));

        SharedInfra.create(late);

        awaitCaughtUp(group, late);
        assertThat(projector.state()).isEqualTo(ChangeProjector.State.RUNNING);
        assertThat(late.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant)).isEqualTo(2);
    }

    @Test
    void shouldReportKafkaUnavailableAndStopPromptlyWhenTheBrokerCannotBeResolved() {
        var projector = new ChangeProjector(settings("no-such-broker.invalid:9092", newGroup()), db.jdbcSettings(), OutcomeListener.NONE);
        started.add(projector);
        projector.start();

        await().atMost(Duration.ofSeconds(30)).until(() -> projector.state() == ChangeProjector.State.KAFKA_UNAVAILABLE);
        var health = new ProjectorHealthIndicator(projector,
                new OutcomeNotifications(db.r2dbc(), new OutcomeWaiter(new OutcomeQueries(db.databaseClient())), Duration.ofSeconds(1)),
                new OutcomeWaiter(new OutcomeQueries(db.databaseClient())), "g").health();
        var stopStarted = System.nanoTime();
        projector.stop();

        assertThat(health.getStatus().getCode()).isEqualTo("DOWN");
        assertThat(health.getDetails()).containsKey("lastError");
        assertThat(Duration.ofNanos(System.nanoTime() - stopStarted)).isLessThan(Duration.ofSeconds(10));
        assertThat(projector.state()).isEqualTo(ChangeProjector.State.STOPPED);
    }

    @Test
    void shouldLoseNothingWhenItsDatabaseConnectionIsKilledBetweenBatches() {
        var merchant = newMerchant();
        var group = newGroup();
        var projector = start(group, db, OutcomeListener.NONE);
        for (int wave = 0; wave < 3; wave++) {
            var changes = new ArrayList<Change>();
            for (int i = 0; i < 100; i++) {
                changes.add(accepted(merchant, 1, "incomplete"));
            }
            TestKafka.send(producer, changes);
            // Whatever the projector is doing, its connection goes away; the batch in flight must be read again.
            db.count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = 'billing-read-model-projector' AND datname = current_database()");
        }

        awaitCaughtUp(group, db);

        assertThat(db.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant)).isEqualTo(300);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE merchant_id = ?", merchant)).isEqualTo(300);
        await().atMost(Duration.ofSeconds(30)).until(() -> projector.state() == ChangeProjector.State.RUNNING);
    }

    @Test
    void shouldHandOverOutcomesWithinMillisecondsWhenChangesArriveOneByOne() {
        var merchant = newMerchant();
        var heardAt = new java.util.concurrent.ConcurrentHashMap<String, Long>();
        var group = newGroup();
        start(group, db, outcomes -> outcomes.forEach(o -> heardAt.put(o.commandId(), System.nanoTime())));
        awaitCaughtUp(group, db);
        var latencies = new ArrayList<Long>();

        for (int i = 0; i < 30; i++) {
            var change = accepted(merchant, 1, "incomplete");
            TestKafka.send(producer, List.of(change));
            var acked = System.nanoTime();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(1)).until(() -> heardAt.containsKey(change.getCommandId()));
            latencies.add(Math.max(0, heardAt.get(change.getCommandId()) - acked) / 1000);
        }

        var sorted = latencies.stream().sorted().toList();
        log.info("measured projection latency from produce ack to in-process hand-over after commit: p50={} us p90={} us max={} us",
                sorted.get(15), sorted.get(27), sorted.getLast());
        assertThat(db.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant)).isEqualTo(30);
    }

    @Test
    void shouldApplyABurstOfChangesInFewBatchesWhenTheyArriveFasterThanOneTransaction() {
        var merchant = newMerchant();
        var group = newGroup();
        var projector = start(group, db, OutcomeListener.NONE);
        awaitCaughtUp(group, db);
        var before = projector.stats();
        long changesBefore = before.changes();
        long batchesBefore = before.batches();
        var burst = new ArrayList<Change>();
        for (int i = 0; i < 5000; i++) {
            burst.add(accepted(merchant, 1, "incomplete"));
        }

        var began = System.nanoTime();
        TestKafka.send(producer, burst);
        var produced = System.nanoTime();
        awaitCaughtUp(group, db);
        var projected = System.nanoTime();

        long changes = projector.stats().changes() - changesBefore;
        long batches = projector.stats().batches() - batchesBefore;
        log.info("measured projector burst: changes={} batches={} produceMs={} produceToProjectedMs={} applyMsTotal={}"
                        + " changesPerSecondOfApply={}", changes, batches, (produced - began) / 1_000_000,
                (projected - began) / 1_000_000, projector.stats().applyMillis(),
                changes * 1000 / Math.max(1, projector.stats().applyMillis()));
        assertThat(changes).isEqualTo(5000);
        assertThat(batches).as("changes are applied in batches, not one transaction each").isLessThan(changes / 10);
        assertThat(db.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant)).isEqualTo(5000);
    }

    private ChangeProjector start(String group, TestDatabase database, OutcomeListener listener) {
        var projector = new ChangeProjector(settings(SharedInfra.kafkaBootstrap(), group), database.jdbcSettings(), listener);
        started.add(projector);
        projector.start();
        await().atMost(Duration.ofSeconds(60)).until(() -> projector.state() == ChangeProjector.State.RUNNING);
        return projector;
    }

    private static ChangeProjector.Settings settings(String bootstrap, String group) {
        return new ChangeProjector.Settings(bootstrap, group, 1000, Duration.ofMillis(100), Duration.ofSeconds(1));
    }

    /** Waits until the stored offsets of the group reach the end of every partition of the changes topic. */
    private static void awaitCaughtUp(String group, TestDatabase database) {
        var ends = endOffsets();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            for (var end : ends.entrySet()) {
                if (end.getValue() == 0) {
                    continue;
                }
                var stored = database.count("SELECT coalesce(max(next_offset), -1) FROM projector_offsets WHERE consumer_group = ?"
                        + " AND topic = ? AND partition = ?", group, end.getKey().topic(), end.getKey().partition());
                if (stored < end.getValue()) {
                    return false;
                }
            }
            return true;
        });
    }

    private static Map<TopicPartition, Long> endOffsets() {
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            var partitions = consumer.partitionsFor(Topics.CHANGES.name()).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
            return new HashMap<>(consumer.endOffsets(partitions));
        }
    }

    private static String body(String table, String id) {
        try (var connection = db.connect();
                var statement = connection.prepareStatement("SELECT body::text FROM " + table + " WHERE id = ?")) {
            statement.setString(1, id);
            try (var rows = statement.executeQuery()) {
                rows.next();
                return rows.getString(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Change accepted(String merchant, long version, String status) {
        return ChangeFixtures.accepted(newId(IdPrefix.COMMAND), newId(IdPrefix.SUBSCRIPTION), newId(IdPrefix.INVOICE), merchant,
                Mode.TEST, version, status);
    }

    private static String newId(IdPrefix prefix) {
        return Ids.newId(prefix, Instant.now());
    }

    private static String newMerchant() {
        return newId(IdPrefix.MERCHANT);
    }

    private static String newGroup() {
        return "projector-it-" + UUID.randomUUID();
    }
}
