package io.abk.billing.scheduler.topology;

import static io.abk.billing.scheduler.Snapshots.accepted;
import static io.abk.billing.scheduler.Snapshots.invoice;
import static io.abk.billing.scheduler.Snapshots.subscription;
import static io.abk.billing.scheduler.topology.SchedulerDriver.WALL_CLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A paid invoice reopened because the on-chain charge that paid it was reorged out: billing-streams writes it open
 * again with {@code nextAttemptAt} = the retraction's time, after the scheduler dropped it as final when it was paid.
 */
class SchedulerReopenedInvoiceTest extends DrivenSchedulerTest {

    private static final String SUB = "sub_01jvqz00000000000000000001";
    private static final String INV = "inv_01jvqz00000000000000000001";

    @Test
    void shouldChargeTheNextAttemptAtOnceWhenAPaidInvoiceIsReopened() {
        // Given a renewal invoice in its retries, then paid by its second attempt: nothing is due for it any more.
        var periodStart = WALL_CLOCK.minus(Duration.ofDays(2));
        var periodEnd = periodStart.plus(Duration.ofDays(30));
        var retryAt = WALL_CLOCK.minus(Duration.ofDays(1));
        var renewal = invoice(INV, SUB, Mode.LIVE, 3, "open", periodStart)
                .setBillingReason("subscription_cycle")
                .setAttemptCount(1)
                .setNextAttemptAt(retryAt);
        scheduler.changes.pipeInput(SUB, accepted("subscription", SUB, Mode.LIVE, renewal.build()));
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.readValue().getPayload()).isEqualTo(new ChargeDueInvoice(INV, 2));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 5, "active", periodEnd).build(),
                        invoice(INV, SUB, Mode.LIVE, 5, "paid", periodStart)
                                .setBillingReason("subscription_cycle")
                                .setAttemptCount(2)
                                .setPaidAt(retryAt)
                                .setTxHash("0xab")
                                .build()));
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();

        // When the charge is retracted: the invoice is open again, due now, the subscription past due.
        var reversedAt = WALL_CLOCK.plus(Duration.ofMinutes(3));
        scheduler.advanceTo(reversedAt);
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 6, "past_due", periodEnd).build(),
                        invoice(INV, SUB, Mode.LIVE, 6, "open", periodStart)
                                .setBillingReason("subscription_cycle")
                                .setAttemptCount(2)
                                .setNextAttemptAt(reversedAt)
                                .setFailureCode("CHARGE_REVERSED")
                                .setFailureMessage(
                                        "The charge 0xab that paid invoice " + INV + " is no longer on the chain")
                                .build()));
        scheduler.tick();

        // Then attempt 3 fires at once, with an id no earlier attempt had; the past-due subscription renews nothing.
        var fired = scheduler.subscriptionCommands.readValuesToList();
        assertThat(fired).hasSize(1);
        SubscriptionCommand command = fired.getFirst();
        assertThat(command.getPayload()).isEqualTo(new ChargeDueInvoice(INV, 3));
        assertThat(command.getCommandId()).isEqualTo(Ids.derivedId(IdPrefix.COMMAND, reversedAt, INV + ":3"));
        assertThat(command.getRequestedAt()).isEqualTo(reversedAt);
        scheduler.advanceTo(periodEnd.plus(Duration.ofDays(1)));
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldRenewOnceActiveAgainWhenTheReopenedInvoiceIsPaidAfterThePeriodEnded() {
        var periodEnd = WALL_CLOCK.plus(Duration.ofHours(1));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 6, "past_due", periodEnd).build()));
        scheduler.advanceTo(periodEnd.plus(Duration.ofHours(1)));
        assertThat(scheduler.subscriptionCommands.isEmpty())
                .as("past due: no renewal")
                .isTrue();

        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 8, "active", periodEnd).build()));
        scheduler.tick();

        var command = scheduler.subscriptionCommands.readValue();
        assertThat(command.getCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, periodEnd, SUB + ":" + periodEnd + ":renew"));
        assertThat(command.getRequestedAt()).isEqualTo(periodEnd);
    }
}
