package io.abk.billing.chain.domain.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.ChargeRecord;
import io.abk.billing.contracts.OnChainSubscription;
import java.math.BigInteger;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ChargePreflightTest {

    private static final BigInteger TEN = BigInteger.valueOf(10_000_000);
    private static final Instant NOW = Instant.parse("2026-07-15T10:00:00Z");
    private static final ChargeRecord UNUSED = new ChargeRecord(0, 0, false);
    private static final OnChainSubscription ACTIVE = subscription(false);

    @Test
    void shouldBeClearWhenEverythingIsInPlace() {
        assertThat(ChargePreflight.decide(facts(UNUSED, ACTIVE, NOW, TEN, TEN))).isEqualTo(new Clear());
    }

    @Test
    void shouldBeAlreadyDoneWhenTheChargeIdWasUsedWhateverElseHolds() {
        var used = new ChargeRecord(0, 42, true);
        assertThat(ChargePreflight.decide(facts(used, null, NOW, BigInteger.ZERO, BigInteger.ZERO)))
                .isEqualTo(new AlreadyDone(42));
    }

    @Test
    void shouldRefuseMandateInactiveWhenTheSubscriptionIsUnknownAndRevokedWhenCanceled() {
        assertThat(code(facts(UNUSED, null, NOW, TEN, TEN))).isEqualTo(FailureCode.MANDATE_INACTIVE);
        assertThat(code(facts(UNUSED, subscription(true), NOW, TEN, TEN))).isEqualTo(FailureCode.MANDATE_REVOKED);
    }

    @Test
    void shouldRefuseMandateExhaustedWhenEverySignedPeriodIsCharged() {
        var signedForTwo = new OnChainSubscription(
                ACTIVE.customer(),
                ACTIVE.merchant(),
                ACTIVE.token(),
                TEN,
                1,
                NOW,
                2,
                false,
                TEN.add(TEN),
                BigInteger.ZERO,
                2);
        assertThat(code(facts(UNUSED, signedForTwo, NOW, TEN, TEN))).isEqualTo(FailureCode.MANDATE_EXHAUSTED);
    }

    @Test
    void shouldRefusePeriodNotStartedNamingTheStartWhenThePeriodLiesAhead() {
        var refuse = (Refuse) ChargePreflight.decide(facts(UNUSED, ACTIVE, NOW.plusSeconds(1), TEN, TEN));
        assertThat(refuse.code()).isEqualTo(FailureCode.PERIOD_NOT_STARTED);
        assertThat(refuse.message()).contains("2026-07-15T10:00:01Z");
    }

    @Test
    void shouldRefuseInsufficientBalanceBeforeLookingAtTheAllowance() {
        assertThat(code(facts(UNUSED, ACTIVE, NOW, TEN.subtract(BigInteger.ONE), BigInteger.ZERO)))
                .isEqualTo(FailureCode.INSUFFICIENT_BALANCE);
    }

    @Test
    void shouldTellARevokedAllowanceFromALowOne() {
        assertThat(code(facts(UNUSED, ACTIVE, NOW, TEN, BigInteger.ZERO))).isEqualTo(FailureCode.ALLOWANCE_REVOKED);
        assertThat(code(facts(UNUSED, ACTIVE, NOW, TEN, BigInteger.ONE))).isEqualTo(FailureCode.ALLOWANCE_TOO_LOW);
    }

    @Test
    void shouldRefuseNamingBothAmountsWhenTheChargeIsAboveTheMandate() {
        var twenty = TEN.add(TEN);
        var refuse =
                (Refuse) ChargePreflight.decide(new ChargeFacts(twenty, 6, UNUSED, ACTIVE, NOW, NOW, twenty, twenty));
        assertThat(refuse.code()).isEqualTo(FailureCode.AMOUNT_ABOVE_MANDATE);
        assertThat(refuse.message()).contains("20 USDC", "10 USDC");
    }

    private static ChargeFacts facts(
            ChargeRecord record,
            OnChainSubscription subscription,
            Instant periodStart,
            BigInteger balance,
            BigInteger allowance) {
        return new ChargeFacts(TEN, 6, record, subscription, periodStart, NOW, balance, allowance);
    }

    private static FailureCode code(ChargeFacts facts) {
        return ((Refuse) ChargePreflight.decide(facts)).code();
    }

    private static OnChainSubscription subscription(boolean canceled) {
        return new OnChainSubscription(
                "0x" + "22".repeat(20),
                "0x" + "33".repeat(20),
                "0x" + "44".repeat(20),
                TEN,
                1,
                NOW,
                0,
                canceled,
                BigInteger.ZERO,
                BigInteger.ZERO,
                0);
    }
}
