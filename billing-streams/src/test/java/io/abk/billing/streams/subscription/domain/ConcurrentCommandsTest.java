package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.Fixtures.INVOICE_ID;
import static io.abk.billing.streams.subscription.domain.Scenarios.LATER;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.subscription.domain.SubscriptionEvent.ChargeRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What concurrent requests look like to the single writer: the same command many times in a row. The first
 * changes the state so that the others are refused (the gateway's "50 concurrent charges pay once").
 */
class ConcurrentCommandsTest {

    @Test
    void shouldMakeOneAttemptAndRefuseTheOthersWhenFiftyChargesArriveTogether() {
        var state = Scenarios.incompleteActiveMandate();
        int attempts = 0;
        int refused = 0;

        for (int i = 0; i < 50; i++) {
            switch (Fixtures.decide(state, Scenarios.charge(INVOICE_ID, LATER.plusMillis(i)))) {
                case SubscriptionDecision.Accepted accepted -> {
                    attempts += (int) accepted.events().stream()
                            .filter(ChargeRequested.class::isInstance)
                            .count();
                    state = (Existing) SubscriptionEvolver.evolveAll(state, accepted.events());
                }
                case SubscriptionDecision.Rejected rejected -> {
                    assertThat(rejected.reason()).isEqualTo(SubscriptionRejection.INVOICE_NOT_CHARGEABLE);
                    refused++;
                }
                case SubscriptionDecision.Failed failed -> throw new AssertionError(failed);
            }
        }

        assertThat(attempts).isEqualTo(1);
        assertThat(refused).isEqualTo(49);
        assertThat(Scenarios.invoice(state, INVOICE_ID).attemptCount()).isEqualTo(1);
    }

    @Test
    void shouldRefuseToVoidAnInvoiceWhenItsChargeIsInFlight() {
        var charging = Scenarios.incompleteCharging();

        var decision = Fixtures.decide(charging, Scenarios.voidInvoice(INVOICE_ID));

        assertThat(decision)
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        r -> assertThat(r.reason()).isEqualTo(SubscriptionRejection.INVOICE_NOT_VOIDABLE));
    }

    @Test
    void shouldActivateOnceWhenActivateArrivesFiftyTimes() {
        var decisions = IntStream.range(0, 50)
                .boxed()
                .reduce(
                        new Outcomes(Scenarios.incompletePending(), 0, 0),
                        (outcomes, i) -> outcomes.next(Fixtures.decide(outcomes.state(), Scenarios.activate())),
                        (a, b) -> b);

        assertThat(decisions.accepted()).isEqualTo(1);
        assertThat(decisions.rejectedActivate()).isEqualTo(49);
        assertThat(decisions.state().details().settlements().inFlight()).hasSize(1);
    }

    @Test
    void shouldRefuseASecondResultWhenTheSettlementWasAlreadyAnswered() {
        var charging = Scenarios.incompleteCharging();
        var result = Scenarios.settleCharge(charging, INVOICE_ID, true);
        var paid = Scenarios.apply(charging, result);

        // Its command id is normally remembered; this is the aggregate's own guard behind that.
        var again = Fixtures.decide(paid, result);

        assertThat(again)
                .isInstanceOfSatisfying(
                        SubscriptionDecision.Rejected.class,
                        r -> assertThat(r.reason()).isEqualTo(SubscriptionRejection.SETTLEMENT_UNKNOWN));
    }

    private record Outcomes(Existing state, int accepted, int rejectedActivate) {
        Outcomes next(SubscriptionDecision decision) {
            return switch (decision) {
                case SubscriptionDecision.Accepted a ->
                    new Outcomes(
                            (Existing) SubscriptionEvolver.evolveAll(state, a.events()),
                            accepted + 1,
                            rejectedActivate);
                case SubscriptionDecision.Rejected r
                when r.reason() == SubscriptionRejection.ACTIVATE_FAILED ->
                    new Outcomes(state, accepted, rejectedActivate + 1);
                default -> throw new AssertionError(decision);
            };
        }
    }
}
