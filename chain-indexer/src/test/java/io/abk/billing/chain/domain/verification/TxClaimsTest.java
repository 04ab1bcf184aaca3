package io.abk.billing.chain.domain.verification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.chain.domain.verification.VerificationOutcome.Failed;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Paid;
import io.abk.billing.chain.domain.verification.VerificationOutcome.PaidIfUnclaimed;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One hash pays one payment or invoice: the claim rule as a table of holder x claimant. */
class TxClaimsTest {

    private static final String HASH = "0x" + "cd34".repeat(16);
    private static final String PAYMENT = "pay_01jvqz0000000000000000000a";
    private static final PaidIfUnclaimed TRANSFER = new PaidIfUnclaimed(HASH, 7_500_000);
    private static final VerificationOutcome.Answer PAID = new Paid(HASH, 7_500_000);
    private static final VerificationOutcome.Answer USED = new Failed(
            VerificationFailure.PAYMENT_TX_ALREADY_USED, "Transaction " + HASH + " has already paid another payment");

    static Stream<Arguments> claims() {
        return Stream.of(
                arguments("an unclaimed hash pays", null, PAID),
                arguments("the same payment claiming again is paid again (a replay)", PAYMENT, PAID),
                arguments("a hash another payment holds is used", "pay_01jvqz0000000000000000000b", USED),
                // The message must not name the invoice: it may be another merchant's.
                arguments("a hash a charged invoice holds is used", "inv_01jvqz0000000000000000000a", USED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("claims")
    void shouldPayOnlyTheFirstClaimantWhenAHashIsClaimed(
            String behaviour, @Nullable String holder, VerificationOutcome.Answer expected) {
        assertThat(TxClaims.settle(TRANSFER, holder, PAYMENT)).isEqualTo(expected);
        assertThat(TxClaims.grants(holder, PAYMENT)).isEqualTo(expected instanceof Paid);
    }
}
