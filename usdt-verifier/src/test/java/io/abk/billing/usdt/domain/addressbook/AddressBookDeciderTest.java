package io.abk.billing.usdt.domain.addressbook;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.usdt.domain.addressbook.AddressBookCommand.Add;
import io.abk.billing.usdt.domain.addressbook.AddressBookCommand.Poll;
import io.abk.billing.usdt.domain.addressbook.AddressBookCommand.Remove;
import io.abk.billing.usdt.domain.match.MatchPolicy;
import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.match.ObservedTransfer;
import io.abk.billing.usdt.domain.match.TxEvidence;
import io.abk.billing.usdt.domain.match.TxObservation;
import io.abk.billing.usdt.domain.match.TxStatus;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AddressBookDeciderTest {

    private static final String PAY_TO = "0x00000000000000000000000000000000000000aa";
    private static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");
    private static final MatchPolicy POLICY = new MatchPolicy(2, new BigDecimal("1"));

    private static OpenIntent intent(String id, String amount, MatchStrategy strategy, Instant createdAt) {
        return new OpenIntent(
                id,
                UsdtAmount.parsePositive(new BigDecimal(amount)),
                strategy,
                createdAt,
                createdAt.plus(Duration.ofHours(1)));
    }

    private static TxObservation tx(String hash, long block, String micros, long confirmations, Instant blockTime) {
        return new TxObservation(
                hash,
                TxStatus.MINED,
                block,
                blockTime,
                confirmations,
                6,
                List.of(new ObservedTransfer(
                        0, "0x00000000000000000000000000000000000000cc", PAY_TO, new BigInteger(micros))));
    }

    private static String hash(int n) {
        return "0x" + String.format("%064x", n);
    }

    private static AddressBook book(OpenIntent... intents) {
        var book = AddressBook.empty(PAY_TO);
        for (var intent : intents) {
            book = AddressBookDecider.decide(book, new Add(PAY_TO, intent), POLICY)
                    .book();
        }
        return book;
    }

    private static List<PollMatch> poll(AddressBook book, Instant at, TxObservation... txs) {
        return AddressBookDecider.decide(book, new Poll(PAY_TO, "cmd_poll", at, List.of(txs), false), POLICY)
                .matches();
    }

    @Test
    void shouldGiveEachTransactionToTheOldestIntentItPaysWhenPolled() {
        var older = intent("pi_a", "10", MatchStrategy.EXACT, T0);
        var newer = intent("pi_b", "10", MatchStrategy.EXACT, T0.plusSeconds(10));
        var book = book(newer, older);

        var matches = poll(
                book,
                T0.plusSeconds(60),
                tx(hash(2), 11, "10000000", 5, T0.plusSeconds(30)),
                tx(hash(1), 10, "10000000", 6, T0.plusSeconds(20)));

        assertThat(matches)
                .extracting(PollMatch::intentId, m -> m.evidence().txHash(), PollMatch::commandId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("pi_a", hash(1), "cmd_poll:pi_a"),
                        org.assertj.core.groups.Tuple.tuple("pi_b", hash(2), "cmd_poll:pi_b"));
        assertThat(matches.getFirst().evidence()).isInstanceOf(TxEvidence.Observed.class);
    }

    @Test
    void shouldMatchEachIntentsOwnAmountAndStrategyWhenPolled() {
        var exact = intent("pi_a", "10", MatchStrategy.EXACT, T0);
        var minimum = intent("pi_b", "5", MatchStrategy.MINIMUM_AMOUNT, T0.plusSeconds(1));

        var matches = poll(book(exact, minimum), T0.plusSeconds(60), tx(hash(1), 10, "7000000", 5, T0.plusSeconds(20)));

        assertThat(matches).extracting(PollMatch::intentId).containsExactly("pi_b");
    }

    @Test
    void shouldSkipTransactionsWhenTheyAreShallowUsedOrOlderThanTheIntent() {
        var intent = intent("pi_a", "10", MatchStrategy.EXACT, T0);
        var book = AddressBookDecider.decide(
                        book(intent, intent("pi_gone", "10", MatchStrategy.EXACT, T0)),
                        new Remove(PAY_TO, "pi_gone", hash(3)),
                        POLICY)
                .book();

        var matches = poll(
                book,
                T0.plusSeconds(60),
                tx(hash(1), 10, "10000000", 1, T0.plusSeconds(20)),
                tx(hash(2), 9, "10000000", 9, T0.minus(Duration.ofHours(1))),
                tx(hash(3), 8, "10000000", 9, T0.plusSeconds(5)));

        assertThat(matches).isEmpty();
        assertThat(book.usedTxHashes()).containsExactly(hash(3));
        assertThat(book.openIntents()).extracting(OpenIntent::intentId).containsExactly("pi_a");
    }

    @Test
    void shouldAllowTheBlockClockToLagAFewMinutesWhenComparingWithTheIntentsCreation() {
        var intent = intent("pi_a", "10", MatchStrategy.EXACT, T0);

        var matches = poll(book(intent), T0.plusSeconds(60), tx(hash(1), 10, "10000000", 5, T0.minusSeconds(90)));

        assertThat(matches).extracting(PollMatch::intentId).containsExactly("pi_a");
    }

    @Test
    void shouldLeaveOutExpiredIntentsWhenPolled() {
        var intent = intent("pi_a", "10", MatchStrategy.EXACT, T0);

        var matches = poll(book(intent), T0.plus(Duration.ofHours(1)), tx(hash(1), 10, "10000000", 5, T0));

        assertThat(matches).isEmpty();
    }

    @Test
    void shouldPayEveryOpenIntentWithItsOwnHashWhenPolledInTheSandbox() {
        var book = book(intent("pi_a", "10", MatchStrategy.EXACT, T0), intent("pi_b", "3", MatchStrategy.EXACT, T0));

        var first = AddressBookDecider.decide(book, new Poll(PAY_TO, "cmd_1", T0, List.of(), true), POLICY)
                .matches();
        var again = AddressBookDecider.decide(book, new Poll(PAY_TO, "cmd_2", T0, List.of(), true), POLICY)
                .matches();

        assertThat(first).extracting(PollMatch::intentId).containsExactly("pi_a", "pi_b");
        assertThat(first)
                .extracting(m -> m.evidence().txHash())
                .doesNotHaveDuplicates()
                .isEqualTo(again.stream().map(m -> m.evidence().txHash()).toList());
    }

    @Test
    void shouldKeepTheLatestUsedHashesOnlyWhenManyIntentsWereConfirmed() {
        var book = AddressBook.empty(PAY_TO);
        for (int i = 0; i < AddressBook.USED_HASHES_KEPT + 5; i++) {
            book = AddressBookDecider.decide(book, new Remove(PAY_TO, "pi_" + i, hash(i)), POLICY)
                    .book();
        }

        assertThat(book.usedTxHashes())
                .hasSize(AddressBook.USED_HASHES_KEPT)
                .doesNotContain(hash(4))
                .contains(hash(5), hash(AddressBook.USED_HASHES_KEPT + 4));
    }

    @Test
    void shouldOfferTheNextTransactionToTheNextIntentWhileTheFirstHasNotAnswered() {
        // Protects against two payments of one amount, polled one after the other before the first intent's answer
        // came back (the indexer publishes each on its own), both going to the older intent and none to the newer.
        var book = book(
                intent("pi_a", "10", MatchStrategy.EXACT, T0),
                intent("pi_b", "10", MatchStrategy.EXACT, T0.plusSeconds(1)));
        var first = AddressBookDecider.decide(book, pollOf("cmd_1", tx(hash(1), 10, "10000000", 5, T0)), POLICY);

        var second =
                AddressBookDecider.decide(first.book(), pollOf("cmd_2", tx(hash(2), 11, "10000000", 5, T0)), POLICY);

        assertThat(first.matches()).extracting(PollMatch::intentId).containsExactly("pi_a");
        assertThat(second.matches())
                .extracting(PollMatch::intentId, m -> m.evidence().txHash())
                .containsExactly(org.assertj.core.groups.Tuple.tuple("pi_b", hash(2)));
        assertThat(second.book().offers()).containsExactly(new TxOffer("pi_a", hash(1)), new TxOffer("pi_b", hash(2)));
    }

    @Test
    void shouldAskTheSameIntentAgainWhenAnOfferedTransactionIsPolledAgain() {
        // A poll and the indexer see one transfer: the second asks the intent the first asked, which answers once.
        var book = book(
                intent("pi_a", "10", MatchStrategy.EXACT, T0),
                intent("pi_b", "10", MatchStrategy.EXACT, T0.plusSeconds(1)));
        var first = AddressBookDecider.decide(book, pollOf("cmd_1", tx(hash(1), 10, "10000000", 5, T0)), POLICY);

        var again =
                AddressBookDecider.decide(first.book(), pollOf("cmd_2", tx(hash(1), 10, "10000000", 7, T0)), POLICY);

        assertThat(again.matches())
                .extracting(PollMatch::intentId, PollMatch::commandId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("pi_a", "cmd_2:pi_a"));
        assertThat(again.book().offers()).containsExactly(new TxOffer("pi_a", hash(1)));
    }

    @Test
    void shouldEndTheOfferWhenTheIntentIsConfirmedOrReopened() {
        var book = book(intent("pi_a", "10", MatchStrategy.EXACT, T0));
        var offered = AddressBookDecider.decide(book, pollOf("cmd_1", tx(hash(1), 10, "10000000", 5, T0)), POLICY)
                .book();

        var confirmed = AddressBookDecider.decide(offered, new Remove(PAY_TO, "pi_a", hash(1)), POLICY)
                .book();
        var reopened = AddressBookDecider.decide(
                        offered, new Add(PAY_TO, intent("pi_a", "10", MatchStrategy.EXACT, T0)), POLICY)
                .book();

        assertThat(confirmed.offers()).isEmpty();
        assertThat(confirmed.usedTxHashes()).containsExactly(hash(1));
        assertThat(reopened.offers()).isEmpty();
        assertThat(reopened.usedTxHashes()).isEmpty();
        assertThat(poll(reopened, T0.plusSeconds(60), tx(hash(2), 11, "10000000", 5, T0)))
                .extracting(PollMatch::intentId)
                .containsExactly("pi_a");
    }

    private static Poll pollOf(String commandId, TxObservation... txs) {
        return new Poll(PAY_TO, commandId, T0.plusSeconds(60), List.of(txs), false);
    }
}
