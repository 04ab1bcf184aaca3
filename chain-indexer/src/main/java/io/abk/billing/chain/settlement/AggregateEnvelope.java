package io.abk.billing.chain.settlement;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.time.Instant;

/**
 * The envelope of a command chain-indexer sends to a billing aggregate: its subscription or its payment. The two Avro
 * envelopes hold the same fields in the same order and differ only in the name of the aggregate's id (second). A
 * command sent from here carries no Idempotency-Key and no HTTP request id: no HTTP request sent it.
 *
 * @param <C> the envelope type of the aggregate's command topic
 */
@FunctionalInterface
public interface AggregateEnvelope<C> {

    /** Subscriptions and their invoices, keyed by subscription id. */
    AggregateEnvelope<SubscriptionCommand> SUBSCRIPTION = (commandId, subscriptionId, merchantId, mode, at, payload) ->
            new SubscriptionCommand(commandId, subscriptionId, merchantId, mode, at, null, null, payload);

    /** One-time payments, keyed by payment id. */
    AggregateEnvelope<PaymentCommand> PAYMENT = (commandId, paymentId, merchantId, mode, at, payload) ->
            new PaymentCommand(commandId, paymentId, merchantId, mode, at, null, null, payload);

    /** The command {@code payload} for the aggregate {@code aggregateId}, asked for at {@code requestedAt}. */
    C command(String commandId, String aggregateId, String merchantId, Mode mode, Instant requestedAt, Object payload);

    /**
     * The answer {@code payload} to {@code request}, for the aggregate {@code aggregateId}: the request's
     * {@code resultCommandId} as command id (so the aggregate applies it once, and a repeated request yields the same
     * command), its merchant and mode, and its {@code requestedAt} (the sandbox answers at the instant the request
     * was asked for, which keeps test clocks meaningful).
     */
    default C answer(ChainRequest request, String aggregateId, Object payload) {
        return command(
                request.getResultCommandId(),
                aggregateId,
                request.getMerchantId(),
                request.getMode(),
                request.getRequestedAt(),
                payload);
    }
}
