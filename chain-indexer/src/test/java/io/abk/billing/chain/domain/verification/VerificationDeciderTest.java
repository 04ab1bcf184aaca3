package io.abk.billing.chain.domain.verification;

import static io.abk.billing.chain.domain.verification.VerificationFailure.CHAIN_UNAVAILABLE;
import static io.abk.billing.chain.domain.verification.VerificationFailure.PAYMENT_SHORT;
import static io.abk.billing.chain.domain.verification.VerificationFailure.PAYMENT_TX_NOT_FOUND;
import static io.abk.billing.chain.domain.verification.VerificationFailure.PAYMENT_TX_NO_TRANSFER;
import static io.abk.billing.chain.domain.verification.VerificationFailure.PAYMENT_TX_REVERTED;
import static io.abk.billing.chain.domain.verification.VerificationFailure.PAYMENT_WRONG_RECIPIENT;
import static io.abk.billing.schemas.mode.Mode.LIVE;
import static io.abk.billing.schemas.mode.Mode.TEST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.domain.settlement.SandboxTxHash;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Failed;
import io.abk.billing.chain.domain.verification.VerificationOutcome.Paid;
import io.abk.billing.chain.domain.verification.VerificationOutcome.PaidIfUnclaimed;
import io.abk.billing.schemas.mode.Mode;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The verification decision as a table: mode x which chains are configured x the hash given (none, a magic one,
 * any other, a malformed one), then malformed requests. Each row names its behaviour.
 */
class VerificationDeciderTest {

    private static final String PAYMENT = "pay_01jvqz0000000000000000000a";
    private static final String REQUEST = PAYMENT + ":verify:1";
    private static final String PAYOUT = "0x000000000000000000000000000000000000dEaD";
    private static final long TEN_USDC = 10_000_000;
    private static final String HASH = "0x" + "ab12".repeat(16);
    private static final String MAGIC = "0x" + "0".repeat(63);

    private static final ConfiguredChains NO_CHAIN = ConfiguredChains.NONE;
    private static final ConfiguredChains TEST_CHAIN = new ConfiguredChains(true, false);
    private static final ConfiguredChains LIVE_CHAIN = new ConfiguredChains(false, true);
    private static final ConfiguredChains BOTH_CHAINS = new ConfiguredChains(true, true);
    private static final ConfiguredChains ANVIL = new ConfiguredChains(true, false, "Anvil", "Base");

    private static final VerificationOutcome SANDBOX_PAID = new Paid(SandboxTxHash.of(PAYMENT), TEN_USDC);
    private static final VerificationOutcome CLAIM = new PaidIfUnclaimed(HASH, TEN_USDC);
    private static final VerificationOutcome NO_LIVE_CHAIN =
            new Failed(CHAIN_UNAVAILABLE, "No live chain is configured to verify transactions");
    private static final VerificationOutcome HASH_REQUIRED =
            new Failed(PAYMENT_TX_NOT_FOUND, "A transaction hash is required to verify a payment on Base Sepolia");
    private static final VerificationOutcome RELAYED = new VerificationOutcome.Relayed();
    private static final VerificationOutcome HASH_REQUIRED_ON_BASE =
            new Failed(PAYMENT_TX_NOT_FOUND, "A transaction hash is required to verify a payment on Base");
    private static final VerificationOutcome NOT_A_HASH =
            new Failed(PAYMENT_TX_NOT_FOUND, "A transaction hash is 0x and 64 hex digits; the one given is not");

