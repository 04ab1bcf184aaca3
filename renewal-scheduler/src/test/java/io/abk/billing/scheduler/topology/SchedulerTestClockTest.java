package io.abk.billing.scheduler.topology;

import static io.abk.billing.scheduler.Snapshots.MERCHANT;
import static io.abk.billing.scheduler.Snapshots.OTHER_MERCHANT;
import static io.abk.billing.scheduler.Snapshots.accepted;
import static io.abk.billing.scheduler.Snapshots.clock;
import static io.abk.billing.scheduler.Snapshots.invoice;
import static io.abk.billing.scheduler.Snapshots.payment;
import static io.abk.billing.scheduler.Snapshots.subscription;
import static io.abk.billing.scheduler.topology.SchedulerDriver.WALL_CLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Test-mode scheduling: each merchant's clock decides what is due, and items fire in due-time order. */
class SchedulerTestClockTest extends DrivenSchedulerTest {

    static final String SUB = "sub_01jvqz00000000000000000001";
    static final String INV = "inv_01jvqz00000000000000000001";

    @Test
    void shouldFireTestItemsInDueOrderOnlyOnceTheMerchantsClockReachesThem() {
        var renewalAt = WALL_CLOCK.plus(Duration.ofDays(5));
        var firstExpiry = WALL_CLOCK.plus(Duration.ofDays(3));
        var lateExpiry = WALL_CLOCK.plus(Duration.ofDays(10));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.TEST,
                        subscription(SUB, Mode.TEST, 1, "active", renewalAt).build()));
        scheduler.changes.pipeInput(
                "pay_b",
                accepted(
                        "payment",
                        "pay_b",
                        Mode.TEST,
                        payment("pay_b", Mode.TEST, 1, "open", lateExpiry).build()));
        scheduler.changes.pipeInput(
                "pay_a",
                accepted(
                        "payment",
                        "pay_a",
                        Mode.TEST,
                        payment("pay_a", Mode.TEST, 1, "open", firstExpiry).build()));
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty())
                .as("not due by the wall clock")
                .isTrue();
        assertThat(scheduler.paymentCommands.isEmpty()).isTrue();

        // When the merchant freezes its clock a week ahead
        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, WALL_CLOCK.plus(Duration.ofDays(7)), 1));
        scheduler.tick();

        // Then what was due by then fired, each stamped with its own due time, never the clock's
        var payments = scheduler.paymentCommands.readValuesToList();
        assertThat(payments).extracting(PaymentCommand::getPaymentId).containsExactly("pay_a");
        assertThat(payments.getFirst().getRequestedAt()).isEqualTo(firstExpiry);
        var renewal = scheduler.subscriptionCommands.readValue();
        assertThat(renewal.getRequestedAt()).isEqualTo(renewalAt);
        assertThat(renewal.getMode()).isEqualTo(Mode.TEST);

        // An older version of the clock never takes it back; the next advance fires the rest.
        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, WALL_CLOCK.plus(Duration.ofDays(11)), 3));
        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, WALL_CLOCK.plus(Duration.ofDays(8)), 2));
        scheduler.tick();
        assertThat(scheduler.paymentCommands.readValuesToList())
                .extracting(PaymentCommand::getRequestedAt)
                .containsExactly(lateExpiry);
    }

    @Test
    void shouldFireEveryDueItemOfAMerchantInDueTimeOrderWhenOneAdvanceCoversThem() {
        for (int day = 9; day >= 1; day -= 2) {
            var id = "pay_" + day;
            scheduler.changes.pipeInput(
                    id,
                    accepted(
                            "payment",
                            id,
                            Mode.TEST,
                            payment(id, Mode.TEST, 1, "open", WALL_CLOCK.plus(Duration.ofDays(day)))
                                    .build()));
        }

        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, WALL_CLOCK.plus(Duration.ofDays(30)), 1));
        scheduler.tick();

        assertThat(scheduler.paymentCommands.readValuesToList())
                .extracting(PaymentCommand::getPaymentId)
                .containsExactly("pay_1", "pay_3", "pay_5", "pay_7", "pay_9");
    }

    @Test
    void shouldKeepMerchantsApartWhenOnlyOneClockMoves() {
        var expiry = WALL_CLOCK.plus(Duration.ofDays(2));
        scheduler.changes.pipeInput(
                "pay_mine",
                accepted(
                        "payment",
                        "pay_mine",
                        Mode.TEST,
                        payment("pay_mine", Mode.TEST, 1, "open", expiry).build()));
        scheduler.changes.pipeInput(
                "pay_theirs",
                accepted(
                        "payment",
                        "pay_theirs",
                        Mode.TEST,
                        payment("pay_theirs", Mode.TEST, 1, "open", expiry)
                                .setMerchantId(OTHER_MERCHANT)
                                .build()));

        scheduler.clocks.pipeInput(OTHER_MERCHANT, clock(OTHER_MERCHANT, expiry, 1));
        scheduler.tick();

        assertThat(scheduler.paymentCommands.readValuesToList())
                .extracting(PaymentCommand::getPaymentId)
                .containsExactly("pay_theirs");
    }

    @Test
    void shouldWalkAYearOfRenewalsAndARetryInOrderWhenTheClockJumpsAYear() {
        // A monthly subscription anchored on Jan 31; billing-streams' answers are fed back by hand.
        var anchor = WALL_CLOCK;
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.TEST,
                        subscription(SUB, Mode.TEST, 1, "active", monthEnd(anchor, 1))
                                .build()));
        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, anchor.plus(Duration.ofDays(366)), 1));

        var fired = new ArrayList<SubscriptionCommand>();
        long version = 1;
        for (int month = 1; month <= 12; month++) {
            scheduler.tick();
            var renewal = scheduler.subscriptionCommands.readValue();
            fired.add(renewal);
            var periodEnd = monthEnd(anchor, month);
            assertThat(renewal.getPayload()).isEqualTo(new RenewSubscription(periodEnd));
            var invoiceId = "inv_" + month;
            if (month == 6) {
                // The June renewal's charge fails once: the retry a day later fires before the period moves.
                scheduler.changes.pipeInput(
                        SUB,
                        accepted(
                                "subscription",
                                SUB,
                                Mode.TEST,
                                subscription(SUB, Mode.TEST, ++version, "active", periodEnd)
                                        .build(),
                                invoice(invoiceId, SUB, Mode.TEST, version, "open", periodEnd)
                                        .setBillingReason("subscription_cycle")
                                        .setAttemptCount(1)
                                        .setNextAttemptAt(periodEnd.plus(Duration.ofDays(1)))
                                        .build()));
                scheduler.tick();
                var retry = scheduler.subscriptionCommands.readValue();
                assertThat(retry.getPayload()).isEqualTo(new ChargeDueInvoice(invoiceId, 2));
                assertThat(retry.getRequestedAt()).isEqualTo(periodEnd.plus(Duration.ofDays(1)));
                fired.add(retry);
            }
            // The invoice is paid: the period moves and the invoice leaves the schedule.
            scheduler.changes.pipeInput(
                    SUB,
                    accepted(
                            "subscription",
                            SUB,
                            Mode.TEST,
                            subscription(SUB, Mode.TEST, ++version, "active", monthEnd(anchor, month + 1))
                                    .build(),
                            invoice(invoiceId, SUB, Mode.TEST, version, "paid", periodEnd)
                                    .setBillingReason("subscription_cycle")
                                    .build()));
        }

        assertThat(fired)
                .extracting(SubscriptionCommand::getRequestedAt)
                .isSorted()
                .doesNotHaveDuplicates();
        assertThat(fired).hasSize(13);
        assertThat(fired.getFirst().getRequestedAt()).isEqualTo(Instant.parse("2026-02-28T10:00:00Z"));
        assertThat(fired.get(1).getRequestedAt()).isEqualTo(Instant.parse("2026-03-31T10:00:00Z"));
        // The 13th renewal (Feb 28, 2027) is beyond the frozen clock.
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
    }

    /** The anchor plus whole months, clamped to the month's end, as billing-streams moves periods. */
    private static Instant monthEnd(Instant anchor, int months) {
        return anchor.atZone(ZoneOffset.UTC).plusMonths(months).toInstant();
    }
}
