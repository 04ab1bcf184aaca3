package io.abk.billing.contracts;

import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The project's one hex helper: the two shapes the chain's data comes in, a 32-byte word (a hash, a topic, an id) and
 * a 20-byte address, as {@code 0x} and hex digits in any case in and lower case out, since hex is case-insensitive and
 * ids compared as strings must have one spelling. Bytes go to and from hex through the JDK's {@link HexFormat}.
 */
public final class EvmHex {

    private static final Pattern WORD = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final HexFormat HEX = HexFormat.of();

    private EvmHex() {}

    /** True for {@code 0x} and 40 hex digits in any case. */
    public static boolean isAddress(String value) {
        return ADDRESS.matcher(value).matches();
    }

    /** {@code value} in lower case; {@code what} names it in the message when it is not {@code 0x} and 64 hex digits. */
    public static String word(String value, String what) {
        if (!WORD.matcher(value).matches()) {
            throw new IllegalArgumentException(what + " must be 0x and 64 hex digits, was " + value);
        }
        return value.toLowerCase(Locale.ROOT);
    }

    /** {@code value} in lower case; {@code what} names it in the message when it is not {@code 0x} and 40 hex digits. */
    public static String address(String value, String what) {
        if (!isAddress(value)) {
            throw new IllegalArgumentException(what + " must be 0x and 40 hex digits, was " + value);
        }
        return value.toLowerCase(Locale.ROOT);
    }

    /** The address in the low 20 bytes of an indexed {@code address} topic. */
    public static String addressFromTopic(String topic) {
        return "0x" + word(topic, "topic").substring(26);
    }

    /** {@code 0x} and the bytes in lower-case hex. */
    public static String of(byte[] bytes) {
        return "0x" + HEX.formatHex(bytes);
    }

    /** The bytes of a word, {@code 0x} and 64 hex digits. */
    static byte[] wordBytes(String value, String what) {
        return HEX.parseHex(word(value, what), 2, 66);
    }
}
