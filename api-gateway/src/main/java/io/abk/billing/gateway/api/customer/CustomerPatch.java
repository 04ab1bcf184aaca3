package io.abk.billing.gateway.api.customer;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.avro.UpdateCustomer;
import java.util.Map;

/**
 * A validated {@code PATCH /v1/customers/{id}} body as the command it becomes: {@code email} and {@code name} left
 * out are unchanged, JSON {@code null} or {@code ""} clears them (sent as {@code ""}), anything else is validated as
 * on create; {@code metadata} is merged key by key, an empty value removing the key. A {@code wallet} is 400
 * {@code wallet_immutable}: a customer is its wallet.
 */
final class CustomerPatch {

    private CustomerPatch() {}

    static UpdateCustomer parse(RequestFields fields) {
        if (fields.isPresent("wallet")) {
            throw new ApiException(
                    400,
                    ErrorCodes.WALLET_IMMUTABLE,
                    "A customer's wallet never changes: create a customer of the other wallet instead",
                    fields.param("wallet"),
                    null);
        }
        return UpdateCustomer.newBuilder()
                .setEmail(
                        clears(fields, "email")
                                ? ""
                                : CustomerFields.email(fields).orElse(null))
                .setName(
                        clears(fields, "name")
                                ? ""
                                : CustomerFields.name(fields).orElse(null))
                .setMetadata(Map.copyOf(fields.optionalMetadata("metadata")))
                .build();
    }

    /** Whether the body clears {@code field}: present as JSON null or as the empty string. */
    private static boolean clears(RequestFields fields, String field) {
        return fields.isPresent(field) && !fields.has(field) || fields.isEmptyString(field);
    }
}
