package io.abk.billing.streams.customer;

import io.abk.billing.schemas.avro.CreateCustomer;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.EnsureCustomer;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.UpdateCustomer;
import io.abk.billing.schemas.ids.CustomerIds;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Customer command envelopes as the gateway (create, update) and billing-streams (ensure) produce them, for tests. */
public final class CustomerEnvelopes {

    public static final String MERCHANT_ID = "mer_01jq0000000000000000000000";
    public static final String WALLET = "0x1111111111111111111111111111111111111111";

    private CustomerEnvelopes() {}

    /** The test merchant's customer of {@code wallet} in test mode. */
    public static String customerId(String wallet) {
        return CustomerIds.of(MERCHANT_ID, "test", wallet);
    }

    public static CustomerCommand create(
            String commandId, String wallet, Instant at, @Nullable String email, Map<String, String> metadata) {
        return envelope(
                commandId,
                customerId(wallet),
                at,
                new CreateCustomer(wallet.toLowerCase(Locale.ROOT), email, null, metadata));
    }

    public static CustomerCommand ensure(String commandId, String wallet, Instant at, @Nullable String email) {
        return envelope(commandId, customerId(wallet), at, new EnsureCustomer(wallet.toLowerCase(Locale.ROOT), email));
    }

    public static CustomerCommand update(
            String commandId,
            String customerId,
            Instant at,
            @Nullable String email,
            @Nullable String name,
            Map<String, String> metadata) {
        return envelope(commandId, customerId, at, new UpdateCustomer(email, name, metadata));
    }

    public static CustomerCommand envelope(String commandId, String customerId, Instant at, Object payload) {
        return CustomerCommand.newBuilder()
                .setCommandId(commandId)
                .setCustomerId(customerId)
                .setMerchantId(MERCHANT_ID)
                .setMode(Mode.TEST)
                .setRequestedAt(at)
                .setRequestId("req-" + commandId)
                .setPayload(payload)
                .build();
    }
}
