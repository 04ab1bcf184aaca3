package io.abk.billing.gateway.command;

import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Topic;
import io.abk.billing.schemas.topic.Topics;
import java.time.Instant;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * An aggregate the gateway sends commands to: its command topic (keyed by the aggregate's id) and the constructor
 * of its envelope, which this class fills from the {@link Stamp} every command carries. The Avro envelopes
 * share no interface but have the same fields, so each aggregate names only its constructor; everything after that
 * (sending, awaiting the outcome and the follow-up) is one mechanism for all of them.
 *
 * @param <C> the envelope type of the aggregate's command topic
 */
public final class Aggregate<C extends SpecificRecord> {

    /** Subscriptions and their invoices, keyed by subscription id. */
    public static final Aggregate<SubscriptionCommand> SUBSCRIPTION =
            new Aggregate<>("subscription", Topics.SUBSCRIPTION_COMMANDS, SubscriptionCommand::new);

    /** One-time payments, keyed by payment id. */
    public static final Aggregate<PaymentCommand> PAYMENT =
            new Aggregate<>("payment", Topics.PAYMENT_COMMANDS, PaymentCommand::new);

    /** Payment links, keyed by link id. */
    public static final Aggregate<PaymentLinkCommand> PAYMENT_LINK =
            new Aggregate<>("payment_link", Topics.PAYMENT_LINK_COMMANDS, PaymentLinkCommand::new);

    /** Customers, keyed by customer id ({@code CustomerIds}: derived from merchant, mode and wallet). */
    public static final Aggregate<CustomerCommand> CUSTOMER =
            new Aggregate<>("customer", Topics.CUSTOMER_COMMANDS, CustomerCommand::new);

    /** Coupons, keyed by coupon id (minted by the gateway). */
    public static final Aggregate<CouponCommand> COUPON =
            new Aggregate<>("coupon", Topics.COUPON_COMMANDS, CouponCommand::new);

    /** Promotion codes, keyed by promotion code id ({@code PromotionCodeIds}: derived from merchant, mode and code). */
    public static final Aggregate<PromotionCodeCommand> PROMOTION_CODE =
            new Aggregate<>("promotion_code", Topics.PROMOTION_CODE_COMMANDS, PromotionCodeCommand::new);

    /**
     * One aggregate's envelope constructor: the envelopes hold the same fields in the same order, and differ
     * only in the name of the aggregate's id (second), so each one's all-fields constructor fits here.
     */
    @FunctionalInterface
    interface Envelope<C> {
        C build(
                String commandId,
                String aggregateId,
                String merchantId,
                Mode mode,
                Instant requestedAt,
                @Nullable String idempotencyKey,
                @Nullable String requestId,
                Object payload);
    }

    private final String type;
    private final Topic<String, C> topic;
    private final Envelope<C> envelope;

    private Aggregate(String type, Topic<String, C> topic, Envelope<C> envelope) {
        this.type = type;
        this.topic = topic;
        this.envelope = envelope;
    }

    /** Every aggregate the gateway writes to. */
    public static List<Aggregate<?>> all() {
        return List.of(SUBSCRIPTION, PAYMENT, PAYMENT_LINK, CUSTOMER, COUPON, PROMOTION_CODE);
    }

    /** The aggregate's type as {@code Change.aggregateType} names it. */
    public String type() {
        return type;
    }

    public Topic<String, C> topic() {
        return topic;
    }

    /**
     * The envelope of {@code payload} for the aggregate {@code aggregateId}, encoded for its topic. A payload the
     * topic's union does not hold fails here, in the request, as the bug it is (never as a Kafka outage).
     */
    public StampedCommand stamp(Stamp stamp, String aggregateId, Object payload) {
        var record = envelope.build(
                stamp.commandId(),
                aggregateId,
                stamp.merchantId(),
                stamp.mode(),
                stamp.requestedAt(),
                stamp.idempotencyKey(),
                stamp.requestId(),
                payload);
        return new StampedCommand(
                this,
                stamp,
                aggregateId,
                // The envelope's encoding does not depend on the topic's name, so it is one in every deployment.
                topic.valueSerde().serializer().serialize(topic.baseName(), record),
                payload.getClass().getSimpleName());
    }

    @Override
    public String toString() {
        return type;
    }
}
