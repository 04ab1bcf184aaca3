package io.abk.billing.schemas.ids;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Invoice numbers: {@code <prefix>-000001}, sequential without gaps per merchant and mode. One writer assigns them,
 * billing-streams' invoice numbering on {@code billing.invoice-number-commands}, keyed by {@link #key}. The prefix is
 * the merchant's setting, else {@link #defaultPrefix} (8 characters derived from the merchant id, as stable as it).
 */
public final class InvoiceNumbers {

    /** 3 to 12 upper-case letters and digits. */
    public static final Pattern PREFIX = Pattern.compile("[A-Z0-9]{3,12}");

    private static final int DIGITS = 6;

    private InvoiceNumbers() {}

    /** The record key of a merchant's numbering in {@code mode} ({@code test} or {@code live}): {@code mer_1/test}. */
    public static String key(String merchantId, String mode) {
        return merchantId + "/" + mode.toLowerCase(Locale.ROOT);
    }

    /** The prefix of a merchant that has not chosen one: 8 upper-case characters derived from its id. */
    public static String defaultPrefix(String merchantId) {
        return HashedIds.body("invoice_prefix", merchantId, "any", "")
                .substring(0, 8)
                .toUpperCase(Locale.ROOT);
    }

    /** Whether {@code prefix} is one a merchant may choose. */
    public static boolean isValidPrefix(String prefix) {
        return PREFIX.matcher(prefix).matches();
    }

    /** The number {@code sequence} (1, 2, ...) under {@code prefix}: {@code ACME-000001}; past 999999 it grows. */
    public static String format(String prefix, long sequence) {
        if (sequence < 1) {
            throw new IllegalArgumentException("invoice numbers start at 1: " + sequence);
        }
        var digits = Long.toString(sequence);
        return prefix + "-" + "0".repeat(Math.max(0, DIGITS - digits.length())) + digits;
    }
}
