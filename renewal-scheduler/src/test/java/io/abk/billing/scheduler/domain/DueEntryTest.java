package io.abk.billing.scheduler.domain;

import static io.abk.billing.scheduler.domain.DueItemsTest.invoice;
import static io.abk.billing.scheduler.domain.DueItemsTest.subscription;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DueEntryTest {

    /** The funding check aside: these rows are about renewals, expiries and charges. */
    static final DuePolicy RENEWALS_ONLY = new DuePolicy(Duration.ZERO);

    @Test
    void shouldNotFireAgainWhenANewerStateStillImpliesAFiredItem() {
        // billing-streams answers the renewal with a new subscription version whose period has not moved yet.
        var entry = DueEntry.of(subscription("active", false, "active"), null, RENEWALS_ONLY);
        var renewal = entry.pending().getFirst();

        var next = entry.fire(renewal.commandId()).update(subscription("active", false, "active"), null, RENEWALS_ONLY);

        assertThat(next.pending()).isEmpty();
        assertThat(next.fired()).containsExactly(renewal.commandId());
    }

    @Test
    void shouldForgetAFiredIdWhenTheNewerStateNoLongerImpliesIt() {
        var entry = DueEntry.of(subscription("active", false, "active"), null, RENEWALS_ONLY);
        var fired = entry.fire(entry.pending().getFirst().commandId());

        var next = fired.update(subscription("past_due", false, "active"), null, RENEWALS_ONLY);

        assertThat(next.pending()).isEmpty();
        assertThat(next.fired()).isEmpty();
    }

    @Test
    void shouldReplaceThePendingItemsWhenANewerStateArrives() {
        var entry = DueEntry.of(subscription("incomplete", false, "pending"), null, RENEWALS_ONLY);

        var next = entry.update(subscription("incomplete", true, "pending"), null, RENEWALS_ONLY);

        assertThat(next.pending())
                .extracting(DueItem::kind)
                .containsExactly(DueKind.RENEWAL, DueKind.INCOMPLETE_EXPIRY);
    }

    @Test
    void shouldBeFinalOnlyWhenNothingCanBeDueAgain() {
        assertThat(DueEntry.of(subscription("canceled", false, "revoked"), null, RENEWALS_ONLY)
                        .isFinal())
                .isTrue();
        assertThat(DueEntry.of(subscription("past_due", false, "active"), null, RENEWALS_ONLY)
                        .isFinal())
                .isFalse();
        assertThat(DueEntry.of(invoice("paid", "subscription_cycle", 1, null), null, RENEWALS_ONLY)
                        .isFinal())
                .isTrue();
        assertThat(DueEntry.of(invoice("open", "subscription_create", 0, null), null, RENEWALS_ONLY)
                        .isFinal())
                .isFalse();
    }

    @Test
    void shouldTakeOnlyNewerVersionsWhenComparing() {
        var entry = DueEntry.of(subscription("active", false, "active"), null, RENEWALS_ONLY);

        assertThat(entry.isOlderThan(subscription("active", false, "active"))).isFalse();
    }
}
