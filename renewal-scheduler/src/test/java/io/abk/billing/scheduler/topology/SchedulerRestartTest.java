package io.abk.billing.scheduler.topology;

import static io.abk.billing.scheduler.Snapshots.accepted;
import static io.abk.billing.scheduler.Snapshots.payment;
import static io.abk.billing.scheduler.Snapshots.subscription;
import static io.abk.billing.scheduler.topology.SchedulerDriver.WALL_CLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart on the same state directory after a crash: whatever input is replayed, an item that fired fires again
 * with the same command id at most (which the aggregate dedups), and an item not yet due is not lost.
 */
class SchedulerRestartTest {

    static final String SUB = "sub_01jvqz00000000000000000001";

    @TempDir
    Path stateDir;

    @Test
    void shouldReFireOnlyTheSameCommandIdsAndLoseNothingWhenRestartedOnTheSameState() {
        var renewalAt = WALL_CLOCK.plus(Duration.ofHours(1));
        var expiryAt = WALL_CLOCK.plus(Duration.ofHours(5));
        List<Change> history = List.of(
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", renewalAt).build()),
                accepted(
                        "payment",
                        "pay_1",
                        Mode.LIVE,
                        payment("pay_1", Mode.LIVE, 1, "open", expiryAt).build()));
        Set<String> firstRun;
        try (var scheduler = new SchedulerDriver(stateDir)) {
            history.forEach(change -> scheduler.changes.pipeInput(change.getAggregateId(), change));
            scheduler.advanceTo(renewalAt);
            firstRun = scheduler.subscriptionCommands.readValuesToList().stream()
                    .map(SubscriptionCommand::getCommandId)
                    .collect(Collectors.toSet());
            assertThat(firstRun).hasSize(1);
            assertThat(scheduler.paymentCommands.isEmpty()).isTrue();
        }

        try (var scheduler = new SchedulerDriver(stateDir)) {
            // The crash came before the commit: the input since the last commit (here, all of it) is read again.
            history.forEach(change -> scheduler.changes.pipeInput(change.getAggregateId(), change));
            scheduler.advanceTo(renewalAt.plus(Duration.ofMinutes(1)));
            var again = scheduler.subscriptionCommands.readValuesToList().stream()
                    .map(SubscriptionCommand::getCommandId)
                    .toList();
            // (TopologyTestDriver starts from empty stores, the worst case: the replay alone rebuilds them.)
            assertThat(again)
                    .as("the same command id at most, never a new one")
                    .doesNotHaveDuplicates()
                    .isSubsetOf(firstRun);

            scheduler.advanceTo(expiryAt);
            assertThat(scheduler.paymentCommands.readValuesToList())
                    .extracting(PaymentCommand::getPaymentId)
                    .as("the item not yet due before the restart still fires")
                    .containsExactly("pay_1");
            scheduler.tick();
            assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
            assertThat(scheduler.paymentCommands.isEmpty()).isTrue();
        }
    }
}
