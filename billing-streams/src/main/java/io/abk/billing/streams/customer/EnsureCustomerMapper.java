package io.abk.billing.streams.customer;

import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.EnsureCustomer;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.command.AggregateEnvelope;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.mode.ModeMapper;
import java.time.Instant;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The {@code EnsureCustomer} command another aggregate sends to {@code billing.customer-commands} when it learns a
 * customer's wallet (a subscription created, a payment that knows its payer), keyed by the wallet's customer id.
 * The command id derives from the command that caused it, so a reprocessed command sends the same one and the
 * customer's processor applies it once.
 */
public final class EnsureCustomerMapper {

    /** The last customer id each stream thread derived, and what from. */
    private record Derived(String merchantId, Mode mode, String wallet, String customerId) {}

    /**
     * A command writes its subscription's snapshot into its change and into each of its events, and each carries the
     * customer id: a SHA-256 each time, 5 % of billing-streams' thread on a renewal day. Remembering the last one per
     * thread derives it once per command.
     */
    private static final ThreadLocal<@Nullable Derived> LAST = new ThreadLocal<>();

    private EnsureCustomerMapper() {}

    /** The customer id of {@code wallet} at {@code merchantId} in {@code mode}, or null when there is no wallet. */
    public static @Nullable String customerId(String merchantId, Mode mode, @Nullable String wallet) {
        if (wallet == null || wallet.isBlank()) {
            return null;
        }
        var last = LAST.get();
        if (last != null
                && last.wallet().equals(wallet)
                && last.merchantId().equals(merchantId)
                && last.mode() == mode) {
            return last.customerId();
        }
        var derived = CustomerIds.of(merchantId, ModeMapper.toDomain(mode).label(), wallet);
        LAST.set(new Derived(merchantId, mode, wallet, derived));
        return derived;
    }

    /**
     * Ensure the customer of {@code wallet} (with {@code email}, used only if the customer is made now), caused by
     * command {@code causeCommandId} of the merchant's {@code mode} at {@code requestedAt}.
     */
    public static CustomerCommand ensure(
            String causeCommandId,
            String merchantId,
            Mode mode,
            Instant requestedAt,
            @Nullable String requestId,
            String wallet,
            @Nullable String email) {
        var customerId = customerId(merchantId, mode, wallet);
        if (customerId == null) {
            throw new IllegalArgumentException("command " + causeCommandId + " ensures a customer without a wallet");
        }
        return AggregateEnvelope.CUSTOMER.command(
                Ids.derivedId(IdPrefix.COMMAND, requestedAt, "ensurecustomer:" + causeCommandId),
                customerId,
                merchantId,
                mode,
                requestedAt,
                requestId,
                new EnsureCustomer(wallet.toLowerCase(Locale.ROOT), email == null || email.isBlank() ? null : email));
    }
}
