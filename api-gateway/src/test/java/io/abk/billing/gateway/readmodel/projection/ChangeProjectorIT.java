package io.abk.billing.gateway.readmodel.projection;

import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.accepted;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.awaitCaughtUp;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newGroup;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newId;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.ChangeFixtures;
import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestDatabase;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.render.ApiJson;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The projector against the real {@code billing.changes} topic and PostgreSQL: rows, versions, outcomes and
 * offsets in one transaction, restarts from stored offsets, late or lost databases, an unreachable broker, bursts.
 */
class ChangeProjectorIT {

    private static final Logger log = LoggerFactory.getLogger(ChangeProjectorIT.class);
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    @RegisterExtension
    static final ProjectorHarness harness = new ProjectorHarness("projector_it");

    private final TestDatabase db = harness.db();

    @Test
    void shouldProjectRowsOutcomesAndOffsetsInOneGoWhenChangesArrive() {
        var merchant = newMerchant();
        var heard = new CopyOnWriteArrayList<CommandOutcome>();
        var group = newGroup();
        harness.start(group, db, heard::addAll);
        var changes = new ArrayList<Change>();
        for (int i = 0; i < 25; i++) {
            changes.add(accepted(merchant, 1, "incomplete"));
        }
        for (int i = 0; i < 5; i++) {
            changes.add(ChangeFixtures.rejected(
                    newId(IdPrefix.COMMAND),
                    newId(IdPrefix.SUBSCRIPTION),
                    merchant,
                    Mode.LIVE,
                    "subscription_create_failed",
                    "no such thing"));
        }

        harness.send(changes);
        awaitCaughtUp(group, db);

        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE merchant_id = ?", merchant))
                .isEqualTo(30);
        assertThat(db.count(
                        "SELECT count(*) FROM subscriptions WHERE merchant_id = ? AND version = 1 AND mode = 'test'",
                        merchant))
                .isEqualTo(25);
        assertThat(db.count("SELECT count(*) FROM invoices WHERE merchant_id = ?", merchant))
                .isEqualTo(25);
        assertThat(db.count(
                        "SELECT count(*) FROM command_outcomes WHERE merchant_id = ? AND outcome = 'rejected'"
                                + " AND rejection_code = 'subscription_create_failed' AND snapshots::text = '[]'",
                        merchant))
                .isEqualTo(5);
        assertThat(db.count(
                        "SELECT count(*) FROM command_outcomes WHERE merchant_id = ? AND outcome = 'accepted'"
                                + " AND json_array_length(snapshots) = 2",
                        merchant))
                .isEqualTo(25);
        var first = (SubscriptionSnapshot) changes.getFirst().getSnapshots().getFirst();
        assertThat(JSON.readTree(body("subscriptions", first.getId())))
                .isEqualTo(JSON.valueToTree(ApiJson.subscription(first)));
        assertThat(heard)
                .filteredOn(o -> o.merchantId().equals(merchant))
                .hasSize(30)
                .filteredOn(o -> !o.accepted())
                .allSatisfy(o -> assertThat(o.rejectionCode()).isEqualTo("subscription_create_failed"));
    }

    @Test
    void shouldKeepTheNewestVersionWhenAnOlderSnapshotArrivesLaterOrTheSameChangesAreReplayed() {
        var merchant = newMerchant();
        var group = newGroup();
        harness.start(group, db, OutcomeListener.NONE);
        var subscriptionId = newId(IdPrefix.SUBSCRIPTION);
        var invoiceId = newId(IdPrefix.INVOICE);
        var newer = ChangeFixtures.accepted(
                newId(IdPrefix.COMMAND), subscriptionId, invoiceId, merchant, Mode.TEST, 2, "active");
        var older = ChangeFixtures.accepted(
                newId(IdPrefix.COMMAND), subscriptionId, invoiceId, merchant, Mode.TEST, 1, "incomplete");

        harness.send(List.of(newer));
        awaitCaughtUp(group, db);
        harness.send(List.of(older));
        awaitCaughtUp(group, db);
        harness.send(List.of(newer, older, newer));
        awaitCaughtUp(group, db);

        assertThat(db.count("SELECT version FROM subscriptions WHERE id = ?", subscriptionId))
                .isEqualTo(2);
        assertThat(db.count(
                        "SELECT count(*) FROM subscriptions WHERE id = ? AND status = 'active' AND body->>'status' = 'active'",
                        subscriptionId))
                .isEqualTo(1);
        assertThat(db.count("SELECT version FROM invoices WHERE id = ?", invoiceId))
                .isEqualTo(2);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE aggregate_id = ?", subscriptionId))
                .isEqualTo(2);
    }

