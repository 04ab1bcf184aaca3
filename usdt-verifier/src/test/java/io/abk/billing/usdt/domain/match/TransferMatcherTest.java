package io.abk.billing.usdt.domain.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.usdt.domain.money.UsdtAmount;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TransferMatcherTest {

    private static final String PAY_TO = "0x00000000000000000000000000000000000000aa";
    private static final String OTHER = "0x00000000000000000000000000000000000000bb";
    private static final String SENDER = "0x00000000000000000000000000000000000000cc";
    private static final String TX = "0x" + "ab".repeat(32);
    private static final MatchPolicy POLICY = new MatchPolicy(3, new BigDecimal("1"));

    private static IntentTerms terms(String amount, MatchStrategy strategy) {
        return new IntentTerms(UsdtAmount.parsePositive(new BigDecimal(amount)), PAY_TO, strategy);
    }

    private static TxObservation mined(long confirmations, int decimals, ObservedTransfer... transfers) {
        return new TxObservation(TX, TxStatus.MINED, 100, Instant.EPOCH, confirmations, decimals, List.of(transfers));
    }

    private static ObservedTransfer to(String address, String baseUnits) {
        return new ObservedTransfer(0, SENDER, address, new BigInteger(baseUnits));
    }

    /** amount, strategy, transfer in base units (6 decimals), confirmations -> outcome, ok, code. */
    static Stream<Arguments> table() {
        return Stream.of(
                // exact
                Arguments.of("10", MatchStrategy.EXACT, "10000000", 3, MatchOutcome.CONFIRMED, true, null),
                Arguments.of(
                        "10",
                        MatchStrategy.EXACT,
                        "9999999",
                        3,
                        MatchOutcome.UNDERPAID,
                        false,
                        MatchCode.AMOUNT_TOO_LOW),
                Arguments.of(
                        "10",
                        MatchStrategy.EXACT,
                        "10000001",
                        3,
                        MatchOutcome.OVERPAID,
                        false,
                        MatchCode.AMOUNT_TOO_HIGH),
                Arguments.of(
                        "10",
                        MatchStrategy.EXACT,
                        "10000000",
                        2,
                        MatchOutcome.PENDING_CONFIRMATIONS,
                        false,
                        MatchCode.PENDING_CONFIRMATIONS),
                // minimum_amount: overpayment accepted
                Arguments.of("10", MatchStrategy.MINIMUM_AMOUNT, "10000000", 3, MatchOutcome.CONFIRMED, true, null),
                Arguments.of("10", MatchStrategy.MINIMUM_AMOUNT, "15000000", 3, MatchOutcome.OVERPAID, true, null),
                Arguments.of(
                        "10",
                        MatchStrategy.MINIMUM_AMOUNT,
                        "9999999",
                        3,
                        MatchOutcome.UNDERPAID,
                        false,
                        MatchCode.AMOUNT_TOO_LOW),
                Arguments.of(
                        "10",
                        MatchStrategy.MINIMUM_AMOUNT,
                        "15000000",
                        1,
                        MatchOutcome.PENDING_CONFIRMATIONS,
                        false,
                        MatchCode.PENDING_CONFIRMATIONS),
                // tolerance, 1 %: 10 USDT accepts 9.9 to 10.1 inclusive
                Arguments.of("10", MatchStrategy.TOLERANCE, "9900000", 3, MatchOutcome.UNDERPAID, true, null),
                Arguments.of("10", MatchStrategy.TOLERANCE, "10100000", 3, MatchOutcome.OVERPAID, true, null),
                Arguments.of(
                        "10",
                        MatchStrategy.TOLERANCE,
                        "9899999",
                        3,
                        MatchOutcome.UNDERPAID,
                        false,
                        MatchCode.AMOUNT_TOO_LOW),
                Arguments.of(
                        "10",
                        MatchStrategy.TOLERANCE,
                        "10100001",
                        3,
                        MatchOutcome.OVERPAID,
                        false,
                        MatchCode.AMOUNT_TOO_HIGH),
                Arguments.of("10", MatchStrategy.TOLERANCE, "10000000", 3, MatchOutcome.CONFIRMED, true, null),
                // the smallest amount: a 1 % tolerance of 0.000001 is no tolerance at all
                Arguments.of(
                        "0.000001",
                        MatchStrategy.TOLERANCE,
                        "2",
                        3,
                        MatchOutcome.OVERPAID,
                        false,
                        MatchCode.AMOUNT_TOO_HIGH),
                Arguments.of("0.000001", MatchStrategy.EXACT, "1", 3, MatchOutcome.CONFIRMED, true, null));
    }

    @ParameterizedTest(name = "{0} {1} received {2} with {3} confirmations -> {4}")
    @MethodSource("table")
    void shouldReportTheOutcomeWhenAMinedTransferPaysTheAddress(
            String amount,
            MatchStrategy strategy,
            String received,
            long confirmations,
            MatchOutcome outcome,
            boolean ok,
            MatchCode code) {
        var report =
                TransferMatcher.match(terms(amount, strategy), mined(confirmations, 6, to(PAY_TO, received)), POLICY);

        assertThat(report.outcome()).isEqualTo(outcome);
        assertThat(report.ok()).isEqualTo(ok);
        assertThat(report.code()).isEqualTo(code);
        assertThat(report.received()).isEqualByComparingTo(new BigDecimal(received).movePointLeft(6));
        assertThat(report.fromAddress()).isEqualTo(SENDER);
    }

    @Test
    void shouldReportNotFoundWhenTheChainDoesNotKnowTheTransaction() {
        var report = TransferMatcher.match(terms("10", MatchStrategy.EXACT), TxObservation.notFound(TX, 6), POLICY);

        assertThat(report)
                .extracting(MatchReport::outcome, MatchReport::ok, MatchReport::code, MatchReport::received)
                .containsExactly(MatchOutcome.NOT_FOUND, false, MatchCode.TX_NOT_FOUND, null);
    }

    @Test
    void shouldReportPendingWhenTheTransactionIsNotMinedYet() {
        var report = TransferMatcher.match(terms("10", MatchStrategy.EXACT), TxObservation.pending(TX, 6), POLICY);

        assertThat(report)
                .extracting(MatchReport::outcome, MatchReport::code, MatchReport::confirmations)
                .containsExactly(MatchOutcome.PENDING_CONFIRMATIONS, MatchCode.PENDING_CONFIRMATIONS, 0L);
    }

    @Test
    void shouldReportRevertedWhenTheTransactionFailed() {
        var reverted = new TxObservation(TX, TxStatus.REVERTED, 100, null, 5, 6, List.of());

        var report = TransferMatcher.match(terms("10", MatchStrategy.MINIMUM_AMOUNT), reverted, POLICY);

        assertThat(report)
                .extracting(MatchReport::outcome, MatchReport::code)
                .containsExactly(MatchOutcome.REVERTED, MatchCode.TX_REVERTED);
    }

    @Test
    void shouldReportWrongRecipientWhenNoTransferReachesThePayToAddress() {
        var report = TransferMatcher.match(
                terms("10", MatchStrategy.MINIMUM_AMOUNT), mined(3, 6, to(OTHER, "10000000")), POLICY);

        assertThat(report)
                .extracting(MatchReport::outcome, MatchReport::code, MatchReport::received)
                .containsExactly(MatchOutcome.WRONG_RECIPIENT, MatchCode.WRONG_RECIPIENT, BigDecimal.ZERO);
    }

    @Test
    void shouldAddUpTransfersWhenOneTransactionPaysTheAddressSeveralTimes() {
        var report = TransferMatcher.match(
                terms("10", MatchStrategy.EXACT),
                mined(3, 6, to(PAY_TO, "4000000"), to(OTHER, "1"), to(PAY_TO, "6000000")),
                POLICY);

        assertThat(report.outcome()).isEqualTo(MatchOutcome.CONFIRMED);
        assertThat(report.received()).isEqualByComparingTo("10");
    }

    @Test
    void shouldCompareExactlyWhenTheTokenHasEighteenDecimals() {
        // Protects against a rounding to micro-units: 10 USDT plus one base unit of an 18-decimal token is more.
        var oneWeiMore = mined(3, 18, to(PAY_TO, "10000000000000000001"));

        var exact = TransferMatcher.match(terms("10", MatchStrategy.EXACT), oneWeiMore, POLICY);
        var tolerated = TransferMatcher.match(terms("10", MatchStrategy.TOLERANCE), oneWeiMore, POLICY);

        assertThat(exact)
                .extracting(MatchReport::outcome, MatchReport::code)
                .containsExactly(MatchOutcome.OVERPAID, MatchCode.AMOUNT_TOO_HIGH);
        assertThat(exact.received()).isEqualByComparingTo("10.000000000000000001");
        assertThat(tolerated.ok()).isTrue();
    }

    @Test
    void shouldMatchAddressesWhateverTheirCaseWhenTheChainWritesThemInMixedCase() {
        var report = TransferMatcher.match(
                terms("10", MatchStrategy.EXACT),
                mined(3, 6, to(PAY_TO.toUpperCase().replace("0X", "0x"), "10000000")),
                POLICY);

        assertThat(report.ok()).isTrue();
    }

    @Test
    void shouldSimulateEachOutcomeWhenTheSandboxHashSelectsIt() {
        var terms = terms("25.5", MatchStrategy.EXACT);
        for (var scenario : SandboxScenario.values()) {
            var report = TransferMatcher.match(terms, SandboxScenario.evidence(scenario.txHash()), POLICY);

            assertThat(report.outcome()).as(scenario.name()).isEqualTo(scenario.outcome());
            assertThat(report.ok()).as(scenario.name()).isEqualTo(scenario == SandboxScenario.CONFIRMED);
            assertThat(report.txHash()).isEqualTo(scenario.txHash());
        }
    }

    @Test
    void shouldConfirmInTheSandboxWhenTheHashIsNotReserved() {
        var report = TransferMatcher.match(terms("1", MatchStrategy.EXACT), SandboxScenario.evidence(TX), POLICY);

        assertThat(report.outcome()).isEqualTo(MatchOutcome.CONFIRMED);
        assertThat(report.confirmations()).isEqualTo(3);
    }

    @Test
    void shouldReserveDistinctWellFormedHashesWhenListingTheScenarios() {
        var hashes =
                Stream.of(SandboxScenario.values()).map(SandboxScenario::txHash).toList();

        assertThat(hashes)
                .doesNotHaveDuplicates()
                .allSatisfy(hash -> assertThat(TransactionHash.parse(hash)).hasValue(hash));
    }
}
