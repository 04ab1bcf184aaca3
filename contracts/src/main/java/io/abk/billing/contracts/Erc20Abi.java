package io.abk.billing.contracts;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.generated.Uint256;

/**
 * Calldata and decoders for the ERC-20 calls the platform makes (USDC, USDT, the test token). Addresses any case in,
 * lower case out; amounts in the token's base units.
 */
public final class Erc20Abi {

    public static final String TRANSFER_TOPIC = Abi.topic("Transfer(address,address,uint256)");
    public static final String APPROVAL_TOPIC = Abi.topic("Approval(address,address,uint256)");

    /** An allowance the test token (like most ERC-20s) never decrements. */
    public static final BigInteger UNLIMITED = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);

    private Erc20Abi() {}

    public static String transfer(String to, BigInteger amount) {
        Abi.requireUnsigned(amount, "amount");
        return Abi.call("transfer", Abi.address(to, "to"), new Uint256(amount));
    }

    public static String transferFrom(String from, String to, BigInteger amount) {
        Abi.requireUnsigned(amount, "amount");
        return Abi.call("transferFrom", Abi.address(from, "from"), Abi.address(to, "to"), new Uint256(amount));
    }

    public static String approve(String spender, BigInteger amount) {
        Abi.requireUnsigned(amount, "amount");
        return Abi.call("approve", Abi.address(spender, "spender"), new Uint256(amount));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeUint256}. */
    public static String balanceOf(String owner) {
        return Abi.call("balanceOf", Abi.address(owner, "owner"));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeUint256}. */
    public static String allowance(String owner, String spender) {
        return Abi.call("allowance", Abi.address(owner, "owner"), Abi.address(spender, "spender"));
    }

    /** The test token's open mint (TestUSDC only; real tokens have no such function). */
    public static String mint(String to, BigInteger amount) {
        Abi.requireUnsigned(amount, "amount");
        return Abi.call("mint", Abi.address(to, "to"), new Uint256(amount));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeDecimals}. */
    public static String decimals() {
        return Abi.call("decimals");
    }

    public static BigInteger decodeUint256(String returnData) {
        return Abi.uint(returnData);
    }

    public static int decodeDecimals(String returnData) {
        return Abi.uint(returnData).intValueExact();
    }

    /** The boolean of {@code transfer}, {@code transferFrom} or {@code approve}; an empty result (USDT) is true. */
    public static boolean decodeBool(String returnData) {
        if (returnData.equals("0x") || returnData.isEmpty()) {
            return true;
        }
        return (Boolean) Abi.decode(returnData, Bool.class).getFirst().getValue();
    }

    /**
     * The transfer in a log, or empty when the log is not a standard {@code Transfer} (topic0 differs, or the
     * addresses are not both indexed). The caller checks that the log came from the token's address.
     */
    public static Optional<TokenTransfer> decodeTransfer(List<String> topics, String data) {
        if (topics.size() != 3 || !topics.getFirst().toLowerCase(Locale.ROOT).equals(TRANSFER_TOPIC)) {
            return Optional.empty();
        }
        return Optional.of(new TokenTransfer(
                VaultEventDecoder.address(topics, 1), VaultEventDecoder.address(topics, 2), Abi.uint(data)));
    }
}
