package io.abk.billing.contracts;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Locale;
import java.util.regex.Pattern;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

/**
 * The hex forms this module accepts and returns: words and addresses in any case in, lower-case {@code 0x} hex
 * out, since hex is case-insensitive and ids compared as strings must have one spelling.
 */
final class Hex {

    private static final Pattern WORD = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final BigInteger MAX_UINT64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private Hex() {}

    /** {@code 0x} and 64 lower-case hex digits of keccak256 over the UTF-8 bytes of {@code text}. */
    static String keccakUtf8(String text) {
        return Numeric.toHexString(Hash.sha3(text.getBytes(StandardCharsets.UTF_8)));
    }

    static String word(String hex, String what) {
        if (!WORD.matcher(hex).matches()) {
            throw new IllegalArgumentException(what + " must be 0x and 64 hex digits, was " + hex);
        }
        return hex.toLowerCase(Locale.ROOT);
    }

    static String address(String hex, String what) {
        if (!ADDRESS.matcher(hex).matches()) {
            throw new IllegalArgumentException(what + " must be 0x and 40 hex digits, was " + hex);
        }
        return hex.toLowerCase(Locale.ROOT);
    }

    static Bytes32 bytes32(String hex, String what) {
        return new Bytes32(Numeric.hexStringToByteArray(word(hex, what)));
    }

    static Address abiAddress(String hex, String what) {
        return new Address(address(hex, what));
    }

    static String of(Bytes32 value) {
        return Numeric.toHexString(value.getValue());
    }

    static String of(Address value) {
        return value.getValue().toLowerCase(Locale.ROOT);
    }

    /** Whole seconds since the epoch, as the chain counts time; a fraction of a second is refused, not dropped. */
    static BigInteger epochSeconds(Instant instant, String what) {
        if (instant.getNano() != 0 || instant.getEpochSecond() < 0) {
            throw new IllegalArgumentException(what + " must be whole seconds at or after 1970, was " + instant);
        }
        return BigInteger.valueOf(instant.getEpochSecond());
    }

    static Instant instant(BigInteger epochSeconds) {
        if (epochSeconds.signum() < 0 || epochSeconds.compareTo(MAX_UINT64) > 0) {
            throw new IllegalArgumentException("not a uint64 timestamp: " + epochSeconds);
        }
        return Instant.ofEpochSecond(epochSeconds.longValueExact());
    }

    static void requireUnsigned(BigInteger value, String what) {
        if (value.signum() < 0) {
            throw new IllegalArgumentException(what + " must not be negative, was " + value);
        }
    }
}
