package io.abk.billing.gateway.readmodel.projection;

import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.accepted;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newGroup;
import static io.abk.billing.gateway.readmodel.projection.ProjectorHarness.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestDatabase;
import io.abk.billing.schemas.avro.Change;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.health.contributor.Status;

/**
 * The projector's part of the gateway's readiness against the real {@code billing.changes} topic and PostgreSQL: a
 * projector that finds more changes behind it than {@link ProjectorBacklog#CAUGHT_UP_WITHIN} (a gateway restarted
 * after a crash) reports DOWN, with its backlog, until it has applied them.
 */
class ProjectorBacklogIT {

    /** Changes waiting when the projector starts: five of its default batches. */
    private static final int BEHIND = 5_000;

    @RegisterExtension
    static final ProjectorHarness harness = new ProjectorHarness("projector_backlog_it");

    private final TestDatabase db = harness.db();

    @Test
    void shouldBeDownUntilItHasAppliedAllButAThousandOfTheChangesWaitingForIt() throws Exception {
        // Protects against a gateway that answered ready after a restart while its projector had changes to apply:
        // its first creates waited behind them past the request timeout (503).
        var merchant = newMerchant();
        var behind = new ArrayList<Change>();
        for (int i = 0; i < BEHIND; i++) {
            behind.add(accepted(merchant, 1, "incomplete"));
        }
        harness.send(behind);

        // given a projector of a new group that stands still (its thread held) while it is far behind
        var projector = new AtomicReference<ChangeProjector>();
        var held = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        OutcomeListener holdWhileBehind = outcomes -> {
            var current = projector.get();
            if (current != null && held.getCount() > 0 && current.backlog() > ProjectorBacklog.CAUGHT_UP_WITHIN) {
                held.countDown();
                awaitQuietly(release);
            }
        };
        projector.set(harness.create(SharedInfra.kafkaBootstrap(), newGroup(), db, holdWhileBehind));
        projector.get().start();
        var health = healthOf(projector.get());

        // then it is positioned and running, but not caught up: DOWN, saying how far behind it is
        assertThat(held.await(60, TimeUnit.SECONDS)).isTrue();
        var behindNow = health.health();
        assertThat(behindNow.getStatus()).isEqualTo(Status.DOWN);
        assertThat(behindNow.getDetails()).containsEntry("state", "RUNNING").containsEntry("caughtUp", false);
        assertThat(((Number) behindNow.getDetails().get("backlog")).longValue())
                .isGreaterThan(ProjectorBacklog.CAUGHT_UP_WITHIN);

        // when it applies the rest
        release.countDown();

        // then it is UP
        await().atMost(Duration.ofSeconds(60)).until(() -> health.health().getStatus() == Status.UP);
        assertThat(((Number) health.health().getDetails().get("backlog")).longValue())
                .isLessThanOrEqualTo(ProjectorBacklog.CAUGHT_UP_WITHIN);
    }

    private ProjectorHealthIndicator healthOf(ChangeProjector projector) {
        var waiter = new OutcomeWaiter(new OutcomeQueries(db.databaseClient()));
        return new ProjectorHealthIndicator(
                projector, new OutcomeNotifications(db.r2dbc(), waiter, Duration.ofSeconds(1)), waiter, "g");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
