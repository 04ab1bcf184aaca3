package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.MeteredScenarios.LICENSED;
import static io.abk.billing.streams.subscription.domain.MeteredScenarios.MAX;
import static io.abk.billing.streams.subscription.domain.Scenarios.FIRST_PERIOD_END;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.subscription.domain.SubscriptionEvent.AllowanceLow;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FundingCheckAnswered;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FundingCheckRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.RenewalUpcoming;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.CheckFunding;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleFundingCheck;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The funding check of a subscription with a metered item (docs/architecture.md, "Funding checks"): its usage is
 * known only when the period closes, so the wallet is measured against the most the renewal may charge, the signed
 * maximum per period, while {@code invoice.upcoming} announces the licensed part billed in advance. Protects against
 * a customer whose wallet covered the seats but not the usage being told nothing until the renewal failed.
 */
class MeteredFundingTest {

    private static final java.time.Instant CHECK_AT = FIRST_PERIOD_END.minus(Duration.ofDays(3));

    @Test
    void shouldAskTheChainAboutTheMaximumAndAnnounceTheLicensedAmount() {
        // given an active subscription of 10 USDC of seats and usage, at most 50 USDC a period
        var active = MeteredScenarios.active();

        // when the scheduler's funding check fires
        var check = new CheckFunding(active.id(), active.details().tenant(), CHECK_AT, FIRST_PERIOD_END);
        var requested = events(active, check);

        // then the chain is asked about the maximum
        assertThat(requested)
                .singleElement()
                .isInstanceOfSatisfying(
                        FundingCheckRequested.class, r -> assertThat(r.amount()).isEqualTo(MAX));

        // and when the chain answers with a balance of 30 USDC and an allowance of 60 (one renewal of the maximum)
        var pending = Scenarios.apply(active, check);
        var requestId = pending.details().fundingCheck().requestId(pending.id());
        var answer = new SettleFundingCheck(
                pending.id(),
                pending.details().tenant(),
                CHECK_AT,
                requestId,
                new WalletFunding(30_000_000L, 60_000_000L, 10L, 1234L),
                null);
        var answered = events(pending, answer);

        // then invoice.upcoming announces the seats, measured against the maximum, and the allowance is low
        assertThat(answered).hasSize(3);
        assertThat(answered.get(0)).isInstanceOf(FundingCheckAnswered.class);
        assertThat(answered.get(1)).isInstanceOfSatisfying(RenewalUpcoming.class, upcoming -> {
            assertThat(upcoming.amount()).isEqualTo(LICENSED);
            assertThat(upcoming.required()).isEqualTo(MAX);
            assertThat(upcoming.upcoming().start()).isEqualTo(FIRST_PERIOD_END);
        });
        assertThat(answered.get(2))
                .isInstanceOfSatisfying(
                        AllowanceLow.class, low -> assertThat(low.amount()).isEqualTo(MAX));
    }

    private static List<SubscriptionEvent> events(Existing state, SubscriptionInstruction instruction) {
        var decision = Fixtures.decide(state, instruction);
        assertThat(decision).isInstanceOf(SubscriptionDecision.Accepted.class);
        return ((SubscriptionDecision.Accepted) decision).events();
    }
}
