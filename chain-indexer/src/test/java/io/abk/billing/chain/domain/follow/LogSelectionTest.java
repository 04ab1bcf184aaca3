package io.abk.billing.chain.domain.follow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.chain.domain.follow.SelectedLog.TokenTransferLog;
import io.abk.billing.chain.domain.follow.SelectedLog.VaultLog;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LogSelectionTest {

    private static final String USDC = "0x" + "u".replace('u', 'a').repeat(40);
    private static final String VAULT = "0x" + "b".repeat(40);
    private static final String OTHER_TOKEN = "0x" + "c".repeat(40);
    private static final String WATCHED = "0x" + "1".repeat(40);
    private static final String STRANGER = "0x" + "2".repeat(40);
    private static final String ANOTHER = "0x" + "3".repeat(40);
    private static final String USDT = "0x" + "d".repeat(40);
    private static final String PAY_TO = "0x" + "4".repeat(40);
    private static final EventTopics TOPICS =
            new EventTopics(topic('1'), topic('2'), topic('3'), topic('4'), topic('5'), topic('6'));
    private static final LogSelection SELECTION = new LogSelection(
            List.of(new FollowedToken("USDC", USDC.toUpperCase().replace("0X", "0x"), 6)), VAULT, TOPICS);
    private static final LogSelection WITH_USDT = new LogSelection(
            List.of(new FollowedToken("USDC", USDC, 6)), new FollowedToken("USDT", USDT, 6), VAULT, TOPICS);

    static Stream<Arguments> logs() {
        return Stream.of(
                Arguments.of("transfer to a watched address", transfer(USDC, STRANGER, WATCHED), "token"),
                Arguments.of("transfer from a watched address", transfer(USDC, WATCHED, STRANGER), "token"),
                Arguments.of("transfer between unwatched addresses", transfer(USDC, STRANGER, ANOTHER), "none"),
                Arguments.of("transfer of an unfollowed token", transfer(OTHER_TOKEN, STRANGER, WATCHED), "none"),
                Arguments.of(
                        "approval of the followed token",
                        log(USDC, List.of(topic('9'), pad(WATCHED), pad(STRANGER))),
                        "none"),
                Arguments.of(
                        "ERC-721 shaped transfer",
                        log(USDC, List.of(TOPICS.transfer(), pad(STRANGER), pad(WATCHED), topic('7'))),
                        "none"),
                Arguments.of("vault Subscribed", log(VAULT, List.of(TOPICS.subscribed(), topic('a'))), "SUBSCRIBED"),
                Arguments.of("vault Charged", log(VAULT, List.of(TOPICS.charged(), topic('a'))), "CHARGED"),
                Arguments.of("vault Canceled", log(VAULT, List.of(TOPICS.canceled(), topic('a'))), "CANCELED"),
                Arguments.of("vault Refunded", log(VAULT, List.of(TOPICS.refunded(), topic('a'))), "REFUNDED"),
                Arguments.of("unknown vault event", log(VAULT, List.of(topic('8'))), "none"));
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("logs")
    void shouldPublishWatchedTransfersAndVaultEventsOnly(String name, ChainLog log, String expected) {
        Optional<SelectedLog> selected = SELECTION.select(log, Set.of(WATCHED)::contains);

        var kind = selected.map(s -> switch (s) {
                    case TokenTransferLog token -> "token";
                    case VaultLog vault -> vault.kind().name();
                })
                .orElse("none");
        assertThat(kind).isEqualTo(expected);
    }

    @Test
    void shouldDecodeTheTransferPartiesFromTheTopics() {
        var selected = SELECTION
                .select(transfer(USDC, STRANGER, WATCHED), Set.of(WATCHED)::contains)
                .orElseThrow();

        assertThat(selected).isInstanceOfSatisfying(TokenTransferLog.class, token -> {
            assertThat(token.from()).isEqualTo(STRANGER);
            assertThat(token.to()).isEqualTo(WATCHED);
            assertThat(token.token().symbol()).isEqualTo("USDC");
        });
    }

    @Test
    void shouldAskTheNodeForTheFollowedContractsAndTheirEventsOnly() {
        assertThat(SELECTION.addresses()).containsExactly(USDC, VAULT);
        assertThat(SELECTION.topic0s())
                .containsExactly(
                        TOPICS.transfer(),
                        TOPICS.authorizationUsed(),
                        TOPICS.subscribed(),
                        TOPICS.charged(),
                        TOPICS.canceled(),
                        TOPICS.refunded());
        var tokensOnly = new LogSelection(List.of(new FollowedToken("USDC", USDC, 6)), null, TOPICS);
        assertThat(tokensOnly.topic0s()).containsExactly(TOPICS.transfer(), TOPICS.authorizationUsed());
        assertThat(tokensOnly.select(log(VAULT, List.of(TOPICS.charged())), a -> true))
                .isEmpty();
    }

    @Test
    void shouldMarkTheTransfersOfAVaultChargeOrRefundByTheirTransaction() {
        // Protects against a subscription's charge paying a one-time payment of the same customer and payout address:
        // the vault's transfer is told apart by its transaction, whatever claims its hash first downstream.
        var charge = topic('a');
        var payment = topic('b');
        var refund = topic('c');
        var subscribe = topic('d');
        var answer = List.of(
                inTx(transfer(USDC, STRANGER, WATCHED), charge, 0),
                inTx(log(VAULT, List.of(TOPICS.charged(), topic('1'))), charge, 1),
                inTx(transfer(USDC, STRANGER, WATCHED), payment, 2),
                inTx(log(VAULT, List.of(TOPICS.refunded(), topic('1'))), refund, 3),
                inTx(transfer(USDC, WATCHED, STRANGER), refund, 4),
                inTx(log(VAULT, List.of(TOPICS.subscribed(), topic('1'))), subscribe, 5),
                inTx(transfer(USDC, STRANGER, WATCHED), subscribe, 6));

        var selected = SELECTION.selectAll(answer, Set.of(WATCHED)::contains, address -> false);

        assertThat(selected)
                .extracting(SelectedLog::log)
                .as("every log is still published, in the answer's order")
                .containsExactlyElementsOf(answer);
        assertThat(selected.stream()
                        .filter(TokenTransferLog.class::isInstance)
                        .map(TokenTransferLog.class::cast)
                        .map(token -> token.log().txHash() + "=" + token.viaVault())
                        .toList())
                .containsExactly(charge + "=true", payment + "=false", refund + "=true", subscribe + "=false");
    }

    @Test
    void shouldTagATransferWithTheNonceOfItsSendersAuthorizationInTheSameTransaction() {
        // Protects against a payment matched by amount and sender when the customer's signature names it exactly, and
        // against one transaction's authorization naming another transaction's transfer or another sender's.
        var signed = topic('a');
        var plain = topic('b');
        var relayedForTwo = topic('c');
        var nonce = topic('7');
        var otherNonce = topic('8');
        var thirdNonce = topic('9');
        var answer = List.of(
                inTx(authorizationUsed(USDC, STRANGER, nonce), signed, 0),
                inTx(transfer(USDC, STRANGER, WATCHED), signed, 1),
                inTx(transfer(USDC, STRANGER, WATCHED), plain, 0),
                inTx(authorizationUsed(USDC, ANOTHER, otherNonce), relayedForTwo, 0),
                inTx(transfer(USDC, ANOTHER, WATCHED), relayedForTwo, 1),
                inTx(authorizationUsed(USDC, ANOTHER, thirdNonce), relayedForTwo, 2),
                inTx(transfer(USDC, ANOTHER, WATCHED), relayedForTwo, 3),
                inTx(authorizationUsed(OTHER_TOKEN, STRANGER, topic('5')), plain, 1),
                inTx(transfer(USDC, WATCHED, STRANGER), relayedForTwo, 4));

        var selected = SELECTION.selectAll(answer, Set.of(WATCHED)::contains, address -> false);

        assertThat(selected)
                .as("AuthorizationUsed itself is never published")
                .allSatisfy(log -> assertThat(log).isInstanceOf(TokenTransferLog.class))
                .extracting(log -> ((TokenTransferLog) log).authorizationNonce())
                .containsExactly(nonce, null, otherNonce, thirdNonce, null);
    }

    @Test
    void shouldLeaveAUsdtTransferUntaggedWhateverItsTransactionCarries() {
        var tx = topic('a');
        var answer = List.of(
                inTx(authorizationUsed(USDT, STRANGER, topic('7')), tx, 0),
                inTx(transfer(USDT, STRANGER, PAY_TO), tx, 1));

        var selected = WITH_USDT.selectAll(answer, Set.of(WATCHED)::contains, Set.of(PAY_TO)::contains);

        assertThat(selected)
                .singleElement()
                .satisfies(log -> assertThat(((TokenTransferLog) log).authorizationNonce())
                        .isNull());
    }

    static Stream<Arguments> usdtLogs() {
        return Stream.of(
                Arguments.of("USDT to a USDT pay-to address", transfer(USDT, STRANGER, PAY_TO), "USDT"),
                Arguments.of("USDT from a USDT pay-to address", transfer(USDT, PAY_TO, STRANGER), "none"),
                Arguments.of("USDT to a USDC payout address", transfer(USDT, STRANGER, WATCHED), "none"),
                Arguments.of("USDT from a USDC payout address", transfer(USDT, WATCHED, STRANGER), "none"),
                Arguments.of("USDC to a USDT pay-to address", transfer(USDC, STRANGER, PAY_TO), "none"),
                Arguments.of("USDC to a USDC payout address", transfer(USDC, STRANGER, WATCHED), "USDC"),
                Arguments.of("USDT between unwatched addresses", transfer(USDT, STRANGER, ANOTHER), "none"));
    }

    @ParameterizedTest(name = "{0} -> {2}")
    @MethodSource("usdtLogs")
    void shouldPublishAUsdtTransferOnlyWhenItPaysAUsdtPayToAddress(String name, ChainLog log, String expected) {
        var selected = WITH_USDT.select(log, Set.of(WATCHED)::contains, Set.of(PAY_TO)::contains);

        var symbol = selected.map(
                        s -> s instanceof TokenTransferLog token ? token.token().symbol() : "vault")
                .orElse("none");
        assertThat(symbol).isEqualTo(expected);
    }

    @Test
    void shouldAskTheNodeForUsdtTooWhenItIsFollowed() {
        assertThat(WITH_USDT.addresses()).containsExactly(USDC, USDT, VAULT);
        assertThat(WITH_USDT.topic0s())
                .containsExactly(
                        TOPICS.transfer(),
                        TOPICS.authorizationUsed(),
                        TOPICS.subscribed(),
                        TOPICS.charged(),
                        TOPICS.canceled(),
                        TOPICS.refunded());
        var usdtOnly = new LogSelection(List.of(), new FollowedToken("USDT", USDT, 6), null, TOPICS);
        assertThat(usdtOnly.addresses()).containsExactly(USDT);
        assertThat(usdtOnly.topic0s()).containsExactly(TOPICS.transfer());
    }

    @Test
    void shouldRefuseUsdtAtTheAddressOfUsdcOrOfTheVault() {
        // Readers tell USDT from USDC by the log's contract: one contract under both names would pay USDC payments.
        assertThatThrownBy(() -> new LogSelection(
                        List.of(new FollowedToken("USDC", USDC, 6)),
                        new FollowedToken("USDT", USDC.toUpperCase().replace("0X", "0x"), 6),
                        VAULT,
                        TOPICS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("USDT address");
        assertThatThrownBy(() -> new LogSelection(
                        List.of(new FollowedToken("USDC", USDC, 6)),
                        new FollowedToken("USDT", VAULT, 6),
                        VAULT,
                        TOPICS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("USDT address");
    }

    @Test
    void shouldPublishNoUsdtWhenTheFollowerHasNoUsdt() {
        // Without USDT the USDT contract is an unfollowed token, whatever the pay-to list says.
        assertThat(SELECTION.select(
                        transfer(USDT, STRANGER, PAY_TO), Set.of(WATCHED)::contains, Set.of(PAY_TO)::contains))
                .isEmpty();
        assertThat(SELECTION.addresses()).doesNotContain(USDT);
    }

    private static ChainLog authorizationUsed(String token, String authorizer, String nonce) {
        return log(token, List.of(TOPICS.authorizationUsed(), pad(authorizer), nonce));
    }

    private static ChainLog transfer(String token, String from, String to) {
        return log(token, List.of(TOPICS.transfer(), pad(from), pad(to)));
    }

    /** {@code log} as log {@code logIndex} of transaction {@code txHash} (of the same block). */
    private static ChainLog inTx(ChainLog log, String txHash, int logIndex) {
        return new ChainLog(
                log.address(), log.topics(), log.data(), log.blockNumber(), log.blockHash(), txHash, logIndex);
    }

    private static ChainLog log(String address, List<String> topics) {
        return new ChainLog(address, topics, "0x" + "0".repeat(64), 7, topic('e'), topic('f'), 0);
    }

    private static String pad(String address) {
        return "0x" + "0".repeat(24) + address.substring(2);
    }

    private static String topic(char c) {
        return "0x" + String.valueOf(c).repeat(64);
    }
}
