package io.abk.billing.usdt.domain.match;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Transaction hashes as the verifier compares and claims them: {@code 0x} and 64 lower-case hex digits. Input may
 * be in any case and may leave out {@code 0x} (Tron writes transaction ids as bare hex).
 */
public final class TransactionHash {

    private static final Pattern HASH = Pattern.compile("(0[xX])?[0-9a-fA-F]{64}");

    private TransactionHash() {}

    /** The canonical form of {@code text}, or empty when it is not a transaction hash. */
    public static Optional<String> parse(String text) {
        if (!HASH.matcher(text).matches()) {
            return Optional.empty();
        }
        var hex = text.length() == 66 ? text.substring(2) : text;
        return Optional.of("0x" + hex.toLowerCase(Locale.ROOT));
    }
}
