package io.abk.billing.chain.domain.settlement;

import static io.abk.billing.chain.domain.settlement.FailureCode.ALLOWANCE_REVOKED;
import static io.abk.billing.chain.domain.settlement.FailureCode.INSUFFICIENT_BALANCE;
import static io.abk.billing.chain.domain.settlement.FailureCode.RELAYER_ERROR;
import static io.abk.billing.schemas.mode.Mode.LIVE;
import static io.abk.billing.schemas.mode.Mode.TEST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.chain.domain.settlement.SettlementOutcome.Failed;
import io.abk.billing.chain.domain.settlement.SettlementOutcome.Succeeded;
import io.abk.billing.chain.domain.settlement.SettlementRequest.Charge;
import io.abk.billing.chain.domain.settlement.SettlementRequest.Refund;
import io.abk.billing.schemas.mode.Mode;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The settlement decision as a table: explicit {@code sandboxMode} x mode x which chains are configured x the
 * subscription's default outcome, then refunds and malformed requests. Each row names its behaviour.
 */
class SettlementDeciderTest {

    private static final String ATTEMPT = "inv_01jvqz0000000000000000000a:1";
    private static final String REFUND = "inv_01jvqz0000000000000000000a:refund:1";
    private static final long AMOUNT = 9_990_000;

    private static final ConfiguredChains NO_CHAIN = ConfiguredChains.NONE;
    private static final ConfiguredChains TEST_CHAIN = new ConfiguredChains(true, false);
    private static final ConfiguredChains LIVE_CHAIN = new ConfiguredChains(false, true);
    private static final ConfiguredChains BOTH_CHAINS = new ConfiguredChains(true, true);

    private static final SettlementOutcome PAID = new Succeeded(SandboxTxHash.of(ATTEMPT));
    private static final SettlementOutcome REFUNDED = new Succeeded(SandboxTxHash.of(REFUND));
    private static final SettlementOutcome BROKE =
            new Failed(INSUFFICIENT_BALANCE, "The customer's wallet does not hold enough USDC");
    private static final SettlementOutcome REVOKED =
            new Failed(ALLOWANCE_REVOKED, "The customer revoked the vault's USDC allowance");
    private static final SettlementOutcome RELAYED = new SettlementOutcome.Relayed();
    private static final SettlementOutcome NO_LIVE_CHAIN =
            new Failed(RELAYER_ERROR, "No live chain is configured for settlement");
    private static final SettlementOutcome LIVE_SANDBOX =
            new Failed(RELAYER_ERROR, "sandboxMode is for test mode only; a live charge is never simulated");