    @Test
    void shouldUpsertPaymentsAndLinksByVersionWithTheirExpiryAndLink() {
        var merchant = newMerchant();
        var group = newGroup();
        harness.start(group, db, OutcomeListener.NONE);
        var created = Instant.parse("2026-03-01T10:00:00Z");
        var expires = created.plus(Duration.ofHours(24));
        var linkId = newId(IdPrefix.PAYMENT_LINK);
        var paymentId = newId(IdPrefix.PAYMENT);
        var open = PaymentSnapshot.newBuilder(
                        ChangeFixtures.payment(paymentId, merchant, Mode.LIVE, 1, "open", created, expires))
                .setPaymentLinkId(linkId)
                .build();
        var paid = PaymentSnapshot.newBuilder(open)
                .setVersion(2)
                .setStatus("paid")
                .setTxHash("0xabc")
                .build();
        var link = ChangeFixtures.paymentLink(linkId, merchant, Mode.LIVE, 3, "active", created, null);

        harness.send(
                List.of(change(paymentId, "payment", merchant, paid), change(linkId, "payment_link", merchant, link)));
        awaitCaughtUp(group, db);
        harness.send(List.of(change(paymentId, "payment", merchant, open)));
        awaitCaughtUp(group, db);

        assertThat(db.count("SELECT version FROM payments WHERE id = ?", paymentId))
                .isEqualTo(2);
        assertThat(db.count(
                        "SELECT count(*) FROM payments WHERE id = ? AND status = 'paid' AND mode = 'live' AND payment_link_id = ?"
                                + " AND expires_at = '2026-03-02T10:00:00Z' AND body->>'txHash' = '0xabc'",
                        paymentId,
                        linkId))
                .isEqualTo(1);
        assertThat(db.count(
                        "SELECT count(*) FROM payment_links WHERE id = ? AND version = 3 AND expires_at IS NULL"
                                + " AND body->>'object' = 'payment_link'",
                        linkId))
                .isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE aggregate_id IN (?, ?)", paymentId, linkId))
                .isEqualTo(3);
    }

    private static Change change(String aggregateId, String type, String merchant, Object snapshot) {
        return ChangeFixtures.acceptedOf(
                newId(IdPrefix.COMMAND), type, aggregateId, merchant, Mode.LIVE, List.of(snapshot));
    }

