package io.abk.billing.gateway.api.customer;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.schemas.avro.CreateCustomer;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A validated {@code POST /v1/customers} body (docs/api.md, {@code CreateCustomerRequest}): {@code wallet} required
 * (an EVM address, as every wallet field), {@code email}, {@code name} and {@code metadata} ({@link CustomerFields},
 * metadata as subscriptions'). The wallet is kept lower case: the customer's id and its lookups use it so.
 */
record CreateCustomerRequest(
        String wallet, @Nullable String email, @Nullable String name, Map<String, String> metadata) {

    static CreateCustomerRequest parse(RequestFields fields) {
        var wallet = fields.requiredEvmAddress("wallet").toLowerCase(Locale.ROOT);
        var email = CustomerFields.email(fields).orElse(null);
        var name = CustomerFields.name(fields).orElse(null);
        var metadata = fields.optionalMetadata("metadata");
        return new CreateCustomerRequest(wallet, email, name, metadata);
    }

    CreateCustomer payload() {
        return CreateCustomer.newBuilder()
                .setWallet(wallet)
                .setEmail(email)
                .setName(name)
                .setMetadata(Map.copyOf(metadata))
                .build();
    }
}
