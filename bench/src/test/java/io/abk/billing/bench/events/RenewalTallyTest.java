package io.abk.billing.bench.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.EventData;
import io.abk.billing.schemas.avro.InvoiceSnapshot;
import io.abk.billing.schemas.avro.Mode;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RenewalTallyTest {

    private static final String MERCHANT = "mer_bench";
    private static final long MOVED = 1_000_000_000L;
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private static BillingEvent event(String type, String merchant, String subscription, String billingReason) {
        var at = Instant.parse("2027-02-16T00:00:00Z");
        var invoice = InvoiceSnapshot.newBuilder()
                .setId("inv_" + subscription)
                .setSubscriptionId(subscription)
                .setMerchantId(merchant)
                .setMode(Mode.TEST)
                .setVersion(3)
                .setStatus("paid")
                .setAmountMicros(1_000_000)
                .setBillingReason(billingReason)
                .setPeriodStart(at)
                .setPeriodEnd(at)
                .setDueAt(at)
                .setCreatedAt(at)
                .build();
        return BillingEvent.newBuilder()
                .setEventId("evt_" + subscription + type)
                .setType(type)
                .setCreatedAt(at)
                .setMerchantId(merchant)
                .setMode(Mode.TEST)
                .setAggregateId(subscription)
                .setData(EventData.newBuilder().setInvoice(invoice).build())
                .build();
    }

    private static BillingEvent paid(String subscription) {
        return event("invoice.paid", MERCHANT, subscription, "subscription_cycle");
    }

    @Test
    void shouldBeExactlyOnceWhenEverySubscriptionHasOneCyclePaid() {
        var tally = new RenewalTally(MERCHANT, Set.of("sub_a", "sub_b"), MOVED, 2);

        tally.accept(event("invoice.created", MERCHANT, "sub_a", "subscription_cycle"), MOVED + 5 * MS);
        tally.accept(paid("sub_a"), MOVED + 10 * MS);
        tally.accept(paid("sub_b"), MOVED + 30 * MS);

        assertThat(tally.exactlyOnce()).isTrue();
        assertThat(tally.renewed()).isEqualTo(2);
        assertThat(tally.extra()).isZero();
        assertThat(tally.createdEvents()).isEqualTo(1);
        assertThat(tally.firstNanos()).isEqualTo(10 * MS);
        assertThat(tally.milestoneNanos()).isEqualTo(30 * MS);
        assertThat(tally.lastNanos()).isEqualTo(30 * MS);
        assertThat(tally.sinceMoveMicros().getTotalCount()).isEqualTo(2);
    }

    @Test
    void shouldCountTheRepeatAsExtraWhenARenewalIsPaidTwice() {
        // Protects the check itself: a renewal applied twice must fail it, not count once more as renewed.
        var tally = new RenewalTally(MERCHANT, Set.of("sub_a", "sub_b"), MOVED, 2);

        tally.accept(paid("sub_a"), MOVED + MS);
        tally.accept(paid("sub_b"), MOVED + 2 * MS);
        tally.accept(paid("sub_a"), MOVED + 3 * MS);

        assertThat(tally.renewed()).isEqualTo(2);
        assertThat(tally.paidEvents()).isEqualTo(3);
        assertThat(tally.extra()).isEqualTo(1);
        assertThat(tally.exactlyOnce()).isFalse();
        assertThat(tally.lastNanos()).isEqualTo(2 * MS);
    }

    @Test
    void shouldCountAPaidRenewalOfASubscriptionNotSetUpAsExtraWhenItIsTheMerchants() {
        var tally = new RenewalTally(MERCHANT, Set.of("sub_a"), MOVED, 1);

        tally.accept(paid("sub_a"), MOVED + MS);
        tally.accept(paid("sub_unknown"), MOVED + MS);

        assertThat(tally.strangers()).isEqualTo(1);
        assertThat(tally.extra()).isEqualTo(1);
        assertThat(tally.exactlyOnce()).isFalse();
    }

    @Test
    void shouldIgnoreFirstInvoicesAndOtherMerchantsWhenTallying() {
        var tally = new RenewalTally(MERCHANT, Set.of("sub_a"), MOVED, 1);

        tally.accept(event("invoice.paid", MERCHANT, "sub_a", "subscription_create"), MOVED + MS);
        tally.accept(event("invoice.paid", "mer_other", "sub_a", "subscription_cycle"), MOVED + MS);
        tally.accept(event("invoice.payment_failed", MERCHANT, "sub_a", "subscription_cycle"), MOVED + MS);

        assertThat(tally.paidEvents()).isZero();
        assertThat(tally.renewed()).isZero();
        assertThat(tally.firstNanos()).isNegative();
    }

    private static BillingEvent upcoming(String merchant, String subscription) {
        var at = Instant.parse("2027-02-13T00:00:00Z");
        return BillingEvent.newBuilder()
                .setEventId("evt_" + subscription + "upcoming")
                .setType("invoice.upcoming")
                .setCreatedAt(at)
                .setMerchantId(merchant)
                .setMode(Mode.TEST)
                .setAggregateId(subscription)
                .setData(EventData.newBuilder().build())
                .build();
    }

    @Test
    void shouldCountEachSubscriptionsUpcomingInvoiceAndNoPaymentWhenTallyingFundingChecks() {
        var tally = RenewalTally.fundingChecks(MERCHANT, Set.of("sub_a", "sub_b"), MOVED, 2);

        tally.accept(upcoming(MERCHANT, "sub_a"), MOVED + MS);
        tally.accept(paid("sub_b"), MOVED + 2 * MS);
        tally.accept(upcoming("mer_other", "sub_b"), MOVED + 3 * MS);

        assertThat(tally.renewed()).isEqualTo(1);
        assertThat(tally.exactlyOnce()).isFalse();

        tally.accept(upcoming(MERCHANT, "sub_b"), MOVED + 4 * MS);
        assertThat(tally.exactlyOnce()).isTrue();
        assertThat(tally.lastNanos()).isEqualTo(4 * MS);

        tally.accept(upcoming(MERCHANT, "sub_a"), MOVED + 5 * MS);
        assertThat(tally.extra()).isEqualTo(1);
        assertThat(tally.exactlyOnce()).isFalse();
    }
}
