package io.abk.billing.chain.domain.autosettle;

import io.abk.billing.chain.domain.verification.TransferAge;
import io.abk.billing.contracts.AuthorizationNonce;
import java.util.Collection;
import java.util.Comparator;

/**
 * Which open payment a confirmed transfer to a payout address pays without a confirm
 * (docs/architecture.md, "The chain path"). A transfer made by an EIP-3009 authorization pays the one payment its
 * nonce names, or none. For a plain transfer a payment qualifies when the transfer carries at least its amount, comes
 * from its customer's wallet when that is known, and is not older than the payment ({@link TransferAge}, live mode).
 * Exactly one qualifying payment is paid; two or more are ambiguous and none is paid, because guessing could pay the
 * wrong order and leave the right one open; the customer's confirm with the hash settles it.
 *
 * <p>The age rule is a second fence here: the indexer publishes a transfer once, in chain order, so a transfer mined
 * before the payment existed was matched (or not) before the payment entered the index.
 */
public final class PaymentMatcher {

    private PaymentMatcher() {}

    public static PaymentMatch match(SeenTransfer transfer, Collection<OpenPayment> candidates) {
        var nonce = transfer.authorizationNonce();
        var qualifying = candidates.stream()
                .filter(payment -> nonce == null ? qualifies(transfer, payment) : named(transfer, nonce, payment))
                .sorted(Comparator.comparing(OpenPayment::paymentId))
                .toList();
        return switch (qualifying.size()) {
            case 0 -> new PaymentMatch.None();
            case 1 -> new PaymentMatch.Pays(qualifying.getFirst());
            default ->
                new PaymentMatch.Ambiguous(
                        qualifying.stream().map(OpenPayment::paymentId).toList());
        };
    }

    /**
     * A transfer an EIP-3009 authorization moved pays only the payment its nonce names ({@code keccak256(paymentId)},
     * the nonce the checkout has the customer sign), when it went to that payment's payout address and carried at
     * least its amount; never another payment, however well amount and sender would fit.
     */
    static boolean named(SeenTransfer transfer, String nonce, OpenPayment payment) {
        return payment.mode() == transfer.mode()
                && payment.payoutAddress().equals(transfer.to())
                && transfer.amountMicros() >= payment.amountMicros()
                && AuthorizationNonce.of(payment.paymentId()).equalsIgnoreCase(nonce);
    }

    static boolean qualifies(SeenTransfer transfer, OpenPayment payment) {
        return payment.mode() == transfer.mode()
                && payment.payoutAddress().equals(transfer.to())
                && transfer.amountMicros() >= payment.amountMicros()
                && (payment.customerWallet() == null || payment.customerWallet().equals(transfer.from()))
                && !TransferAge.tooOld(transfer.mode(), transfer.blockTimestamp(), payment.createdAt());
    }
}