    static Stream<Arguments> charges() {
        return Stream.of(
                // explicit sandboxMode: simulated in test mode, whatever the default and the chains
                row(
                        "explicit success wins over a failing default",
                        TEST,
                        NO_CHAIN,
                        "success",
                        "insufficient_balance",
                        PAID),
                row("explicit insufficient_balance is simulated", TEST, NO_CHAIN, "insufficient_balance", null, BROKE),
                row("explicit allowance_revoked is simulated", TEST, NO_CHAIN, "allowance_revoked", "success", REVOKED),
                row(
                        "explicit outcome is simulated even with a test chain",
                        TEST,
                        TEST_CHAIN,
                        "insufficient_balance",
                        null,
                        BROKE),
                row("explicit success is simulated even with both chains", TEST, BOTH_CHAINS, "success", null, PAID),
                row(
                        "explicit sandboxMode never simulates a live charge",
                        LIVE,
                        NO_CHAIN,
                        "success",
                        null,
                        LIVE_SANDBOX),
                row(
                        "explicit sandboxMode never simulates a live charge on a live chain",
                        LIVE,
                        LIVE_CHAIN,
                        "success",
                        null,
                        LIVE_SANDBOX),
                row(
                        "explicit unknown outcome fails naming it",
                        TEST,
                        NO_CHAIN,
                        "bogus",
                        null,
                        new Failed(
                                RELAYER_ERROR,
                                "Unknown sandboxMode 'bogus'; expected success, insufficient_balance or allowance_revoked")),
                row("blank explicit outcome counts as absent", TEST, NO_CHAIN, " ", "allowance_revoked", REVOKED),
                // no explicit sandboxMode, test mode, no test chain: the subscription's default outcome
                row("no default outcome succeeds", TEST, NO_CHAIN, null, null, PAID),
                row("default success succeeds", TEST, NO_CHAIN, null, "success", PAID),
                row("default insufficient_balance fails", TEST, NO_CHAIN, null, "insufficient_balance", BROKE),
                row("default allowance_revoked fails", TEST, NO_CHAIN, null, "allowance_revoked", REVOKED),
                row(
                        "a live chain alone leaves test mode in the sandbox",
                        TEST,
                        LIVE_CHAIN,
                        null,
                        "insufficient_balance",
                        BROKE),
                row(
                        "default unknown outcome fails naming it",
                        TEST,
                        NO_CHAIN,
                        null,
                        "Success",
                        new Failed(
                                RELAYER_ERROR,
                                "Unknown metadata.sandboxRenewalOutcome 'Success'; expected success, insufficient_balance or "
                                        + "allowance_revoked")),
                // a chain is needed: none configured, or one configured without the relayer yet
                row(
                        "a configured test chain settles on chain, whatever the default outcome",
                        TEST,
                        TEST_CHAIN,
                        null,
                        "insufficient_balance",
                        RELAYED),
                row(
                        "a configured test chain settles on chain without a default",
                        TEST,
                        BOTH_CHAINS,
                        null,
                        null,
                        RELAYED),
                row("live without a live chain fails", LIVE, NO_CHAIN, null, null, NO_LIVE_CHAIN),
                row("live ignores the default outcome", LIVE, NO_CHAIN, null, "success", NO_LIVE_CHAIN),
                row("a test chain does not serve live mode", LIVE, TEST_CHAIN, null, null, NO_LIVE_CHAIN),
                row("a configured live chain settles on chain", LIVE, LIVE_CHAIN, null, null, RELAYED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("charges")
    void shouldSettleTheChargeAsTheTableSaysWhenGivenModeChainsAndOutcomes(
            String behaviour, Charge charge, ConfiguredChains chains, SettlementOutcome expected) {
        assertThat(SettlementDecider.decide(charge, chains)).isEqualTo(expected);
    }

    static Stream<Arguments> refunds() {
        return Stream.of(
                arguments("test refund without a test chain is simulated", TEST, NO_CHAIN, REFUNDED),
                arguments("a live chain alone leaves test refunds in the sandbox", TEST, LIVE_CHAIN, REFUNDED),
                arguments("a test refund on a configured test chain settles on chain", TEST, TEST_CHAIN, RELAYED),
                arguments("live refund without a live chain fails", LIVE, NO_CHAIN, NO_LIVE_CHAIN),
                arguments("live refund with only a test chain fails", LIVE, TEST_CHAIN, NO_LIVE_CHAIN),
                arguments("a live refund on a configured live chain settles on chain", LIVE, BOTH_CHAINS, RELAYED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refunds")
    void shouldSettleTheRefundAsTheTableSaysWhenGivenModeAndChains(
            String behaviour, Mode mode, ConfiguredChains chains, SettlementOutcome expected) {
        assertThat(SettlementDecider.decide(new Refund(REFUND, mode, AMOUNT), chains))
                .isEqualTo(expected);
    }

    @Test
    void shouldLeaveACustomerActionOfAnyAmountToATestOrLiveChainAndRefuseItWithoutOne() {
        var cancel = new SettlementRequest.CustomerAction("sub_1:cancel:1", TEST, 0);
        var permit = new SettlementRequest.CustomerAction("sub_1:permit:1", LIVE, 0);

        assertThat(SettlementDecider.decide(cancel, TEST_CHAIN)).isEqualTo(RELAYED);
        assertThat(SettlementDecider.decide(permit, LIVE_CHAIN)).isEqualTo(RELAYED);
        // The sandbox cannot submit a signature: a test action without a test chain fails as a signed mandate does.
        assertThat(SettlementDecider.decide(cancel, LIVE_CHAIN))
                .isEqualTo(new Failed(RELAYER_ERROR, "No chain for signatures: no test chain is configured"));
        assertThat(SettlementDecider.decide(new SettlementRequest.CustomerAction(" ", LIVE, 0), LIVE_CHAIN))
                .isEqualTo(new Failed(RELAYER_ERROR, "Malformed settlement request: requestId is blank"));
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                arguments(
                        "blank request id",
                        new Charge(" ", TEST, AMOUNT, "success", null),
                        "Malformed settlement request: requestId is blank"),
                arguments(
                        "zero charge",
                        new Charge(ATTEMPT, TEST, 0, null, null),
                        "Malformed settlement request: amountMicros must be positive, was 0"),
                arguments(
                        "negative refund",
                        new Refund(REFUND, TEST, -1),
                        "Malformed settlement request: amountMicros must be positive, was -1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void shouldAnswerRelayerErrorWhenTheRequestIsMalformed(
            String behaviour, SettlementRequest request, String message) {
        // Protects against a request nobody answers: it would keep its charge or refund in flight forever.
        assertThat(SettlementDecider.decide(request, NO_CHAIN)).isEqualTo(new Failed(RELAYER_ERROR, message));
    }

    private static Arguments row(
            String behaviour,
            Mode mode,
            ConfiguredChains chains,
            @Nullable String sandboxMode,
            @Nullable String defaultOutcome,
            SettlementOutcome expected) {
        return arguments(behaviour, new Charge(ATTEMPT, mode, AMOUNT, sandboxMode, defaultOutcome), chains, expected);
    }
}