    static Stream<Arguments> verifications() {
        return Stream.of(
                // live mode: only a live chain verifies, and only a hash it can read
                row("live without a hash", LIVE, NO_CHAIN, null, NO_LIVE_CHAIN),
                row("live with a hash", LIVE, NO_CHAIN, HASH, NO_LIVE_CHAIN),
                row("a test chain does not verify live payments", LIVE, TEST_CHAIN, HASH, NO_LIVE_CHAIN),
                row("live with a live chain configured is read on chain", LIVE, LIVE_CHAIN, HASH, RELAYED),
                row("live never plays a magic hash", LIVE, BOTH_CHAINS, MAGIC + "4", RELAYED),
                row("live with a chain needs a hash", LIVE, BOTH_CHAINS, null, HASH_REQUIRED_ON_BASE),
                row("live with a chain still refuses what is no hash", LIVE, LIVE_CHAIN, "0x12", NOT_A_HASH),
                // test mode without a hash: the sandbox pays with the payment's own hash, a chain needs a hash
                row("sandbox without a hash pays with the sandbox hash", TEST, NO_CHAIN, null, SANDBOX_PAID),
                row("a blank hash counts as none", TEST, NO_CHAIN, "  ", SANDBOX_PAID),
                row("a live chain alone leaves test mode in the sandbox", TEST, LIVE_CHAIN, null, SANDBOX_PAID),
                row("a test chain needs a hash", TEST, TEST_CHAIN, null, HASH_REQUIRED),
                row("a test chain needs a hash with both chains", TEST, BOTH_CHAINS, null, HASH_REQUIRED),
                row(
                        "the message names the configured chain",
                        TEST,
                        ANVIL,
                        null,
                        new Failed(
                                PAYMENT_TX_NOT_FOUND, "A transaction hash is required to verify a payment on Anvil")),
                // test mode, magic hashes: every failure in the sandbox; a test chain reads them like any other hash
                row(
                        "magic 0 is not found",
                        TEST,
                        NO_CHAIN,
                        MAGIC + "0",
                        new Failed(PAYMENT_TX_NOT_FOUND, "Transaction " + MAGIC + "0 was not found")),
                row(
                        "magic 1 reverted",
                        TEST,
                        NO_CHAIN,
                        MAGIC + "1",
                        new Failed(PAYMENT_TX_REVERTED, "Transaction " + MAGIC + "1 reverted")),
                row(
                        "magic 2 has no transfer",
                        TEST,
                        NO_CHAIN,
                        MAGIC + "2",
                        new Failed(PAYMENT_TX_NO_TRANSFER, "Transaction " + MAGIC + "2 does not transfer USDC")),
                row(
                        "magic 3 pays someone else",
                        TEST,
                        NO_CHAIN,
                        MAGIC + "3",
                        new Failed(
                                PAYMENT_WRONG_RECIPIENT,
                                "Transaction " + MAGIC + "3 does not pay the merchant's payout address " + PAYOUT)),
                row(
                        "magic 4 pays half",
                        TEST,
                        NO_CHAIN,
                        MAGIC + "4",
                        new Failed(
                                PAYMENT_SHORT,
                                "Transaction " + MAGIC
                                        + "4 pays less than the payment: expected 10 USDC, received 5 USDC")),
                row("magic hashes do not play on a test chain", TEST, TEST_CHAIN, MAGIC + "1", RELAYED),
                row(
                        "a magic hash is compared lower-case",
                        TEST,
                        NO_CHAIN,
                        "0X" + "0".repeat(63) + "2",
                        new Failed(PAYMENT_TX_NO_TRANSFER, "Transaction " + MAGIC + "2 does not transfer USDC")),
                row("digit 5 is no magic", TEST, NO_CHAIN, MAGIC + "5", new PaidIfUnclaimed(MAGIC + "5", TEN_USDC)),
                // test mode, any other hash: paid with the amount if unclaimed
                row("another hash is claimed", TEST, NO_CHAIN, HASH, CLAIM),
                row(
                        "another hash is claimed in lower case",
                        TEST,
                        NO_CHAIN,
                        HASH.toUpperCase().replace("0X", "0x"),
                        CLAIM),
                row("another hash is read on the test chain", TEST, TEST_CHAIN, HASH, RELAYED),
                // a hash that is not one
                row("too short", TEST, NO_CHAIN, "0x" + "ab".repeat(31), NOT_A_HASH),
                row("not hex", TEST, NO_CHAIN, "0x" + "zz".repeat(32), NOT_A_HASH),
                row("no 0x", TEST, TEST_CHAIN, "ab".repeat(33), NOT_A_HASH));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("verifications")
    void shouldVerifyAsTheTableSaysWhenGivenModeChainsAndHash(
            String behaviour, VerificationRequest request, ConfiguredChains chains, VerificationOutcome expected) {
        assertThat(VerificationDecider.decide(request, chains)).isEqualTo(expected);
    }

    static Stream<Arguments> shortTransfers() {
        return Stream.of(
                arguments(10_000_000L, "expected 10 USDC, received 5 USDC"),
                arguments(9_990_000L, "expected 9.99 USDC, received 4.995 USDC"),
                // half of an odd micro amount rounds down: the transfer is short either way
                arguments(3L, "expected 0.000003 USDC, received 0.000001 USDC"));
    }

    @ParameterizedTest(name = "{0} micro-USDC")
    @MethodSource("shortTransfers")
    void shouldNameTheExpectedAndReceivedAmountsWhenTheTransferIsShort(long amountMicros, String amounts) {
        var request = new VerificationRequest(REQUEST, PAYMENT, TEST, amountMicros, PAYOUT, MAGIC + "4");

        assertThat(VerificationDecider.decide(request, NO_CHAIN))
                .isEqualTo(
                        new Failed(PAYMENT_SHORT, "Transaction " + MAGIC + "4 pays less than the payment: " + amounts));
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                arguments(
                        "blank request id",
                        new VerificationRequest(" ", PAYMENT, TEST, TEN_USDC, PAYOUT, null),
                        "Malformed verification request: requestId is blank"),
                arguments(
                        "zero amount",
                        new VerificationRequest(REQUEST, PAYMENT, TEST, 0, PAYOUT, HASH),
                        "Malformed verification request: amountMicros must be positive, was 0"),
                arguments(
                        "negative amount",
                        new VerificationRequest(REQUEST, PAYMENT, LIVE, -5, PAYOUT, null),
                        "Malformed verification request: amountMicros must be positive, was -5"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void shouldAnswerChainUnavailableWhenTheRequestIsMalformed(
            String behaviour, VerificationRequest request, String message) {
        // Protects against a request nobody answers: its confirm would wait for it until the request timeout.
        assertThat(VerificationDecider.decide(request, NO_CHAIN)).isEqualTo(new Failed(CHAIN_UNAVAILABLE, message));
    }

    private static Arguments row(
            String behaviour,
            Mode mode,
            ConfiguredChains chains,
            @Nullable String txHash,
            VerificationOutcome expected) {
        return arguments(
                behaviour, new VerificationRequest(REQUEST, PAYMENT, mode, TEN_USDC, PAYOUT, txHash), chains, expected);
    }
}
