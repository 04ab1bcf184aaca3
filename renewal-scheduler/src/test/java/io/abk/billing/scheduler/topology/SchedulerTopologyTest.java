package io.abk.billing.scheduler.topology;

import static io.abk.billing.scheduler.Snapshots.MERCHANT;
import static io.abk.billing.scheduler.Snapshots.accepted;
import static io.abk.billing.scheduler.Snapshots.clock;
import static io.abk.billing.scheduler.Snapshots.invoice;
import static io.abk.billing.scheduler.Snapshots.link;
import static io.abk.billing.scheduler.Snapshots.payment;
import static io.abk.billing.scheduler.Snapshots.rejected;
import static io.abk.billing.scheduler.Snapshots.subscription;
import static io.abk.billing.scheduler.topology.SchedulerDriver.WALL_CLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.scheduler.domain.DueEntry;
import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.CheckFunding;
import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CustomerSnapshot;
import io.abk.billing.schemas.avro.ExpireIncompleteSubscription;
import io.abk.billing.schemas.avro.ExpirePayment;
import io.abk.billing.schemas.avro.ExpirePaymentLink;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.SubscriptionItemPart;
import io.abk.billing.schemas.avro.SubscriptionSnapshot;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/** Live-mode scheduling through the production topology: due, not yet due, rescheduled, ignored. */
class SchedulerTopologyTest extends DrivenSchedulerTest {

    static final String SUB = "sub_01jvqz00000000000000000001";
    static final String INV = "inv_01jvqz00000000000000000001";
    static final String PAY = "pay_01jvqz00000000000000000001";
    static final String LINK = "plink_01jvqz0000000000000000001";

    @Test
    void shouldFireARenewalOnlyOnceItsPeriodEndHasPassedWhenLive() {
        var periodEnd = WALL_CLOCK.plus(Duration.ofHours(1));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", periodEnd).build()));

        scheduler.advanceTo(periodEnd.minusMillis(1));
        assertThat(scheduler.subscriptionCommands.isEmpty()).as("not yet due").isTrue();

        scheduler.advanceTo(periodEnd);
        var fired = scheduler.subscriptionCommands.readRecord();
        assertThat(fired.key()).isEqualTo(SUB);
        var command = fired.value();
        assertThat(command.getCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, periodEnd, SUB + ":" + periodEnd + ":renew"));
        assertThat(command.getSubscriptionId()).isEqualTo(SUB);
        assertThat(command.getMerchantId()).isEqualTo(MERCHANT);
        assertThat(command.getMode()).isEqualTo(Mode.LIVE);
        assertThat(command.getRequestedAt()).isEqualTo(periodEnd);
        assertThat(command.getIdempotencyKey()).isNull();
        assertThat(command.getRequestId()).isNull();
        assertThat(command.getPayload()).isEqualTo(new RenewSubscription(periodEnd));

