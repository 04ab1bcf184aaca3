package io.abk.billing.chain.domain.follow;

import java.util.Locale;
import java.util.regex.Pattern;

/** Shapes of the hex strings the follower handles: everything is stored and published lower-case. */
final class Hex {

    private static final Pattern HASH = Pattern.compile("0x[0-9a-f]{64}");
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-f]{40}");

    private Hex() {}

    static String hash(String value, String what) {
        var lower = value.toLowerCase(Locale.ROOT);
        if (!HASH.matcher(lower).matches()) {
            throw new IllegalArgumentException(what + " must be a 32-byte 0x hex string, was " + value);
        }
        return lower;
    }

    static String address(String value, String what) {
        var lower = value.toLowerCase(Locale.ROOT);
        if (!ADDRESS.matcher(lower).matches()) {
            throw new IllegalArgumentException(what + " must be a 20-byte 0x hex address, was " + value);
        }
        return lower;
    }

    /** The address in the low 20 bytes of an indexed {@code address} topic. */
    static String addressFromTopic(String topic) {
        return "0x" + hash(topic, "topic").substring(26);
    }
}
