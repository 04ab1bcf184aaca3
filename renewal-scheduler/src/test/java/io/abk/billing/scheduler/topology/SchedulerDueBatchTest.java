package io.abk.billing.scheduler.topology;

import static io.abk.billing.scheduler.Snapshots.MERCHANT;
import static io.abk.billing.scheduler.Snapshots.accepted;
import static io.abk.billing.scheduler.Snapshots.clock;
import static io.abk.billing.scheduler.Snapshots.invoice;
import static io.abk.billing.scheduler.Snapshots.subscription;
import static io.abk.billing.scheduler.topology.SchedulerDriver.WALL_CLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.scheduler.schedule.ScheduleProcessor;
import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.CheckFunding;
import io.abk.billing.schemas.avro.CheckFundings;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.RenewSubscriptions;
import io.abk.billing.schemas.avro.RenewalItem;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Renewals that fire one after the other in a tick go out as one {@code RenewSubscriptions} command, funding checks
 * as one {@code CheckFundings}.
 */
class SchedulerDueBatchTest extends DrivenSchedulerTest {

    private static Instant day(int day) {
        return WALL_CLOCK.plus(Duration.ofDays(day));
    }

    private static String sub(String name) {
        return "sub_01jvqz0000000000000000000" + name;
    }

    private void activeUntil(String subscriptionId, Instant periodEnd) {
        scheduler.changes.pipeInput(
                subscriptionId,
                accepted(
                        "subscription",
                        subscriptionId,
                        Mode.TEST,
                        subscription(subscriptionId, Mode.TEST, 1, "active", periodEnd)
                                .build()));
    }

    @Test
    void shouldSendConsecutiveRenewalsAsOneCommandWhileKeepingDueOrderAroundAnotherItem() {
        activeUntil(sub("a"), day(1));
        activeUntil(sub("b"), day(2));
        // A retry due between the renewals: it splits them into two commands, in due order.
        var retried = sub("c");
        scheduler.changes.pipeInput(
                retried,
                accepted(
                        "subscription",
                        retried,
                        Mode.TEST,
                        subscription(retried, Mode.TEST, 2, "active", day(40)).build(),
                        invoice("inv_c", retried, Mode.TEST, 2, "open", day(2))
                                .setBillingReason("subscription_cycle")
                                .setAttemptCount(1)
                                .setNextAttemptAt(day(3))
                                .build()));
        activeUntil(sub("d"), day(4));
        activeUntil(sub("e"), day(5));

        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, day(10), 1));
        scheduler.tick();

        var fired = scheduler.subscriptionCommands.readRecordsToList();
        assertThat(fired).hasSize(3);
        var first = fired.get(0);
        assertThat(first.key()).isEqualTo(sub("a"));
        assertThat(first.value().getSubscriptionId()).isEqualTo(sub("a"));
        var items = ((RenewSubscriptions) first.value().getPayload()).getItems();
        assertThat(items).extracting(RenewalItem::getSubscriptionId).containsExactly(sub("a"), sub("b"));
        assertThat(items).extracting(RenewalItem::getPeriodEnd).containsExactly(day(1), day(2));
        assertThat(items).extracting(RenewalItem::getRequestedAt).containsExactly(day(1), day(2));
        // each item keeps the command id it would fire with alone; the batch's own id is made from the first's
        assertThat(items).extracting(RenewalItem::getCommandId).doesNotHaveDuplicates();
        assertThat(first.value().getCommandId())
                .isEqualTo("renewals:" + items.getFirst().getCommandId());
        assertThat(items).allSatisfy(item -> {
            assertThat(item.getMerchantId()).isEqualTo(MERCHANT);
            assertThat(item.getMode()).isEqualTo(Mode.TEST);
        });
        assertThat(fired.get(1).key()).isEqualTo(retried);
        assertThat(fired.get(1).value().getPayload()).isEqualTo(new ChargeDueInvoice("inv_c", 2));
        assertThat(fired.get(2).key()).isEqualTo(sub("d"));
        assertThat(((RenewSubscriptions) fired.get(2).value().getPayload()).getItems())
                .extracting(RenewalItem::getSubscriptionId)
                .containsExactly(sub("d"), sub("e"));

        // Each item left the schedule with the command that carried it.
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldSendAtMostTheLimitPerCommandAndALoneRenewalAsItsOwnCommand() {
        int count = ScheduleProcessor.ITEMS_PER_COMMAND + 1;
        for (int i = 0; i < count; i++) {
            var id = String.format("sub_01jvqz%020d", i);
            activeUntil(id, day(1).plusSeconds(i));
        }

        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, day(2), 1));
        scheduler.tick();

        var fired = scheduler.subscriptionCommands.readValuesToList();
        assertThat(fired).hasSize(2);
        assertThat(((RenewSubscriptions) fired.get(0).getPayload()).getItems())
                .hasSize(ScheduleProcessor.ITEMS_PER_COMMAND);
        var last = fired.get(1);
        assertThat(last.getSubscriptionId()).isEqualTo(String.format("sub_01jvqz%020d", count - 1));
        assertThat(last.getPayload()).isEqualTo(new RenewSubscription(day(1).plusSeconds(count - 1)));
        assertThat(last.getCommandId()).doesNotStartWith("renewals:");
    }

    @Test
    void shouldSendConsecutiveFundingChecksAsOneCommandAndNeverMixKinds() {
        scheduler.close();
        scheduler =
                new SchedulerDriver(stateDir.resolve("funding"), SchedulerTopology.FIRES_PER_TICK, DuePolicy.DEFAULT);
        // Due in this order: check a (day 1), check c, renew a (day 4), renew c, check b (day 5), renew b (day 8).
        activeUntil(sub("a"), day(4));
        activeUntil(sub("b"), day(8));
        activeUntil(sub("c"), day(4).plus(Duration.ofHours(1)));

        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, day(10), 1));
        scheduler.tick();

        var fired = scheduler.subscriptionCommands.readValuesToList();
        assertThat(fired).hasSize(4);
        var checks = fired.get(0);
        var checked = ((CheckFundings) checks.getPayload()).getItems();
        assertThat(checked).extracting(RenewalItem::getSubscriptionId).containsExactly(sub("a"), sub("c"));
        assertThat(checked)
                .extracting(RenewalItem::getPeriodEnd)
                .containsExactly(day(4), day(4).plus(Duration.ofHours(1)));
        assertThat(checked)
                .extracting(RenewalItem::getRequestedAt)
                .containsExactly(day(1), day(1).plus(Duration.ofHours(1)));
        // each item keeps the id it would fire with alone
        assertThat(checked.getFirst().getCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, day(1), sub("a") + ":" + day(4) + ":funding"));
        assertThat(checks.getCommandId())
                .isEqualTo("funding-checks:" + checked.getFirst().getCommandId());
        assertThat(((RenewSubscriptions) fired.get(1).getPayload()).getItems())
                .extracting(RenewalItem::getSubscriptionId)
                .containsExactly(sub("a"), sub("c"));
        // alone, each goes out as its own plain command
        assertThat(fired.get(2).getPayload()).isEqualTo(new CheckFunding(day(8)));
        assertThat(fired.get(2).getSubscriptionId()).isEqualTo(sub("b"));
        assertThat(fired.get(3).getPayload()).isEqualTo(new RenewSubscription(day(8)));
    }
}
