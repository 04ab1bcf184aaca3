package io.abk.billing.gateway.api.subscription;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.CompleteSubscription;
import io.abk.billing.schemas.avro.UpdateSubscription;
import java.util.Map;

/**
 * The bodies of the lifecycle routes, validated into command payloads through {@link RequestFields}: a wrong
 * type or bad value is a 400 {@code validation_error} naming the field; unknown fields are ignored; no body reads
 * as {@code {}}.
 */
final class LifecycleRequests {

    static final int MAX_ID_LENGTH = 255;

    private LifecycleRequests() {}

    /** {@code {onChainSubscriptionId?}}: the vault's id of the mandate the customer's wallet set up. */
    static ActivateSubscription activate(RequestFields fields) {
        return new ActivateSubscription(
                fields.optionalString("onChainSubscriptionId", MAX_ID_LENGTH).orElse(null));
    }

    static CompleteSubscription complete(RequestFields fields) {
        return new CompleteSubscription(
                fields.optionalString("onChainSubscriptionId", MAX_ID_LENGTH).orElse(null));
    }

    /** {@code {immediate?}}: false (the default) cancels at the period end. */
    static CancelSubscription cancel(RequestFields fields) {
        return new CancelSubscription(fields.optionalBoolean("immediate").orElse(false));
    }

    /**
     * {@code PATCH}: {@code amountUsdc} (positive), {@code interval} (month or year), {@code planId} and
     * {@code metadata} (merged key by key; an empty value removes the key), each optional. An empty body is a
     * valid update that changes nothing.
     */
    static UpdateSubscription update(RequestFields fields) {
        return UpdateSubscription.newBuilder()
                .setAmountMicros(fields.optionalPositiveAmount("amountUsdc")
                        .map(amount -> amount.micros())
                        .orElse(null))
                .setInterval(fields.optionalOneOf("interval", CreateSubscriptionRequest.INTERVALS)
                        .orElse(null))
                .setPlanId(fields.optionalString("planId", CreateSubscriptionRequest.MAX_REF_LENGTH)
                        .orElse(null))
                .setMetadata(Map.copyOf(fields.optionalMetadata("metadata")))
                .build();
    }
}
