package io.abk.billing.chain.domain.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.chain.domain.relay.Preflight.Clear;
import io.abk.billing.chain.domain.relay.Preflight.Refuse;
import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.TokenRevert;
import io.abk.billing.contracts.TokenRevert.Reason;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PermitPreflightTest {

    private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void shouldClearAPermitUpToAndIncludingItsDeadlineAndRefuseItASecondLater() {
        assertThat(PermitPreflight.decide(NOW, NOW.plusSeconds(3600))).isInstanceOf(Clear.class);
        assertThat(PermitPreflight.decide(NOW, NOW)).isInstanceOf(Clear.class);

        var expired = PermitPreflight.decide(NOW, NOW.minusSeconds(1));

        assertThat(expired).isInstanceOfSatisfying(Refuse.class, refuse -> {
            assertThat(refuse.code()).isEqualTo(FailureCode.SIGNATURE_EXPIRED);
            assertThat(refuse.message()).contains("2026-05-01T09:59:59Z");
        });
    }

    static Stream<Arguments> reverts() {
        return Stream.of(
                arguments(Reason.PERMIT_INVALID_SIGNATURE, FailureCode.SIGNATURE_INVALID),
                arguments(Reason.MALFORMED_SIGNATURE, FailureCode.SIGNATURE_INVALID),
                arguments(Reason.PERMIT_EXPIRED, FailureCode.SIGNATURE_EXPIRED),
                arguments(Reason.PAUSED, FailureCode.PERMIT_FAILED),
                arguments(Reason.BLACKLISTED, FailureCode.PERMIT_FAILED),
                arguments(Reason.UNKNOWN, FailureCode.PERMIT_FAILED));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("reverts")
    void shouldNameTheTokensRevertWithItsFailureCode(Reason reason, FailureCode expected) {
        var refusal = PermitPreflight.refusal(new TokenRevert(reason, "EIP2612: invalid signature"));

        assertThat(refusal.code()).isEqualTo(expected);
        assertThat(refusal.message()).isEqualTo("The token refused the permit: EIP2612: invalid signature");
    }
}
