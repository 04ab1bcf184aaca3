package io.abk.billing.chain.domain.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.chain.domain.relay.Preflight.AlreadyDone;
import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.OnChainSubscription;
import java.math.BigInteger;
import java.time.Instant;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CancelPreflightTest {

    private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");
    private static final OnChainSubscription ACTIVE = subscription(false);
    private static final OnChainSubscription CANCELED = subscription(true);

    static Stream<Arguments> decisions() {
        return Stream.of(
                arguments("active, deadline ahead: clear", ACTIVE, NOW.plusSeconds(3600), null),
                arguments("active, deadline this very second: the vault still takes it", ACTIVE, NOW, null),
                arguments("deadline a second ago", ACTIVE, NOW.minusSeconds(1), FailureCode.SIGNATURE_EXPIRED),
                arguments("no subscription in the vault", null, NOW.plusSeconds(3600), FailureCode.MANDATE_INACTIVE),
                arguments(
                        "canceled already: answered by the customer's Canceled, whatever the deadline",
                        CANCELED,
                        NOW.minusSeconds(1),
                        "done"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decisions")
    void shouldDecideAsTheTableSaysWhenGivenWhatTheVaultHolds(
            String behaviour, @Nullable OnChainSubscription existing, Instant deadline, @Nullable Object expected) {
        var decision = CancelPreflight.decide(existing, NOW, deadline);

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

    private static OnChainSubscription subscription(boolean canceled) {
        return new OnChainSubscription(
                "0x" + "22".repeat(20),
                "0x" + "33".repeat(20),
                "0x" + "44".repeat(20),
                BigInteger.TEN,
                1,
                NOW,
                1,
                canceled,
                BigInteger.TEN,
                BigInteger.ZERO,
                12);
    }
}
