package io.abk.billing.chain.domain.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.domain.settlement.FailureCode;
import io.abk.billing.contracts.VaultError;
import java.math.BigInteger;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VaultRefusalsTest {

    private static final String REF = "0x" + "aa".repeat(32);
    private static final String VAULT = "0x" + "bb".repeat(20);
    private static final BigInteger TEN = BigInteger.valueOf(10_000_000);

    static Stream<Arguments> table() {
        return Stream.of(
                Arguments.of(new VaultError.UnknownSubscription(REF), VaultCall.CHARGE, FailureCode.MANDATE_INACTIVE),
                Arguments.of(new VaultError.SubscriptionIsCanceled(REF), VaultCall.CHARGE, FailureCode.MANDATE_REVOKED),
                Arguments.of(
                        new VaultError.PeriodNotStarted(REF, 1, Instant.parse("2026-08-15T10:00:00Z")),
                        VaultCall.CHARGE,
                        FailureCode.PERIOD_NOT_STARTED),
                Arguments.of(
                        new VaultError.InsufficientBalance(VAULT, BigInteger.ONE, TEN),
                        VaultCall.CHARGE,
                        FailureCode.INSUFFICIENT_BALANCE),
                Arguments.of(
                        new VaultError.InsufficientAllowance(VAULT, BigInteger.ZERO, TEN),
                        VaultCall.CHARGE,
                        FailureCode.ALLOWANCE_REVOKED),
                Arguments.of(
                        new VaultError.InsufficientAllowance(VAULT, BigInteger.ONE, TEN),
                        VaultCall.CHARGE,
                        FailureCode.ALLOWANCE_TOO_LOW),
                Arguments.of(
                        new VaultError.InsufficientBalance(VAULT, BigInteger.ONE, TEN),
                        VaultCall.REFUND,
                        FailureCode.MERCHANT_FUNDS_UNAVAILABLE),
                Arguments.of(
                        new VaultError.InsufficientAllowance(VAULT, BigInteger.ZERO, TEN),
                        VaultCall.REFUND,
                        FailureCode.MERCHANT_FUNDS_UNAVAILABLE),
                Arguments.of(
                        new VaultError.AmountAboveMandate(TEN.add(TEN), TEN),
                        VaultCall.CHARGE,
                        FailureCode.AMOUNT_ABOVE_MANDATE),
                Arguments.of(
                        new VaultError.RefundAboveCharged(TEN, BigInteger.ONE),
                        VaultCall.REFUND,
                        FailureCode.RELAYER_ERROR),
                Arguments.of(new VaultError.NotRelayer(), VaultCall.CHARGE, FailureCode.RELAYER_ERROR),
                Arguments.of(
                        new VaultError.SignatureExpired(BigInteger.valueOf(1_777_000_000L)),
                        VaultCall.SUBSCRIBE,
                        FailureCode.SIGNATURE_EXPIRED),
                Arguments.of(
                        new VaultError.SignatureNonceUsed(VAULT, REF),
                        VaultCall.SUBSCRIBE,
                        FailureCode.SIGNATURE_NONCE_USED),
                Arguments.of(new VaultError.InvalidSignature(), VaultCall.SUBSCRIBE, FailureCode.SIGNATURE_INVALID),
                Arguments.of(new VaultError.PermitFailed(), VaultCall.SUBSCRIBE, FailureCode.PERMIT_FAILED),
                Arguments.of(new VaultError.RefAlreadyUsed(REF), VaultCall.SUBSCRIBE, FailureCode.MANDATE_EXISTS),
                Arguments.of(new VaultError.MandateExhausted(REF, 12), VaultCall.CHARGE, FailureCode.MANDATE_EXHAUSTED),
                Arguments.of(new VaultError.Unknown("0xdeadbeef"), VaultCall.CHARGE, FailureCode.RELAYER_ERROR));
    }

    @ParameterizedTest(name = "{0} on {1} -> {2}")
    @MethodSource("table")
    void shouldMapEachVaultErrorToItsFailureCode(VaultError error, VaultCall call, FailureCode expected) {
        var refuse = VaultRefusals.of(error, call, 6);
        assertThat(refuse.code()).isEqualTo(expected);
        assertThat(refuse.message()).isNotBlank();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldNeverEchoRawRevertDataAtLength(VaultError error, VaultCall call, FailureCode ignored) {
        assertThat(VaultRefusals.of(error, call, 6).message()).hasSizeLessThan(200);
    }
}