        // Firing removed it: later ticks send nothing more.
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldFireAMeteredRenewalOnlyOnceTheUsageGraceHasPassedWhenLive() {
        var periodEnd = WALL_CLOCK.plus(Duration.ofHours(1));
        var dueAt = periodEnd.plus(DuePolicy.DEFAULT_USAGE_GRACE);
        var metered = subscription(SUB, Mode.LIVE, 1, "active", periodEnd)
                .setItems(List.of(SubscriptionItemPart.newBuilder()
                        .setItemId("si_calls")
                        .setUsageType("metered")
                        .setUnitAmountMicros(2_000)
                        .setMeterId("mtr_calls")
                        .setEventName("api_call")
                        .setAggregation("count")
                        .build()))
                .setMaxAmountPerPeriodMicros(50_000_000L)
                .build();
        scheduler.changes.pipeInput(SUB, accepted("subscription", SUB, Mode.LIVE, metered));

        scheduler.advanceTo(periodEnd);
        assertThat(scheduler.subscriptionCommands.isEmpty())
                .as("late usage may still arrive")
                .isTrue();
        scheduler.advanceTo(dueAt.minusMillis(1));
        assertThat(scheduler.subscriptionCommands.isEmpty()).as("not yet due").isTrue();

        scheduler.advanceTo(dueAt);
        var command = scheduler.subscriptionCommands.readRecord().value();
        assertThat(command.getCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, dueAt, SUB + ":" + periodEnd + ":renew"));
        assertThat(command.getRequestedAt()).isEqualTo(dueAt);
        assertThat(command.getPayload()).isEqualTo(new RenewSubscription(periodEnd));
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty()).as("fired once").isTrue();
    }

    @Test
    void shouldCheckFundingTheLeadTimeBeforeTheRenewalAndRenewAtThePeriodEnd() {
        scheduler.close();
        scheduler =
                new SchedulerDriver(stateDir.resolve("funding"), SchedulerTopology.FIRES_PER_TICK, DuePolicy.DEFAULT);
        var periodEnd = WALL_CLOCK.plus(Duration.ofDays(4));
        var checkAt = periodEnd.minus(Duration.ofDays(3));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", periodEnd).build()));

        scheduler.advanceTo(checkAt.minusMillis(1));
        assertThat(scheduler.subscriptionCommands.isEmpty()).as("not yet due").isTrue();

        scheduler.advanceTo(checkAt);
        var check = scheduler.subscriptionCommands.readRecord().value();
        assertThat(check.getCommandId())
                .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, checkAt, SUB + ":" + periodEnd + ":funding"));
        assertThat(check.getRequestedAt()).isEqualTo(checkAt);
        assertThat(check.getPayload()).isEqualTo(new CheckFunding(periodEnd));
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty()).as("fired once").isTrue();

        scheduler.advanceTo(periodEnd);
        assertThat(scheduler.subscriptionCommands.readRecord().value().getPayload())
                .isEqualTo(new RenewSubscription(periodEnd));
    }

    @Test
    void shouldReplaceTheOldItemWhenANewerChangeReschedulesIt() {
        var first = WALL_CLOCK.plus(Duration.ofHours(1));
        var second = WALL_CLOCK.plus(Duration.ofHours(3));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", first).build()));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 2, "active", second).build()));
        // An older version arriving again (a replay) changes nothing.
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", first).build()));

        scheduler.advanceTo(first.plus(Duration.ofMinutes(1)));
        assertThat(scheduler.subscriptionCommands.isEmpty())
                .as("the first period end was replaced")
                .isTrue();

        scheduler.advanceTo(second);
        assertThat(scheduler.subscriptionCommands.readValuesToList())
                .extracting(SubscriptionCommand::getPayload)
                .containsExactly(new RenewSubscription(second));
    }

    @Test
    void shouldRemoveAnItemWhenANewerChangeNoLongerImpliesIt() {
        var periodEnd = WALL_CLOCK.plus(Duration.ofHours(1));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", periodEnd).build()));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 2, "paused", periodEnd).build()));
        scheduler.changes.pipeInput(SUB, rejected("subscription", SUB, Mode.LIVE));

        scheduler.advanceTo(periodEnd.plus(Duration.ofDays(1)));

        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
        assertThat(scheduler
                        .driver
                        .getKeyValueStore(SchedulerTopology.DUE_INDEX_STORE)
                        .approximateNumEntries())
                .isZero();
    }

    @Test
    void shouldForgetEveryResourceWhenNothingCanBeDueForItAgain() {
        // Protects the stores' bound: one entry per resource that can still be due, not one per resource ever seen.
        var dueAt = WALL_CLOCK.plus(Duration.ofHours(1));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", dueAt).build(),
                        invoice(INV, SUB, Mode.LIVE, 1, "open", dueAt)
                                .setNextAttemptAt(dueAt)
                                .build()));
        scheduler.changes.pipeInput(
                PAY,
                accepted(
                        "payment",
                        PAY,
                        Mode.LIVE,
                        payment(PAY, Mode.LIVE, 1, "open", dueAt).build()));
        scheduler.changes.pipeInput(
                LINK,
                accepted(
                        "payment_link",
                        LINK,
                        Mode.LIVE,
                        link(LINK, Mode.LIVE, 1, "active", dueAt).build()));
        assertThat(items().approximateNumEntries()).isEqualTo(4);

        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 2, "canceled", dueAt)
                                .setCanceledAt(WALL_CLOCK)
                                .build(),
                        invoice(INV, SUB, Mode.LIVE, 2, "paid", dueAt)
                                .setPaidAt(WALL_CLOCK)
                                .build()));
        scheduler.changes.pipeInput(
                PAY,
                accepted(
                        "payment",
                        PAY,
                        Mode.LIVE,
                        payment(PAY, Mode.LIVE, 2, "paid", dueAt).build()));
        scheduler.changes.pipeInput(
                LINK,
                accepted(
                        "payment_link",
                        LINK,
                        Mode.LIVE,
                        link(LINK, Mode.LIVE, 2, "disabled", dueAt).build()));

        for (var id : new String[] {SUB, INV, PAY, LINK}) {
            assertThat(items().get(id)).as(id).isNull();
        }
        assertThat(scheduler
                        .driver
                        .getKeyValueStore(SchedulerTopology.DUE_INDEX_STORE)
                        .approximateNumEntries())
                .isZero();
    }

    private KeyValueStore<String, DueEntry> items() {
        return scheduler.driver.getKeyValueStore(SchedulerTopology.DUE_ITEMS_STORE);
    }

    @Test
    void shouldNotFireAgainWhenTheAnswerToAFiredRenewalStillImpliesIt() {
        // Protects against a loop: billing-streams answers the renewal with a new version, period not moved yet.
        var periodEnd = WALL_CLOCK.plus(Duration.ofHours(1));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", periodEnd).build()));
        scheduler.advanceTo(periodEnd);
        assertThat(scheduler.subscriptionCommands.readValuesToList()).hasSize(1);

        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 2, "active", periodEnd).build(),
                        invoice(INV, SUB, Mode.LIVE, 2, "open", periodEnd)
                                .setBillingReason("subscription_cycle")
                                .build()));
        scheduler.tick();
        scheduler.tick();

        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldChargeTheFirstInvoiceAtOnceWhenCompleteActivatesTheMandate() {
        var created = WALL_CLOCK.minus(Duration.ofMinutes(5));
        var periodEnd = created.plus(Duration.ofDays(28));
        var pending = subscription(SUB, Mode.LIVE, 1, "incomplete", periodEnd)
                .setMandateStatus("pending")
                .setCreatedAt(created)
                .setLatestInvoiceId(INV)
                .build();
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        pending,
                        invoice(INV, SUB, Mode.LIVE, 1, "open", created).build()));
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty())
                .as("mandate still pending")
                .isTrue();

        // complete: only the subscription changes (the invoice is untouched, so not in the change).
        var completed = SubscriptionSnapshot.newBuilder(pending)
                .setVersion(2)
                .setMandateStatus("active")
                .build();
        scheduler.changes.pipeInput(SUB, accepted("subscription", SUB, Mode.LIVE, completed));
        scheduler.tick();

        var command = scheduler.subscriptionCommands.readValue();
        assertThat(command.getPayload()).isEqualTo(new ChargeDueInvoice(INV, 1));
        assertThat(command.getCommandId()).isEqualTo(Ids.derivedId(IdPrefix.COMMAND, created, INV + ":1"));
        assertThat(command.getRequestedAt()).isEqualTo(created);
        // The 24 h expiry is gone with the pending mandate.
        scheduler.advanceTo(created.plus(Duration.ofDays(2)));
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldExpireAnAbandonedIncompleteSubscriptionADayAfterCreation() {
        var created = WALL_CLOCK;
        var pending = subscription(SUB, Mode.LIVE, 1, "incomplete", created.plus(Duration.ofDays(28)))
                .setMandateStatus("pending")
                .setCreatedAt(created)
                .setLatestInvoiceId(INV)
                .build();
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        pending,
                        invoice(INV, SUB, Mode.LIVE, 1, "open", created).build()));

        scheduler.advanceTo(created.plus(Duration.ofHours(23)));
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
        scheduler.advanceTo(created.plus(Duration.ofHours(24)));

        var command = scheduler.subscriptionCommands.readValue();
        assertThat(command.getPayload()).isEqualTo(new ExpireIncompleteSubscription());
        assertThat(command.getRequestedAt()).isEqualTo(created.plus(Duration.ofHours(24)));
    }

    @Test
    void shouldSendPaymentAndLinkExpiriesToTheirOwnTopicsWhenDue() {
        var expires = WALL_CLOCK.plus(Duration.ofHours(2));
        scheduler.changes.pipeInput(
                PAY,
                accepted(
                        "payment",
                        PAY,
                        Mode.LIVE,
                        payment(PAY, Mode.LIVE, 1, "open", expires).build()));
        scheduler.changes.pipeInput(
                LINK,
                accepted(
                        "payment_link",
                        LINK,
                        Mode.LIVE,
                        link(LINK, Mode.LIVE, 1, "active", expires.plusSeconds(1))
                                .build()));

        scheduler.advanceTo(expires.plusSeconds(1));

        var payment = scheduler.paymentCommands.readRecord();
        assertThat(payment.key()).isEqualTo(PAY);
        assertThat(payment.value().getPaymentId()).isEqualTo(PAY);
        assertThat(payment.value().getPayload()).isEqualTo(new ExpirePayment());
        assertThat(payment.value().getCommandId()).isEqualTo(Ids.derivedId(IdPrefix.COMMAND, expires, PAY + ":expire"));
        var link = scheduler.linkCommands.readRecord();
        assertThat(link.key()).isEqualTo(LINK);
        assertThat(link.value().getPaymentLinkId()).isEqualTo(LINK);
        assertThat(link.value().getPayload()).isEqualTo(new ExpirePaymentLink());
        assertThat(link.value().getRequestedAt()).isEqualTo(expires.plusSeconds(1));
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldFireInDueOrderWithinTheCapWhenABacklogIsDue() throws Exception {
        scheduler.close();
        scheduler = new SchedulerDriver(stateDir.resolve("capped"), 2);
        for (int i = 3; i >= 1; i--) {
            var id = "pay_0" + i;
            scheduler.changes.pipeInput(
                    id,
                    accepted(
                            "payment",
                            id,
                            Mode.LIVE,
                            payment(id, Mode.LIVE, 1, "open", WALL_CLOCK.plus(Duration.ofMinutes(i)))
                                    .build()));
        }

        scheduler.advanceTo(WALL_CLOCK.plus(Duration.ofHours(1)));
        assertThat(scheduler.paymentCommands.readKeyValuesToList())
                .extracting(kv -> kv.key)
                .containsExactly("pay_01", "pay_02");
        scheduler.tick();
        assertThat(scheduler.paymentCommands.readKeyValuesToList())
                .extracting(kv -> kv.key)
                .containsExactly("pay_03");
    }

    @Test
    void shouldSkipASnapshotOfAnotherAggregateWhenAChangeCarriesOne() {
        // Its item would live on the link's partition while the payment's own partition may hold it too.
        var expires = WALL_CLOCK.plus(Duration.ofMinutes(1));
        scheduler.changes.pipeInput(
                LINK,
                accepted(
                        "payment_link",
                        LINK,
                        Mode.LIVE,
                        payment(PAY, Mode.LIVE, 1, "open", expires).build()));

        scheduler.advanceTo(expires);

        assertThat(scheduler.paymentCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepNothingWhenACouponOrAPromotionCodeChangeArrives() {
        // Neither is ever due, though both hold a time that ends something (redeemBy, expiresAt).
        var couponId = "coupon_000000000000000000000000a";
        var codeId = "promo_0000000000000000000000000a";
        var ends = WALL_CLOCK.plus(Duration.ofDays(3));
        scheduler.changes.pipeInput(
                couponId,
                accepted(
                        "coupon",
                        couponId,
                        Mode.LIVE,
                        CouponSnapshot.newBuilder()
                                .setId(couponId)
                                .setMerchantId(MERCHANT)
                                .setMode(Mode.LIVE)
                                .setVersion(1)
                                .setName("WELCOME")
                                .setPercentOffBasisPoints(2_000)
                                .setDuration("once")
                                .setMaxRedemptions(3)
                                .setRedeemBy(ends)
                                .setValid(true)
                                .setCreatedAt(WALL_CLOCK)
                                .build()));
        scheduler.changes.pipeInput(
                codeId,
                accepted(
                        "promotion_code",
                        codeId,
                        Mode.LIVE,
                        PromotionCodeSnapshot.newBuilder()
                                .setId(codeId)
                                .setMerchantId(MERCHANT)
                                .setMode(Mode.LIVE)
                                .setVersion(1)
                                .setCouponId(couponId)
                                .setCode("WELCOME20")
                                .setActive(true)
                                .setExpiresAt(ends)
                                .setCreatedAt(WALL_CLOCK)
                                .build()));

        scheduler.advanceTo(ends.plus(Duration.ofDays(1)));

        assertThat(items().approximateNumEntries()).isZero();
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
        assertThat(scheduler.paymentCommands.isEmpty()).isTrue();
        assertThat(scheduler.linkCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepNothingWhenACustomersChangeArrives() {
        // A customer is never due: its changes share billing.changes with everything that can be.
        var customerId = "cus_0000000000000000000000000a";
        scheduler.changes.pipeInput(
                customerId,
                accepted(
                        "customer",
                        customerId,
                        Mode.LIVE,
                        CustomerSnapshot.newBuilder()
                                .setId(customerId)
                                .setMerchantId(MERCHANT)
                                .setMode(Mode.LIVE)
                                .setVersion(1)
                                .setWallet("0x00000000000000000000000000000000000000aa")
                                .setCreatedAt(WALL_CLOCK)
                                .setUpdatedAt(WALL_CLOCK)
                                .build()));

        scheduler.advanceTo(WALL_CLOCK.plus(Duration.ofDays(400)));

        assertThat(items().approximateNumEntries()).isZero();
        assertThat(scheduler.subscriptionCommands.isEmpty()).isTrue();
        assertThat(scheduler.paymentCommands.isEmpty()).isTrue();
        assertThat(scheduler.linkCommands.isEmpty()).isTrue();
    }

    @Test
    void shouldIgnoreTestClocksWhenTheItemIsLive() {
        var periodEnd = WALL_CLOCK.plus(Duration.ofDays(5));
        scheduler.changes.pipeInput(
                SUB,
                accepted(
                        "subscription",
                        SUB,
                        Mode.LIVE,
                        subscription(SUB, Mode.LIVE, 1, "active", periodEnd).build()));
        scheduler.clocks.pipeInput(MERCHANT, clock(MERCHANT, WALL_CLOCK.plus(Duration.ofDays(365)), 1));

        scheduler.tick();
        scheduler.tick();
        assertThat(scheduler.subscriptionCommands.isEmpty())
                .as("the merchant's test clock is a year ahead")
                .isTrue();

        scheduler.advanceTo(periodEnd);
        assertThat(scheduler.subscriptionCommands.readValue().getRequestedAt()).isEqualTo(periodEnd);
    }
}
