package io.abk.billing.gateway.chain;

import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.schemas.money.UsdcAmount;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the chain says now of a mandate, in the token's base units: the allowance the customer's wallet gives the vault
 * on the token, the wallet's balance of it, and the vault's count of charges of the reference (null while the vault
 * has no subscription of that reference). {@link #calls} are the three {@code eth_call}s that read it and
 * {@link #decode} their answers.
 */
public record MandateReading(
        BigInteger allowance, BigInteger balance, @Nullable Long chargeCount) {

    /** One {@code eth_call}: the contract and the calldata. */
    public record Call(String to, String data) {}

    /** The answer to one call: its result ({@code 0x} hex), or the node's error. */
    public record Answer(@Nullable String result, @Nullable RpcErrorException error) {}

    /** {@code allowance(wallet, vault)} and {@code balanceOf(wallet)} on the token, {@code getSubscription(ref)}. */
    public static List<Call> calls(String token, String vault, String wallet, String ref) {
        return List.of(
                new Call(token, Erc20Abi.allowance(wallet, vault)),
                new Call(token, Erc20Abi.balanceOf(wallet)),
                new Call(vault, SubscriptionVaultAbi.getSubscription(ref)));
    }

    /**
     * The answers to {@link #calls}, in their order. The vault reverts {@code UnknownSubscription} for a reference it
     * does not hold: no charge count. Any other error is the chain's failure to answer.
     */
    public static MandateReading decode(List<Answer> answers) {
        var allowance = Erc20Abi.decodeUint256(result(answers.get(0)));
        var balance = Erc20Abi.decodeUint256(result(answers.get(1)));
        var vault = answers.get(2);
        if (vault.error() != null
                && SubscriptionVaultAbi.decodeError(vault.error().revertData())
                        instanceof VaultError.UnknownSubscription) {
            return new MandateReading(allowance, balance, null);
        }
        return new MandateReading(
                allowance,
                balance,
                SubscriptionVaultAbi.decodeSubscription(result(vault)).chargeCount());
    }

    /**
     * Base units of a token with {@code decimals} (6 or more) as USDC, rounded down to whole micro-USDC: what the
     * vault can take is never more than this, and amounts are written with 6 decimals at most. Exact, never through
     * {@code double}; not bounded by {@link UsdcAmount#MAX} (an unlimited allowance is 2^256 - 1 base units).
     */
    public static BigDecimal usdc(BigInteger baseUnits, int decimals) {
        var micros = baseUnits.divide(BigInteger.TEN.pow(decimals - UsdcAmount.DECIMALS));
        return new BigDecimal(micros, UsdcAmount.DECIMALS).stripTrailingZeros();
    }

    private static String result(Answer answer) {
        if (answer.error() != null) {
            throw answer.error();
        }
        if (answer.result() == null || answer.result().equals("0x")) {
            // An eth_call of an address without code answers 0x: not the token or vault the mode names.
            throw new RpcErrorException("eth_call", 0, "empty answer: no contract at the address", null);
        }
        return answer.result();
    }
}
