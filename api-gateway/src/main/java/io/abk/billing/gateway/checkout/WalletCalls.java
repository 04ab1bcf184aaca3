package io.abk.billing.gateway.checkout;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.schemas.money.UsdcAmount;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The transactions a customer's wallet signs at checkout, built from the terms alone (no chain is read): for a
 * subscription, approve the vault on USDC then subscribe with the reference the service chose; for a payment, one
 * USDC transfer to the payout address. Amounts go from micro-USDC to token base units exactly.
 */
final class WalletCalls {

    /**
     * The allowance asked for a subscription, in periods of its amount: a year of a monthly plan (for a yearly plan,
     * twelve years). The vault's own rules already bound every charge to the amount and to one per started period, so
     * the allowance is a second fence, not the first: it bounds what the vault could ever take if its rules failed.
     * When it runs down, the charge fails {@code ALLOWANCE_TOO_LOW} and the customer approves again. ERC-20
     * {@code approve} sets rather than adds: a customer with another subscription on the same vault and token shares
     * one allowance, which this call resets to this plan's cap.
     */
    static final int ALLOWANCE_PERIODS = 12;

    private WalletCalls() {}

    /**
     * What a subscription's wallet calls are made of; the amount is per period, in micro-USDC, and {@code upTo} when
     * it is a cap (a subscription with a metered item) rather than the amount of every charge.
     */
    record SubscribeTerms(
            String subscriptionId,
            long amountMicros,
            String interval,
            Instant anchor,
            String payoutAddress,
            @Nullable String merchantDisplayName,
            boolean upTo) {

        SubscribeTerms(
                String subscriptionId,
                long amountMicros,
                String interval,
                Instant anchor,
                String payoutAddress,
                @Nullable String merchantDisplayName) {
            this(subscriptionId, amountMicros, interval, anchor, payoutAddress, merchantDisplayName, false);
        }
    }

    /** The chain's side: the token and its decimals, and the vault (null when none is deployed). */
    record Contracts(
            String usdcAddress, int usdcDecimals, @Nullable String vaultAddress) {}

    /**
     * Approve, then subscribe with {@code firstChargeAt} = the anchor (whole seconds, rounded down: the chain counts
     * seconds, and a period that starts a fraction early is already started when the first invoice is charged). None
     * without a vault.
     */
    static List<WalletCall> subscribe(SubscribeTerms terms, Contracts chain) {
        if (chain.vaultAddress() == null) {
            return List.of();
        }
        var amount = baseUnits(terms.amountMicros(), chain.usdcDecimals());
        var cap = baseUnits(Math.multiplyExact(terms.amountMicros(), ALLOWANCE_PERIODS), chain.usdcDecimals());
        var merchant = terms.merchantDisplayName() != null ? terms.merchantDisplayName() : terms.payoutAddress();
        return List.of(
                WalletCall.of(
                        chain.usdcAddress(),
                        Erc20Abi.approve(chain.vaultAddress(), cap),
                        "Allow the subscription vault to collect up to " + usdc(cap, chain.usdcDecimals()) + " USDC"),
                WalletCall.of(
                        chain.vaultAddress(),
                        SubscriptionVaultAbi.subscribe(
                                SubscriptionRef.of(terms.subscriptionId()),
                                terms.payoutAddress(),
                                chain.usdcAddress(),
                                amount,
                                periodMonths(terms.interval()),
                                terms.anchor().truncatedTo(ChronoUnit.SECONDS)),
                        "Subscribe: " + (terms.upTo() ? "up to " : "") + usdc(amount, chain.usdcDecimals())
                                + " USDC every " + terms.interval() + " to "
                                + merchant));
    }

    /** One USDC transfer of the payment's amount to the payout address. */
    static List<WalletCall> pay(
            long amountMicros, String payoutAddress, @Nullable String merchantDisplayName, Contracts chain) {
        var amount = baseUnits(amountMicros, chain.usdcDecimals());
        var merchant = merchantDisplayName != null ? merchantDisplayName : payoutAddress;
        return List.of(WalletCall.of(
                chain.usdcAddress(),
                Erc20Abi.transfer(payoutAddress, amount),
                "Pay " + usdc(amount, chain.usdcDecimals()) + " USDC to " + merchant));
    }

    /** The vault's period length: a calendar month or a calendar year (twelve months from the same anchor). */
    static int periodMonths(String interval) {
        return switch (interval) {
            case "month" -> 1;
            case "year" -> 12;
            default -> throw new IllegalArgumentException("no vault period for interval " + interval);
        };
    }

    /** Micro-USDC (6 decimals) in base units of a token with {@code decimals} (6 or more, so always exact). */
    static BigInteger baseUnits(long micros, int decimals) {
        return BigInteger.valueOf(micros).multiply(BigInteger.TEN.pow(decimals - 6));
    }

    /** Micro-USDC from the API's amount, an exact decimal as the read model parses it. */
    static long micros(BigDecimal amountUsdc) {
        return UsdcAmount.parsePositive(amountUsdc).micros();
    }

    private static String usdc(BigInteger baseUnits, int decimals) {
        return new BigDecimal(baseUnits, decimals).stripTrailingZeros().toPlainString();
    }
}
