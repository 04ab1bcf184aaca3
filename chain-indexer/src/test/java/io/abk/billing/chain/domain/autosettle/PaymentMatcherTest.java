package io.abk.billing.chain.domain.autosettle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.schemas.mode.Mode;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PaymentMatcherTest {

    private static final String PAYOUT = "0xpayout";
    private static final String WALLET = "0xwallet";
    private static final Instant CREATED = Instant.parse("2026-05-01T09:00:00Z");
    private static final long TEN = 10_000_000;

    static Stream<Arguments> matches() {
        var open = payment("pay_a", Mode.LIVE, TEN, WALLET);
        var anySender = payment("pay_b", Mode.LIVE, TEN, null);
        return Stream.of(
                arguments(
                        "pays the one payment it fits",
                        transfer(Mode.LIVE, WALLET, TEN, CREATED),
                        List.of(open),
                        new PaymentMatch.Pays(open)),
                arguments(
                        "an overpayment pays too",
                        transfer(Mode.LIVE, WALLET, TEN + 1, CREATED),
                        List.of(open),
                        new PaymentMatch.Pays(open)),
                arguments(
                        "a short transfer pays nothing",
                        transfer(Mode.LIVE, WALLET, TEN - 1, CREATED),
                        List.of(open),
                        new PaymentMatch.None()),
                arguments(
                        "another sender pays nothing",
                        transfer(Mode.LIVE, "0xother", TEN, CREATED),
                        List.of(open),
                        new PaymentMatch.None()),
                arguments(
                        "any sender pays a wallet-less payment",
                        transfer(Mode.LIVE, "0xother", TEN, CREATED),
                        List.of(anySender),
                        new PaymentMatch.Pays(anySender)),
                arguments(
                        "live: mined before creation pays nothing",
                        transfer(Mode.LIVE, WALLET, TEN, CREATED.minusSeconds(1)),
                        List.of(open),
                        new PaymentMatch.None()),
                arguments(
                        "live: mined in the second the payment was created pays (a block's time has whole seconds)",
                        transfer(Mode.LIVE, WALLET, TEN, CREATED),
                        List.of(createdAt(open, CREATED.plusMillis(700))),
                        new PaymentMatch.Pays(createdAt(open, CREATED.plusMillis(700)))),
                arguments(
                        "test: a test clock ahead of the chain still matches",
                        transfer(Mode.TEST, WALLET, TEN, CREATED.minusSeconds(3600)),
                        List.of(payment("pay_t", Mode.TEST, TEN, WALLET)),
                        new PaymentMatch.Pays(payment("pay_t", Mode.TEST, TEN, WALLET))),
                arguments(
                        "another mode pays nothing",
                        transfer(Mode.TEST, WALLET, TEN, CREATED),
                        List.of(open),
                        new PaymentMatch.None()),
                arguments(
                        "two that fit are ambiguous",
                        transfer(Mode.LIVE, WALLET, TEN, CREATED),
                        List.of(anySender, open),
                        new PaymentMatch.Ambiguous(List.of("pay_a", "pay_b"))),
                arguments(
                        "an authorization's nonce picks its payment among two that fit",
                        signed(transfer(Mode.LIVE, WALLET, TEN, CREATED), "pay_b"),
                        List.of(anySender, open),
                        new PaymentMatch.Pays(anySender)),
                arguments(
                        "an authorization for no open payment pays none, not even one that fits",
                        signed(transfer(Mode.LIVE, WALLET, TEN, CREATED), "pay_z"),
                        List.of(open),
                        new PaymentMatch.None()),
                arguments(
                        "an authorization short of its payment's amount pays nothing",
                        signed(transfer(Mode.LIVE, WALLET, TEN - 1, CREATED), "pay_a"),
                        List.of(open),
                        new PaymentMatch.None()),
                arguments(
                        "an authorization pays its payment whatever sender the payment expected",
                        signed(transfer(Mode.LIVE, "0xother", TEN, CREATED), "pay_a"),
                        List.of(open),
                        new PaymentMatch.Pays(open)),
                arguments(
                        "an authorization of another mode pays nothing",
                        signed(transfer(Mode.TEST, WALLET, TEN, CREATED), "pay_a"),
                        List.of(open),
                        new PaymentMatch.None()),
                arguments(
                        "nothing open, nothing paid",
                        transfer(Mode.LIVE, WALLET, TEN, CREATED),
                        List.of(),
                        new PaymentMatch.None()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matches")
    void shouldMatchAsTheTableSaysWhenGivenATransferAndTheOpenPayments(
            String behaviour, SeenTransfer transfer, List<OpenPayment> candidates, PaymentMatch expected) {
        assertThat(PaymentMatcher.match(transfer, candidates)).isEqualTo(expected);
    }

    private static OpenPayment payment(String id, Mode mode, long micros, @Nullable String wallet) {
        return new OpenPayment(id, "mer_1", mode, PAYOUT, micros, wallet, CREATED);
    }

    private static OpenPayment createdAt(OpenPayment payment, Instant createdAt) {
        return new OpenPayment(
                payment.paymentId(),
                payment.merchantId(),
                payment.mode(),
                payment.payoutAddress(),
                payment.amountMicros(),
                payment.customerWallet(),
                createdAt);
    }

    /** {@code transfer} as an EIP-3009 authorization for {@code paymentId} moved it. */
    private static SeenTransfer signed(SeenTransfer transfer, String paymentId) {
        return new SeenTransfer(
                transfer.transferId(),
                transfer.mode(),
                transfer.txHash(),
                transfer.from(),
                transfer.to(),
                transfer.amountMicros(),
                transfer.blockTimestamp(),
                AuthorizationNonce.of(paymentId));
    }

    private static SeenTransfer transfer(Mode mode, String from, long micros, Instant at) {
        return new SeenTransfer("1:0xtx:0", mode, "0xtx", from, PAYOUT, micros, at);
    }
}
