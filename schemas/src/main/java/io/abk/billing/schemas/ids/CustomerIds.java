package io.abk.billing.schemas.ids;

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

    private CustomerIds() {}

    /**
     * The customer id of {@code wallet} (an EVM address, any case) at {@code merchantId} in {@code mode}
     * ({@code test} or {@code live}).
     */
    public static String of(String merchantId, String mode, String wallet) {
        return IdPrefix.CUSTOMER.withSeparator()
                + HashedIds.body("customer", merchantId, mode, wallet.toLowerCase(Locale.ROOT));
    }
}
