package io.abk.billing.contracts;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint8;

/**
 * Calldata and decoders for the signature interfaces of FiatToken v2 (USDC) and the test token: EIP-2612
 * ({@code permit}, {@code nonces}), EIP-3009 ({@code transferWithAuthorization} and its kin, {@code
 * authorizationState}, {@code AuthorizationUsed}) and the EIP-712 domain's parts ({@code name}, {@code version},
 * {@code DOMAIN_SEPARATOR}). Signatures are {@code 0x} + 65 bytes (r ‖ s ‖ v), sent in the (v, r, s) form every
 * FiatToken v2 has.
 */
public final class PermitTokenAbi {

    public static final String AUTHORIZATION_USED_TOPIC = Abi.topic("AuthorizationUsed(address,bytes32)");
    public static final String AUTHORIZATION_CANCELED_TOPIC = Abi.topic("AuthorizationCanceled(address,bytes32)");

    /** A permit deadline that never passes. */
    public static final BigInteger NO_DEADLINE = Erc20Abi.UNLIMITED;

    private static final String ERROR_STRING_SELECTOR = Abi.selector("Error(string)");

    /** An {@code AuthorizationUsed} or {@code AuthorizationCanceled} log. */
    public record AuthorizationEvent(String authorizer, String nonce) {}

    private PermitTokenAbi() {}

    /** {@code eth_call} data; the result decodes with {@link #decodeString}. */
    public static String name() {
        return Abi.call("name");
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeString}. */
    public static String version() {
        return Abi.call("version");
    }

    /** {@code eth_call} data; the result (the next permit nonce) decodes with {@link Erc20Abi#decodeUint256}. */
    public static String nonces(String owner) {
        return Abi.call("nonces", Abi.address(owner, "owner"));
    }

    /** {@code eth_call} data; the result decodes with {@link #decodeBytes32}. */
    public static String DOMAIN_SEPARATOR() {
        return Abi.call("DOMAIN_SEPARATOR");
    }

    /** {@code eth_call} data; the result (true once used or canceled) decodes with {@link #decodeBool}. */
    public static String authorizationState(String authorizer, String nonce) {
        return Abi.call("authorizationState", Abi.address(authorizer, "authorizer"), Abi.bytes32(nonce, "nonce"));
    }

    public static String permit(String owner, String spender, BigInteger value, BigInteger deadline, String signature) {
        Abi.requireUnsigned(value, "value");
        Abi.requireUnsigned(deadline, "deadline");
        Signatures.Parts parts = Signatures.split(signature);
        return Abi.call(
                "permit",
                Abi.address(owner, "owner"),
                Abi.address(spender, "spender"),
                new Uint256(value),
                new Uint256(deadline),
                new Uint8(parts.v()),
                Abi.bytes32(parts.r(), "r"),
                Abi.bytes32(parts.s(), "s"));
    }

