package io.abk.billing.chain.domain.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.contracts.SubscribeAuthorization;
import java.math.BigInteger;
import java.time.Instant;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MandatePreflightTest {

    private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");
    private static final BigInteger TEN = BigInteger.valueOf(10_000_000);
    private static final String CUSTOMER = "0x" + "22".repeat(20);
    private static final String MERCHANT = "0x" + "33".repeat(20);
    private static final String TOKEN = "0x" + "44".repeat(20);
    private static final SubscribeAuthorization TERMS = new SubscribeAuthorization(
            "0x" + "ab".repeat(32),
            CUSTOMER,
            MERCHANT,
            TOKEN,
            TEN,
            1,
            NOW,
            12,
            NOW.plusSeconds(3600),
            "0x" + "4e".repeat(32));

    static Stream<Arguments> decisions() {
        return Stream.of(
                arguments("nothing on chain yet: clear", facts(null, false, NOW, TEN, TEN), null),
                arguments(
                        "the vault holds these terms: submitted before",
                        facts(existing(CUSTOMER, TEN, 12), false, NOW, TEN, TEN),
                        "already"),
                arguments(
                        "another customer's subscription of the reference",
                        facts(existing("0x" + "55".repeat(20), TEN, 12), false, NOW, TEN, TEN),
                        FailureCode.MANDATE_EXISTS),
                arguments(
                        "the same customer with another amount",
                        facts(existing(CUSTOMER, TEN.add(BigInteger.ONE), 12), false, NOW, TEN, TEN),
                        FailureCode.MANDATE_EXISTS),
                arguments(
                        "an unlimited mandate of the approve path is not these signed periods",
                        facts(existing(CUSTOMER, TEN, 0), false, NOW, TEN, TEN),
                        FailureCode.MANDATE_EXISTS),
                arguments("a used nonce: a replay", facts(null, true, NOW, TEN, TEN), FailureCode.SIGNATURE_NONCE_USED),
                arguments(
                        "the deadline's own second still counts",
                        facts(null, false, NOW.plusSeconds(3600), TEN, TEN),
                        null),
                arguments(
                        "a second past the deadline",
                        facts(null, false, NOW.plusSeconds(3601), TEN, TEN),
                        FailureCode.SIGNATURE_EXPIRED),
                arguments(
                        "a balance short of the first charge",
                        facts(null, false, NOW, TEN.subtract(BigInteger.ONE), TEN),
                        FailureCode.INSUFFICIENT_BALANCE),
                arguments(
                        "no first charge: an empty wallet may sign",
                        facts(null, false, NOW, BigInteger.ZERO, null),
                        null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decisions")
    void shouldDecideAsTheTableSaysWhenGivenWhatTheChainHolds(
            String behaviour, MandateFacts facts, @Nullable Object expected) {
        var decision = MandatePreflight.decide(facts);

        switch (expected) {
            case null -> assertThat(decision).isInstanceOf(Clear.class);
            case FailureCode code ->
                assertThat(decision)
                        .isInstanceOfSatisfying(
                                Refuse.class,
                                refuse -> assertThat(refuse.code()).isEqualTo(code));
            default -> assertThat(decision).isInstanceOf(AlreadyDone.class);
        }
    }

    private static MandateFacts facts(
            @Nullable OnChainSubscription existing,
            boolean nonceUsed,
            Instant chainTime,
            BigInteger balance,
            @Nullable BigInteger firstCharge) {
        return new MandateFacts(TERMS, existing, nonceUsed, chainTime, balance, firstCharge, 6);
    }

    private static OnChainSubscription existing(String customer, BigInteger amount, long maxCharges) {
        return new OnChainSubscription(
                customer, MERCHANT, TOKEN, amount, 1, NOW, 1, false, TEN, BigInteger.ZERO, maxCharges);
    }
}
