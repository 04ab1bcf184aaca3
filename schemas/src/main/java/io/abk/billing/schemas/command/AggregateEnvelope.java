package io.abk.billing.schemas.command;

import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The envelope of a command a service sends to a billing aggregate: its subscription, its payment, its payment
 * link, its customer, its coupon or its promotion code. The six Avro envelopes hold the same fields in the same order and differ only in the name of the
 * aggregate's id (second). A command sent by a service carries no Idempotency-Key (only the gateway's HTTP requests
 * have one), and the id of the HTTP request that caused it, if one did.
 *
 * @param <C> the envelope type of the aggregate's command topic
 */
@FunctionalInterface
public interface AggregateEnvelope<C> {

    /** Subscriptions and their invoices, keyed by subscription id. */
    AggregateEnvelope<SubscriptionCommand> SUBSCRIPTION =
            (commandId, subscriptionId, merchantId, mode, at, requestId, payload) ->
                    new SubscriptionCommand(commandId, subscriptionId, merchantId, mode, at, null, requestId, payload);

    /** One-time payments, keyed by payment id. */
    AggregateEnvelope<PaymentCommand> PAYMENT = (commandId, paymentId, merchantId, mode, at, requestId, payload) ->
            new PaymentCommand(commandId, paymentId, merchantId, mode, at, null, requestId, payload);

    /** Payment links, keyed by payment link id. */
    AggregateEnvelope<PaymentLinkCommand> PAYMENT_LINK =
            (commandId, paymentLinkId, merchantId, mode, at, requestId, payload) ->
                    new PaymentLinkCommand(commandId, paymentLinkId, merchantId, mode, at, null, requestId, payload);

    /** Customers, keyed by customer id ({@code CustomerIds}). */
    AggregateEnvelope<CustomerCommand> CUSTOMER = (commandId, customerId, merchantId, mode, at, requestId, payload) ->
            new CustomerCommand(commandId, customerId, merchantId, mode, at, null, requestId, payload);

    /** Coupons, keyed by coupon id. */
    AggregateEnvelope<CouponCommand> COUPON = (commandId, couponId, merchantId, mode, at, requestId, payload) ->
            new CouponCommand(commandId, couponId, merchantId, mode, at, null, requestId, payload);

    /** Promotion codes, keyed by promotion code id ({@code PromotionCodeIds}). */
    AggregateEnvelope<PromotionCodeCommand> PROMOTION_CODE =
            (commandId, promotionCodeId, merchantId, mode, at, requestId, payload) -> new PromotionCodeCommand(
                    commandId, promotionCodeId, merchantId, mode, at, null, requestId, payload);

    /**
     * The command {@code payload} for the aggregate {@code aggregateId}, asked for at {@code requestedAt}, caused by
     * the HTTP request {@code requestId} (null: no HTTP request caused it).
     */
    C command(
            String commandId,
            String aggregateId,
            String merchantId,
            Mode mode,
            Instant requestedAt,
            @Nullable String requestId,
            Object payload);

    /**
     * The answer {@code payload} to {@code request}, for the aggregate {@code aggregateId}: the request's
     * {@code resultCommandId} as command id (so the aggregate applies it once, and a repeated request yields the same
     * command), its merchant and mode, and its {@code requestedAt} (the sandbox answers at the instant the request
     * was asked for, which keeps test clocks meaningful). No HTTP request causes it.
     */
    default C answer(ChainRequest request, String aggregateId, Object payload) {
        return command(
                request.getResultCommandId(),
                aggregateId,
                request.getMerchantId(),
                request.getMode(),
                request.getRequestedAt(),
                null,
                payload);
    }
}
