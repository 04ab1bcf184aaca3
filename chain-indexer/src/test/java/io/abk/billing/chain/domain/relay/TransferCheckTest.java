package io.abk.billing.chain.domain.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.domain.relay.RelayOutcome.Refused;
import io.abk.billing.chain.domain.relay.RelayOutcome.Verified;
import io.abk.billing.contracts.TokenTransfer;
import io.abk.billing.schemas.mode.Mode;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class TransferCheckTest {

    private static final String TX = "0x" + "ab".repeat(32);
    private static final String PAYER = "0x" + "11".repeat(20);
    private static final String PAYOUT = "0x" + "2a".repeat(20);
    private static final String OTHER = "0x" + "33".repeat(20);
    private static final long TEN = 10_000_000;
    /** The transfer's block time in every case but the age cases. */
    private static final Instant MINED = Instant.parse("2026-05-01T09:00:00Z");

    @Test
    void shouldVerifyATransferOfAtLeastTheAmountToThePayoutAddress() {
        var outcome = decide(List.of(transfer(PAYER, PAYOUT.toUpperCase().replace("0X", "0x"), TEN + 1)), PAYER, 1);
        assertThat(outcome).isEqualTo(new Verified(TX, TEN + 1, PAYER));
    }

    @Test
    void shouldAddUpSeveralTransfersToThePayoutAddress() {
        var outcome = decide(List.of(transfer(PAYER, PAYOUT, TEN / 2), transfer(PAYER, PAYOUT, TEN / 2)), null, 1);
        assertThat(outcome).isEqualTo(new Verified(TX, TEN, PAYER));
    }

    @Test
    void shouldRefuseNotFoundAndRevertedTransactions() {
        assertThat(code(new TransferFacts(
                        TX, Mode.LIVE, false, false, false, List.of(), 0, MINED, 10, 1, PAYOUT, null, TEN, null, 6)))
                .isEqualTo("PAYMENT_TX_NOT_FOUND");
        assertThat(code(new TransferFacts(
                        TX, Mode.LIVE, true, false, false, List.of(), 5, MINED, 10, 1, PAYOUT, null, TEN, null, 6)))
                .isEqualTo("PAYMENT_TX_REVERTED");
    }

    @Test
    void shouldRefuseWhenNothingOrTheWrongPartyIsPaid() {
        assertThat(code(decide(List.of(), null, 1))).isEqualTo("PAYMENT_TX_NO_TRANSFER");
        assertThat(code(decide(List.of(transfer(PAYER, OTHER, TEN)), null, 1))).isEqualTo("PAYMENT_WRONG_RECIPIENT");
        assertThat(code(decide(List.of(transfer(OTHER, PAYOUT, TEN)), PAYER, 1)))
                .isEqualTo("PAYMENT_WRONG_SENDER");
    }

    @Test
    void shouldRefuseAShortTransferNamingBothAmounts() {
        var refused = (Refused) decide(List.of(transfer(PAYER, PAYOUT, TEN / 4)), PAYER, 1);
        assertThat(refused.code()).isEqualTo("PAYMENT_SHORT");
        assertThat(refused.message()).contains("expected 10 USDC, received 2.5 USDC");
    }

    @Test
    void shouldAskToConfirmAgainWhenShallowerThanTheDepth() {
        var refused = (Refused) decide(List.of(transfer(PAYER, PAYOUT, TEN)), PAYER, 3);
        assertThat(refused.code()).isEqualTo("PAYMENT_PENDING_CONFIRMATIONS");
        assertThat(refused.message()).contains("1 of 3 confirmations");
    }

    @Test
    void shouldRefuseTheVaultsChargeOrRefundWhateverItsTransfersCarry() {
        // Protects against a customer confirming a one-time payment with the hash of a subscription's charge.
        var refused = (Refused) TransferCheck.decide(new TransferFacts(
                TX,
                Mode.LIVE,
                true,
                true,
                true,
                List.of(transfer(PAYER, PAYOUT, TEN)),
                5,
                MINED,
                5,
                1,
                PAYOUT,
                PAYER,
                TEN,
                MINED,
                6));
        assertThat(refused.code()).isEqualTo("PAYMENT_TX_ALREADY_USED");
        assertThat(refused.message()).contains(TX).contains("through the vault");
    }

    @Test
    void shouldRefuseInLiveModeATransferMinedBeforeThePaymentWasCreated() {
        // Protects against a live confirm paying with an older transfer made for something else.
        var refused = (Refused) decideCreated(Mode.LIVE, MINED.plusSeconds(1));
        assertThat(refused.code()).isEqualTo("PAYMENT_TX_TOO_OLD");
        assertThat(refused.message()).contains(TX).contains("2026-05-01T09:00:01Z");
    }

    @Test
    void shouldVerifyATransferMinedInTheSecondThePaymentWasCreatedOrLater() {
        assertThat(decideCreated(Mode.LIVE, MINED.plusMillis(999))).isInstanceOf(Verified.class);
        assertThat(decideCreated(Mode.LIVE, MINED.minusSeconds(60))).isInstanceOf(Verified.class);
    }

    @Test
    void shouldVerifyAnOlderTransferInTestModeOrWhenTheCreationIsNotKnown() {
        // A test clock may stamp a test payment's creation days ahead of the chain's own clock.
        assertThat(decideCreated(Mode.TEST, MINED.plus(java.time.Duration.ofDays(3))))
                .isInstanceOf(Verified.class);
        assertThat(decideCreated(Mode.LIVE, null)).isInstanceOf(Verified.class);
    }

    @Test
    void shouldCountAnEighteenDecimalTokenInMicroUsdcRoundedDown() {
        var facts = new TransferFacts(
                TX,
                Mode.LIVE,
                true,
                true,
                false,
                List.of(new TokenTransfer(
                        PAYER,
                        PAYOUT,
                        BigInteger.TEN.pow(12).multiply(BigInteger.valueOf(TEN)).add(BigInteger.ONE))),
                5,
                MINED,
                5,
                1,
                PAYOUT,
                null,
                TEN,
                null,
                18);
        assertThat(TransferCheck.decide(facts)).isEqualTo(new Verified(TX, TEN, PAYER));
    }

    private static RelayOutcome decide(List<TokenTransfer> transfers, @Nullable String wallet, int depth) {
        return TransferCheck.decide(new TransferFacts(
                TX, Mode.LIVE, true, true, false, transfers, 5, MINED, 5, depth, PAYOUT, wallet, TEN, MINED, 6));
    }

    /** A transfer of the amount, deep enough, of a payment of {@code mode} created at {@code createdAt}. */
    private static RelayOutcome decideCreated(Mode mode, @Nullable Instant createdAt) {
        return TransferCheck.decide(new TransferFacts(
                TX,
                mode,
                true,
                true,
                false,
                List.of(transfer(PAYER, PAYOUT, TEN)),
                5,
                MINED,
                5,
                1,
                PAYOUT,
                PAYER,
                TEN,
                createdAt,
                6));
    }

    private static String code(RelayOutcome outcome) {
        return ((Refused) outcome).code();
    }

    private static String code(TransferFacts facts) {
        return code(TransferCheck.decide(facts));
    }

    private static TokenTransfer transfer(String from, String to, long micros) {
        return new TokenTransfer(from, to, BigInteger.valueOf(micros));
    }
}