    public static String transferWithAuthorization(
            String from,
            String to,
            BigInteger value,
            BigInteger validAfter,
            BigInteger validBefore,
            String nonce,
            String signature) {
        return authorization("transferWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature);
    }

    /** As {@link #transferWithAuthorization}; the token accepts it only from {@code to}. */
    public static String receiveWithAuthorization(
            String from,
            String to,
            BigInteger value,
            BigInteger validAfter,
            BigInteger validBefore,
            String nonce,
            String signature) {
        return authorization("receiveWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature);
    }

    public static String cancelAuthorization(String authorizer, String nonce, String signature) {
        Signatures.Parts parts = Signatures.split(signature);
        return Abi.call(
                "cancelAuthorization",
                Abi.address(authorizer, "authorizer"),
                Abi.bytes32(nonce, "nonce"),
                new Uint8(parts.v()),
                Abi.bytes32(parts.r(), "r"),
                Abi.bytes32(parts.s(), "s"));
    }

    /** A {@code string} result ({@code name()}, {@code version()}). */
    public static String decodeString(String returnData) {
        List<Type> values = Abi.decode(returnData, List.of(new TypeReference<Utf8String>() {}));
        return (String) values.getFirst().getValue();
    }

    public static boolean decodeBool(String returnData) {
        return (Boolean) Abi.decode(returnData, Bool.class).getFirst().getValue();
    }

    /** A {@code bytes32} result ({@code DOMAIN_SEPARATOR()}), lower-case {@code 0x} hex. */
    public static String decodeBytes32(String returnData) {
        return Abi.hex((Bytes32) Abi.decode(returnData, Bytes32.class).getFirst());
    }

    /**
     * The {@code AuthorizationUsed} in a log, or empty when topic0 differs. The caller checks the log came from the
     * token's address.
     */
    public static Optional<AuthorizationEvent> decodeAuthorizationUsed(List<String> topics) {
        return authorizationEvent(topics, AUTHORIZATION_USED_TOPIC);
    }

    public static Optional<AuthorizationEvent> decodeAuthorizationCanceled(List<String> topics) {
        return authorizationEvent(topics, AUTHORIZATION_CANCELED_TOPIC);
    }

    /** Why the token refused a call, from the revert data ({@code Error(string)} or the test token's errors). */
    public static TokenRevert decodeRevert(String revertData) {
        String data = revertData.strip().toLowerCase(Locale.ROOT);
        if (data.startsWith(ERROR_STRING_SELECTOR) && data.length() > 10) {
            String message;
            try {
                message = decodeString("0x" + data.substring(10));
            } catch (RuntimeException malformed) {
                return new TokenRevert(TokenRevert.Reason.UNKNOWN, data);
            }
            return new TokenRevert(reason(message), message);
        }
        if (VaultErrorDecoder.decode(data) instanceof VaultError.InsufficientBalance short_) {
            return new TokenRevert(
                    TokenRevert.Reason.INSUFFICIENT_BALANCE,
                    "InsufficientBalance(" + short_.account() + ", " + short_.balance() + ", " + short_.needed() + ")");
        }
        return new TokenRevert(TokenRevert.Reason.UNKNOWN, data);
    }

    private static TokenRevert.Reason reason(String message) {
        return switch (message) {
            case "FiatTokenV2: permit is expired" -> TokenRevert.Reason.PERMIT_EXPIRED;
            case "EIP2612: invalid signature" -> TokenRevert.Reason.PERMIT_INVALID_SIGNATURE;
            case "FiatTokenV2: authorization is not yet valid" -> TokenRevert.Reason.AUTHORIZATION_NOT_YET_VALID;
            case "FiatTokenV2: authorization is expired" -> TokenRevert.Reason.AUTHORIZATION_EXPIRED;
            case "FiatTokenV2: authorization is used or canceled" -> TokenRevert.Reason.AUTHORIZATION_USED;
            case "FiatTokenV2: invalid signature" -> TokenRevert.Reason.AUTHORIZATION_INVALID_SIGNATURE;
            case "FiatTokenV2: caller must be the payee" -> TokenRevert.Reason.CALLER_NOT_PAYEE;
            case "ERC20: transfer amount exceeds balance" -> TokenRevert.Reason.INSUFFICIENT_BALANCE;
            case "Pausable: paused" -> TokenRevert.Reason.PAUSED;
            case "Blacklistable: account is blacklisted" -> TokenRevert.Reason.BLACKLISTED;
            default ->
                message.startsWith("ECRecover: ") ? TokenRevert.Reason.MALFORMED_SIGNATURE : TokenRevert.Reason.UNKNOWN;
        };
    }

    private static Optional<AuthorizationEvent> authorizationEvent(List<String> topics, String topic0) {
        if (topics.size() != 3 || !topics.getFirst().toLowerCase(Locale.ROOT).equals(topic0)) {
            return Optional.empty();
        }
        return Optional.of(
                new AuthorizationEvent(VaultEventDecoder.address(topics, 1), EvmHex.word(topics.get(2), "topic 2")));
    }

    private static String authorization(
            String function,
            String from,
            String to,
            BigInteger value,
            BigInteger validAfter,
            BigInteger validBefore,
            String nonce,
            String signature) {
        Abi.requireUnsigned(value, "value");
        Abi.requireUnsigned(validAfter, "validAfter");
        Abi.requireUnsigned(validBefore, "validBefore");
        Signatures.Parts parts = Signatures.split(signature);
        return Abi.call(
                function,
                Abi.address(from, "from"),
                Abi.address(to, "to"),
                new Uint256(value),
                new Uint256(validAfter),
                new Uint256(validBefore),
                Abi.bytes32(nonce, "nonce"),
                new Uint8(parts.v()),
                Abi.bytes32(parts.r(), "r"),
                Abi.bytes32(parts.s(), "s"));
    }
}
