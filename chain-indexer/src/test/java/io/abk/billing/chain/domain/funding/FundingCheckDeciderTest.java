package io.abk.billing.chain.domain.funding;

import static io.abk.billing.schemas.mode.Mode.LIVE;
import static io.abk.billing.schemas.mode.Mode.TEST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.chain.domain.funding.FundingOutcome.Checked;
import io.abk.billing.chain.domain.funding.FundingOutcome.Unchecked;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.schemas.mode.Mode;
import java.math.BigInteger;
import java.time.Instant;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Who answers a funding check (sandbox outcome x mode x configured chains), then what the chain's figures read as in
 * micro-USDC: decimals, the cap of an unlimited allowance, and a signed mandate's charges left.
 */
class FundingCheckDeciderTest {

    private static final String REQUEST = "sub_01jvqz0000000000000000000a:funding:1777887000";
    private static final ConfiguredChains NO_CHAIN = ConfiguredChains.NONE;
    private static final ConfiguredChains TEST_CHAIN = new ConfiguredChains(true, false);
    private static final ConfiguredChains LIVE_CHAIN = new ConfiguredChains(false, true);

    private static final FundingOutcome NOTHING_SHORT = new Checked(null, null, null, null);
    private static final FundingOutcome RELAYED = new FundingOutcome.Relayed();

    static Stream<Arguments> decisions() {
        return Stream.of(
                arguments("sandbox: no outcome reads nothing short", TEST, NO_CHAIN, null, NOTHING_SHORT),
                arguments("sandbox: success reads nothing short", TEST, NO_CHAIN, "success", NOTHING_SHORT),
                arguments(
                        "sandbox: insufficient_balance reads a balance of 0 and no allowance",
                        TEST,
                        LIVE_CHAIN,
                        "insufficient_balance",
                        new Checked(0L, null, null, null)),
                arguments(
                        "sandbox: allowance_revoked reads an allowance of 0 and no balance",
                        TEST,
                        NO_CHAIN,
                        "allowance_revoked",
                        new Checked(null, 0L, null, null)),
                arguments(
                        "sandbox: an outcome it does not know reads nothing short (the charge reports the typo)",
                        TEST,
                        NO_CHAIN,
                        "Insufficient_Balance",
                        NOTHING_SHORT),
                arguments(
                        "a test chain reads the chain, whatever the outcome",
                        TEST,
                        TEST_CHAIN,
                        "allowance_revoked",
                        RELAYED),
                arguments("a live chain reads the chain", LIVE, LIVE_CHAIN, null, RELAYED),
                arguments(
                        "live without a live chain: never simulated, not read",
                        LIVE,
                        TEST_CHAIN,
                        "insufficient_balance",
                        new Unchecked("No live chain is configured to read the customer's wallet")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decisions")
    void shouldAnswerAsARenewalChargeOfTheModeWouldBeSettled(
            String behaviour,
            Mode mode,
            ConfiguredChains chains,
            @Nullable String sandboxOutcome,
            FundingOutcome expected) {
        assertThat(FundingCheckDecider.decide(new FundingCheck(REQUEST, mode, sandboxOutcome), chains))
                .isEqualTo(expected);
    }

    @Test
    void shouldAnswerUncheckedWhenTheRequestIdIsBlank() {
        var outcome = FundingCheckDecider.decide(new FundingCheck(" ", TEST, null), NO_CHAIN);

        assertThat(outcome).isInstanceOf(Unchecked.class);
        assertThat(((Unchecked) outcome).message()).contains("requestId is blank");
    }

    @Test
    void shouldReadUsdcBaseUnitsAsMicrosExactly() {
        var read = FundingCheckDecider.onChain(
                BigInteger.valueOf(123_456_789), BigInteger.valueOf(9_990_000), 6, subscription(0, 0), 42);

        assertThat(read).isEqualTo(new Checked(123_456_789L, 9_990_000L, null, 42L));
    }

    @Test
    void shouldConvertAnotherTokensDecimalsRoundingDown() {
        // 1.2345678 of an 18-decimals token: micro-units are 1,234,567, never rounded up to 1,234,568.
        var read = FundingCheckDecider.onChain(
                new BigInteger("1234567800000000000"), new BigInteger("999999999999"), 18, null, 7);

        assertThat(read.balanceMicros()).isEqualTo(1_234_567L);
        assertThat(read.allowanceMicros()).isZero();
    }

    // Protects against an unlimited allowance (2^256 - 1) overflowing into a negative or wrapped long.
    @Test
    void shouldCapAnUnlimitedAllowanceAtTheLargestLong() {
        var unlimited = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);

        var read = FundingCheckDecider.onChain(
                unlimited, BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE), 6, null, 1);

        assertThat(read.balanceMicros()).isEqualTo(Long.MAX_VALUE);
        assertThat(read.allowanceMicros()).isEqualTo(Long.MAX_VALUE);
    }

    static Stream<Arguments> chargesLeft() {
        return Stream.of(
                arguments("no subscription in the vault", null, null),
                arguments("a mandate without a limit", subscription(0, 5), null),
                arguments("twelve periods signed, three charged", subscription(12, 3), 9L),
                arguments("every period charged", subscription(3, 3), 0L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("chargesLeft")
    void shouldCountTheSignedPeriodsNotChargedYet(
            String behaviour, @Nullable OnChainSubscription subscription, @Nullable Long expected) {
        var read = FundingCheckDecider.onChain(BigInteger.ONE, BigInteger.ONE, 6, subscription, 1);

        assertThat(read.chargesLeft()).isEqualTo(expected);
    }

    private static OnChainSubscription subscription(long maxCharges, long chargeCount) {
        return new OnChainSubscription(
                "0x1111111111111111111111111111111111111111",
                "0x2222222222222222222222222222222222222222",
                "0x3333333333333333333333333333333333333333",
                BigInteger.valueOf(9_990_000),
                1,
                Instant.parse("2026-01-01T00:00:00Z"),
                chargeCount,
                false,
                BigInteger.ZERO,
                BigInteger.ZERO,
                maxCharges);
    }
}
