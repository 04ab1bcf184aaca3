package io.abk.billing.chain.domain.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.domain.relay.FeeDecision.Fees;
import io.abk.billing.chain.domain.relay.FeeDecision.OverCap;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class FeePolicyTest {

    private static final BigInteger GAS = BigInteger.valueOf(100_000);
    private static final FeePolicy CAPS = new FeePolicy(wei(100), wei(10), wei(100 * 100_000));

    @Test
    void shouldOfferTwiceTheBaseFeePlusTheSuggestedTipWhenWithinTheCaps() {
        assertThat(CAPS.initial(GAS, wei(20), wei(3))).isEqualTo(new Fees(GAS, wei(43), wei(3)));
    }

    @Test
    void shouldCapThePriorityFeeWhenTheSuggestionIsAboveIt() {
        assertThat(CAPS.initial(GAS, wei(20), wei(50))).isEqualTo(new Fees(GAS, wei(50), wei(10)));
    }

    @Test
    void shouldOfferTheCapWhenOnlyTheDoublingBreaksIt() {
        assertThat(CAPS.initial(GAS, wei(60), wei(5))).isEqualTo(new Fees(GAS, wei(100), wei(5)));
    }

    @Test
    void shouldRefuseNamingTheCapWhenTheBaseFeeAloneBreaksIt() {
        assertThat(CAPS.initial(GAS, wei(98), wei(5)))
                .isInstanceOfSatisfying(
                        OverCap.class, over -> assertThat(over.reason()).contains("max fee per gas cap of 100 wei"));
    }

    @Test
    void shouldRefuseNamingTheCapWhenTheTransactionCouldCostMoreThanAllowed() {
        var cheap = new FeePolicy(wei(100), wei(10), wei(1_000_000));
        assertThat(cheap.initial(GAS, wei(20), wei(3)))
                .isInstanceOfSatisfying(
                        OverCap.class,
                        over -> assertThat(over.reason()).contains("max cost per transaction cap of 1000000 wei"));
    }

    @Test
    void shouldAllowABatchOfCallsTheCostPerTransactionOfEachCall() {
        var cheap = new FeePolicy(wei(100), wei(10), wei(5_000_000));
        var threeCalls = GAS.multiply(BigInteger.valueOf(3));

        assertThat(cheap.initial(threeCalls, wei(20), wei(3))).isInstanceOf(OverCap.class);
        assertThat(cheap.forCalls(3).initial(threeCalls, wei(20), wei(3)))
                .isEqualTo(new Fees(threeCalls, wei(43), wei(3)));
        assertThat(cheap.forCalls(3).initial(threeCalls.add(BigInteger.valueOf(100_000)), wei(20), wei(3)))
                .isInstanceOf(OverCap.class);
        assertThat(cheap.forCalls(1)).isSameAs(cheap);
    }

    @Test
    void shouldAddTwentyPercentToTheGasEstimateRoundedUp() {
        assertThat(FeePolicy.gasLimit(BigInteger.valueOf(50_001))).isEqualTo(BigInteger.valueOf(60_002));
        assertThat(FeePolicy.gasLimit(BigInteger.valueOf(50_000))).isEqualTo(BigInteger.valueOf(60_000));
    }

    @Test
    void shouldRaiseBothFeesByAtLeastAnEighthWhenReplacing() {
        var bumped = (Fees) CAPS.bump(new Fees(GAS, wei(40), wei(8)), wei(10));
        assertThat(bumped.maxFeePerGas()).isEqualTo(wei(45));
        assertThat(bumped.maxPriorityFeePerGas()).isEqualTo(wei(9));
    }

    @Test
    void shouldRaiseAZeroTipWhenReplacing() {
        var bumped = (Fees) CAPS.bump(new Fees(GAS, wei(40), wei(0)), wei(10));
        assertThat(bumped.maxPriorityFeePerGas()).isEqualTo(wei(1));
    }

    @Test
    void shouldRefuseAReplacementWhenTheRaiseBreaksACap() {
        assertThat(CAPS.bump(new Fees(GAS, wei(95), wei(5)), wei(10))).isInstanceOf(OverCap.class);
        assertThat(CAPS.bump(new Fees(GAS, wei(40), wei(10)), wei(10))).isInstanceOf(OverCap.class);
    }

    @Test
    void shouldOfferEveryCapForACancelWithinTheCostPerTransaction() {
        assertThat(CAPS.ceiling(BigInteger.valueOf(21_000))).isEqualTo(new Fees(wei(21_000), wei(100), wei(10)));
        var cheap = new FeePolicy(wei(100), wei(10), wei(21_000 * 8));
        assertThat(cheap.ceiling(BigInteger.valueOf(21_000))).isEqualTo(new Fees(wei(21_000), wei(8), wei(8)));
    }

    private static BigInteger wei(long value) {
        return BigInteger.valueOf(value);
    }
}
