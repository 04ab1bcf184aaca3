package io.abk.billing.gateway.readmodel.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestDatabase;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A projector that stands still inside its batch's transaction (a gateway stopped, frozen or cut off mid-batch) does
 * not hold up the replica that takes its partitions over: PostgreSQL ends the still transaction after
 * {@link ProjectionWriter#IDLE_IN_TRANSACTION}, and the other projector's batch, which waited on the same partition's
 * offset, commits. Protects against a gateway standing still mid-batch leaving every other gateway's requests without
 * outcomes for as long as it stood still (its row locks outlived its session, which only ends when it runs again).
 */
class ProjectorStallIT {

    private static final String GROUP = "billing-gateway-projector";
    private static final TopicPartition PARTITION = new TopicPartition("billing.changes", 0);

    private static TestDatabase db;

    @BeforeAll
    static void database() {
        db = SharedInfra.newDatabase("projector_stall_it");
    }

    @Test
    void shouldCommitTheTakeoverBatchWhenTheProjectorBeforeItStandsStillInsideItsTransaction() throws Exception {
        var settings = db.jdbcSettings();
        try (var stalled =
                        DriverManager.getConnection(settings.url(), ProjectionWriter.connectionProperties(settings));
                var takeover = new ProjectionWriter(settings, GROUP)) {
            // given a projector that wrote its partition's offset in its batch's transaction, then stood still
            stalled.setAutoCommit(false);
            try (var statement = stalled.prepareStatement(
                    "INSERT INTO projector_offsets (consumer_group, topic, partition, next_offset) VALUES (?, ?, ?, 7)")) {
                statement.setString(1, GROUP);
                statement.setString(2, PARTITION.topic());
                statement.setInt(3, PARTITION.partition());
                statement.executeUpdate();
            }
            long stoodStillAt = System.nanoTime();

            // when the replica that took the partition over applies its batch
            var applied = CompletableFuture.runAsync(() -> applyAsTheProjectorDoes(takeover));

            // then it commits once the server has ended the still transaction, well before its own socket timeout
            applied.get(30, TimeUnit.SECONDS);
            var waited = Duration.ofNanos(System.nanoTime() - stoodStillAt);
            System.out.printf("projector stall: the takeover batch committed after %d ms%n", waited.toMillis());
            assertThat(waited).isGreaterThanOrEqualTo(ProjectionWriter.IDLE_IN_TRANSACTION.minusSeconds(1));
            assertThat(takeover.storedOffsets(PARTITION.topic())).containsEntry(PARTITION, 9L);
            // and the projector that stood still finds its session ended when it runs again: its batch never commits
            assertThatThrownBy(stalled::commit).isInstanceOf(SQLException.class);
        }
    }

    /**
     * Applies the batch, and again after a failure, as the projector's loop does: on a machine busy enough to hold
     * this thread still for the server's limit once the lock was granted, the server ends the takeover's own
     * transaction too, and its retry then commits at once.
     */
    private static void applyAsTheProjectorDoes(ProjectionWriter writer) {
        var deadline = System.nanoTime() + Duration.ofSeconds(25).toNanos();
        while (true) {
            try {
                writer.apply(ProjectionBatch.of(List.of(), Map.of(PARTITION, 9L)));
                return;
            } catch (SQLException e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(e);
                }
                System.out.printf("projector stall: the takeover batch failed (%s), applied again%n", e.getMessage());
            }
        }
    }
}
