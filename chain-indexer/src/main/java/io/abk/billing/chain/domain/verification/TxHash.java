package io.abk.billing.chain.domain.verification;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Transaction hashes as claims compare them: {@code 0x} and 64 hex digits, in lower case, since hex is
 * case-insensitive and {@code 0xAB..} and {@code 0xab..} name the same transaction.
 */
public final class TxHash {

    private static final Pattern WELL_FORMED = Pattern.compile("0x[0-9a-f]{64}");

    private TxHash() {}

    /** The lower-case form of {@code txHash} (stripped of surrounding blanks); not validated. */
    public static String canonical(String txHash) {
        return txHash.strip().toLowerCase(Locale.ROOT);
    }

    /** True for a canonical hash: {@code 0x} and 64 lower-case hex digits. */
    public static boolean wellFormed(String canonicalTxHash) {
        return WELL_FORMED.matcher(canonicalTxHash).matches();
    }
}
