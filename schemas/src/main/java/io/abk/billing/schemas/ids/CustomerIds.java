package io.abk.billing.schemas.ids;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * The id of a merchant's customer, derived from the merchant, the mode and the customer's wallet: {@code cus_} and
 * 26 lower-case Crockford base32 characters, the first 130 bits of SHA-256 over the three. A wallet has exactly one
 * customer per merchant and mode because it has exactly one id: two requests that create it at once name the same
 * Kafka key, whose one writer applies the first and refuses (or ignores) the second, with no index to keep.
 *
 * <p>Unlike the ids {@link Ids} mints, a customer id neither sorts by creation time nor is secret: whoever knows the
 * merchant's id and a wallet can compute it. It grants nothing; every read of a customer takes the merchant's key.
 */
public final class CustomerIds {

    private static final char[] ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz".toCharArray();
    private static final int BODY_LENGTH = 26;

    private CustomerIds() {}

    /**
     * The customer id of {@code wallet} (an EVM address, any case) at {@code merchantId} in {@code mode}
     * ({@code test} or {@code live}).
     */
    public static String of(String merchantId, String mode, String wallet) {
        var digest = sha256("customer\n" + merchantId + "\n" + mode.toLowerCase(Locale.ROOT) + "\n"
                + wallet.toLowerCase(Locale.ROOT));
        var body = new char[BODY_LENGTH];
        // 26 characters of 5 bits: bits 0..129 of the digest, most significant first.
        for (int i = 0; i < BODY_LENGTH; i++) {
            int value = 0;
            for (int bit = 0; bit < 5; bit++) {
                int index = i * 5 + bit;
                int set = (digest[index / 8] >> (7 - index % 8)) & 1;
                value = (value << 1) | set;
            }
            body[i] = ALPHABET[value];
        }
        return IdPrefix.CUSTOMER.withSeparator() + new String(body);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