    @Test
    void shouldResumeFromStoredOffsetsWithoutReapplyingWhenRestarted() throws Exception {
        var merchant = newMerchant();
        var group = newGroup();
        var first = harness.start(group, db, OutcomeListener.NONE);
        harness.send(List.of(accepted(merchant, 1, "incomplete"), accepted(merchant, 1, "incomplete")));
        awaitCaughtUp(group, db);
        first.stop();

        var whileStopped = new ArrayList<Change>();
        for (int i = 0; i < 7; i++) {
            whileStopped.add(accepted(merchant, 1, "incomplete"));
        }
        harness.send(whileStopped);
        var second = harness.start(group, db, OutcomeListener.NONE);
        awaitCaughtUp(group, db);

        assertThat(second.stats().changes())
                .as("changes applied after the restart")
                .isEqualTo(7);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE merchant_id = ?", merchant))
                .isEqualTo(9);
        try (var admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, SharedInfra.kafkaBootstrap()))) {
            var committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get();
            assertThat(committed)
                    .as("positions live in PostgreSQL, never in Kafka")
                    .isEmpty();
        }
    }

    @Test
    void shouldCatchUpWhenTheDatabaseAppearsAfterTheProjectorStarted() {
        var merchant = newMerchant();
        var late = SharedInfra.futureDatabase("projector_late");
        var group = newGroup();
        var projector = harness.create(SharedInfra.kafkaBootstrap(), group, late, OutcomeListener.NONE);
        projector.start();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> projector.state() == ChangeProjector.State.DATABASE_UNAVAILABLE);
        harness.send(List.of(accepted(merchant, 1, "incomplete"), accepted(merchant, 1, "incomplete")));

        SharedInfra.create(late);

        awaitCaughtUp(group, late);
        assertThat(projector.state()).isEqualTo(ChangeProjector.State.RUNNING);
        assertThat(late.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant))
                .isEqualTo(2);
    }

    @Test
    void shouldReportKafkaUnavailableAndStopPromptlyWhenTheBrokerCannotBeResolved() {
        var projector = harness.create("no-such-broker.invalid:9092", newGroup(), db, OutcomeListener.NONE);
        projector.start();

        await().atMost(Duration.ofSeconds(30))
                .until(() -> projector.state() == ChangeProjector.State.KAFKA_UNAVAILABLE);
        var health = new ProjectorHealthIndicator(
                        projector,
                        new OutcomeNotifications(
                                db.r2dbc(),
                                new OutcomeWaiter(new OutcomeQueries(db.databaseClient())),
                                Duration.ofSeconds(1)),
                        new OutcomeWaiter(new OutcomeQueries(db.databaseClient())),
                        "g")
                .health();
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
        var projector = harness.start(group, db, OutcomeListener.NONE);
        for (int wave = 0; wave < 3; wave++) {
            var changes = new ArrayList<Change>();
            for (int i = 0; i < 100; i++) {
                changes.add(accepted(merchant, 1, "incomplete"));
            }
            harness.send(changes);
            // Whatever the projector is doing, its connection goes away; the batch in flight must be read again.
            db.count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = 'billing-read-model-projector' AND datname = current_database()");
        }

        awaitCaughtUp(group, db);

        assertThat(db.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant))
                .isEqualTo(300);
        assertThat(db.count("SELECT count(*) FROM command_outcomes WHERE merchant_id = ?", merchant))
                .isEqualTo(300);
        await().atMost(Duration.ofSeconds(30)).until(() -> projector.state() == ChangeProjector.State.RUNNING);
    }

    @Test
    void shouldApplyABurstOfChangesInFewBatchesWhenTheyArriveFasterThanOneTransaction() {
        var merchant = newMerchant();
        var group = newGroup();
        var projector = harness.start(group, db, OutcomeListener.NONE);
        awaitCaughtUp(group, db);
        var before = projector.stats();
        long changesBefore = before.changes();
        long batchesBefore = before.batches();
        var burst = new ArrayList<Change>();
        for (int i = 0; i < 5000; i++) {
            burst.add(accepted(merchant, 1, "incomplete"));
        }

        var began = System.nanoTime();
        harness.send(burst);
        var produced = System.nanoTime();
        awaitCaughtUp(group, db);
        var projected = System.nanoTime();

        long changes = projector.stats().changes() - changesBefore;
        long batches = projector.stats().batches() - batchesBefore;
        log.info(
                "measured projector burst: changes={} batches={} produceMs={} produceToProjectedMs={} applyMsTotal={}"
                        + " changesPerSecondOfApply={}",
                changes,
                batches,
                (produced - began) / 1_000_000,
                (projected - began) / 1_000_000,
                projector.stats().applyMillis(),
                changes * 1000 / Math.max(1, projector.stats().applyMillis()));
        assertThat(changes).isEqualTo(5000);
        assertThat(batches)
                .as("changes are applied in batches, not one transaction each")
                .isLessThan(changes / 10);
        assertThat(db.count("SELECT count(*) FROM subscriptions WHERE merchant_id = ?", merchant))
                .isEqualTo(5000);
    }

    private String body(String table, String id) {
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
}
