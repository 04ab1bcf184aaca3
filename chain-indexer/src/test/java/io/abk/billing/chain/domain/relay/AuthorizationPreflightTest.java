package io.abk.billing.chain.domain.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.TokenRevert;
import io.abk.billing.contracts.TokenRevert.Reason;
import java.math.BigInteger;
import java.time.Instant;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AuthorizationPreflightTest {

    private static final long NOW = Instant.parse("2026-05-01T10:00:00Z").getEpochSecond();
    private static final BigInteger TEN = BigInteger.valueOf(10_000_000);

    static Stream<Arguments> decisions() {
        return Stream.of(
                arguments("valid now, funded: clear", facts(false, NOW, 0, NOW + 3600, TEN), null),
                arguments("the nonce used: answered by its transaction", facts(true, NOW, 0, NOW + 3600, TEN), "used"),
                arguments(
                        "validBefore reached: FiatToken takes it only strictly before",
                        facts(false, NOW, 0, NOW, TEN),
                        FailureCode.AUTHORIZATION_EXPIRED),
                arguments(
                        "validAfter ahead of the chain",
                        facts(false, NOW, NOW + 60, NOW + 3600, TEN),
                        FailureCode.AUTHORIZATION_NOT_YET_VALID),
                arguments(
                        "a balance short by one base unit",
                        facts(false, NOW, 0, NOW + 3600, TEN.subtract(BigInteger.ONE)),
                        FailureCode.INSUFFICIENT_BALANCE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decisions")
    void shouldDecideAsTheTableSaysWhenGivenWhatTheTokenHolds(
            String behaviour, AuthorizationFacts facts, @Nullable Object expected) {
        var decision = AuthorizationPreflight.decide(facts);

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

    static Stream<Arguments> reverts() {
        return Stream.of(
                arguments(Reason.AUTHORIZATION_EXPIRED, FailureCode.AUTHORIZATION_EXPIRED),
                arguments(Reason.AUTHORIZATION_NOT_YET_VALID, FailureCode.AUTHORIZATION_NOT_YET_VALID),
                arguments(Reason.AUTHORIZATION_USED, FailureCode.AUTHORIZATION_USED),
                arguments(Reason.AUTHORIZATION_INVALID_SIGNATURE, FailureCode.SIGNATURE_INVALID),
                arguments(Reason.MALFORMED_SIGNATURE, FailureCode.SIGNATURE_INVALID),
                arguments(Reason.INSUFFICIENT_BALANCE, FailureCode.INSUFFICIENT_BALANCE),
                arguments(Reason.BLACKLISTED, FailureCode.RELAYER_ERROR),
                arguments(Reason.UNKNOWN, FailureCode.RELAYER_ERROR));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("reverts")
    void shouldNameTheTokensRevertWithItsFailureCode(Reason reason, FailureCode expected) {
        var refusal = AuthorizationPreflight.refusal(new TokenRevert(reason, "FiatTokenV2: something"));

        assertThat(refusal.code()).isEqualTo(expected);
        assertThat(refusal.message()).endsWith("FiatTokenV2: something");
    }

    private static AuthorizationFacts facts(
            boolean used, long now, long validAfter, long validBefore, BigInteger balance) {
        return new AuthorizationFacts(used, Instant.ofEpochSecond(now), validAfter, validBefore, balance, TEN, 6);
    }
}
