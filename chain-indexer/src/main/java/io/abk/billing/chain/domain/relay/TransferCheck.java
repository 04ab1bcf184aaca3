package io.abk.billing.chain.domain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome.Refused;
import io.abk.billing.chain.domain.relay.RelayOutcome.Verified;
import io.abk.billing.chain.domain.verification.TransferAge;
import io.abk.billing.chain.domain.verification.VerificationFailure;
import io.abk.billing.contracts.TokenTransfer;
import io.abk.billing.schemas.money.UsdcAmount;
import java.math.BigInteger;
import java.util.List;

/**
 * Decides whether a transaction pays a payment, in this order: it must exist on the canonical chain
 * ({@code PAYMENT_TX_NOT_FOUND}), have succeeded ({@code PAYMENT_TX_REVERTED}), not be the vault's charge or refund
 * ({@code PAYMENT_TX_ALREADY_USED}: it moved a subscription's money, by its source, whatever its claim says), move
 * the configured token
 * ({@code PAYMENT_TX_NO_TRANSFER}) to the payout address ({@code PAYMENT_WRONG_RECIPIENT}), from the customer's
 * wallet when the payment knows it ({@code PAYMENT_WRONG_SENDER}), at least the amount in total
 * ({@code PAYMENT_SHORT}; several transfers to the payout address in one transaction add up), not be older than the
 * payment in live mode ({@code PAYMENT_TX_TOO_OLD}, {@link TransferAge}), and be as deep as the chain's confirmation
 * depth ({@code PAYMENT_PENDING_CONFIRMATIONS}, worth confirming again shortly).
 * Overpayment is accepted and reported as received. Addresses compare case-insensitively.
 */
public final class TransferCheck {

    private TransferCheck() {}

    public static RelayOutcome decide(TransferFacts facts) {
        var transaction = "Transaction " + facts.txHash();
        if (!facts.found()) {
            return Refused.of(VerificationFailure.PAYMENT_TX_NOT_FOUND, transaction + " was not found");
        }
        if (!facts.succeeded()) {
            return Refused.of(VerificationFailure.PAYMENT_TX_REVERTED, transaction + " reverted");
        }
        if (facts.viaVault()) {
            return Refused.of(
                    VerificationFailure.PAYMENT_TX_ALREADY_USED,
                    transaction + " is a subscription's charge or refund through the vault; it pays no payment");
        }
        if (facts.transfers().isEmpty()) {
            return Refused.of(VerificationFailure.PAYMENT_TX_NO_TRANSFER, transaction + " does not transfer USDC");
        }
        var toPayout = facts.transfers().stream()
                .filter(transfer -> transfer.to().equalsIgnoreCase(facts.payoutAddress()))
                .toList();
        if (toPayout.isEmpty()) {
            return Refused.of(
                    VerificationFailure.PAYMENT_WRONG_RECIPIENT,
                    transaction + " does not pay the merchant's payout address " + facts.payoutAddress());
        }
        var wallet = facts.walletAddress();
        var counted = wallet == null
                ? toPayout
                : toPayout.stream()
                        .filter(transfer -> transfer.from().equalsIgnoreCase(wallet))
                        .toList();
        if (counted.isEmpty()) {
            return Refused.of(
                    VerificationFailure.PAYMENT_WRONG_SENDER,
                    transaction + " does not come from the customer's wallet " + wallet);
        }
        var received = TokenUnits.toMicros(sum(counted), facts.decimals());
        if (received < facts.expectedMicros()) {
            return Refused.of(
                    VerificationFailure.PAYMENT_SHORT,
                    transaction + " pays less than the payment: expected " + UsdcAmount.ofMicros(facts.expectedMicros())
                            + ", received " + UsdcAmount.ofMicros(received));
        }
        var createdAt = facts.paymentCreatedAt();
        if (createdAt != null && TransferAge.tooOld(facts.mode(), facts.minedAt(), createdAt)) {
            return Refused.of(
                    VerificationFailure.PAYMENT_TX_TOO_OLD,
                    transaction + " was mined at " + facts.minedAt() + ", before the payment was created at "
                            + createdAt + "; it cannot pay this payment");
        }
        long confirmations = facts.head() - facts.blockNumber() + 1;
        if (confirmations < facts.requiredConfirmations()) {
            return Refused.of(
                    VerificationFailure.PAYMENT_PENDING_CONFIRMATIONS,
                    transaction + " has "
                            + Math.max(confirmations, 0) + " of " + facts.requiredConfirmations()
                            + " confirmations; confirm again shortly");
        }
        return new Verified(
                facts.txHash(),
                received,
                wallet == null ? counted.getFirst().from() : wallet.toLowerCase(java.util.Locale.ROOT));
    }

    private static BigInteger sum(List<TokenTransfer> transfers) {
        return transfers.stream().map(TokenTransfer::amount).reduce(BigInteger.ZERO, BigInteger::add);
    }
}
