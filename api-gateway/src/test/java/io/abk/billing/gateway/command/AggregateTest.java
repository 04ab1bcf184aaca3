package io.abk.billing.gateway.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.ConfirmPayment;
import io.abk.billing.schemas.avro.DeactivatePromotionCode;
import io.abk.billing.schemas.avro.DisableCoupon;
import io.abk.billing.schemas.avro.DisablePaymentLink;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PauseSubscription;
import io.abk.billing.schemas.avro.UpdateCustomer;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One stamp fills each aggregate's own envelope, encoded for its own topic. */
class AggregateTest {

    private static final Stamp STAMP =
            new Stamp("cmd_1", "mer_1", Mode.LIVE, Instant.parse("2026-05-01T12:00:00.123Z"), "key-1", "req_1");

    @Test
    void shouldFillEachAggregatesEnvelopeFromTheStampForItsTopic() {
        var payment = Aggregate.PAYMENT.stamp(STAMP, "pay_1", new ConfirmPayment("0xabc"));
        var link = Aggregate.PAYMENT_LINK.stamp(STAMP, "plink_1", new DisablePaymentLink());
        var subscription = Aggregate.SUBSCRIPTION.stamp(STAMP, "sub_1", new PauseSubscription());
        var customer = Aggregate.CUSTOMER.stamp(
                STAMP, "cus_1", UpdateCustomer.newBuilder().setName("Ada").build());

        var paymentCommand = Topics.PAYMENT_COMMANDS.valueSerde().deserializer().deserialize("t", payment.value());
        assertThat(paymentCommand.getPaymentId()).isEqualTo("pay_1");
        assertThat(paymentCommand.getCommandId()).isEqualTo("cmd_1");
        assertThat(paymentCommand.getMerchantId()).isEqualTo("mer_1");
        assertThat(paymentCommand.getMode()).isEqualTo(Mode.LIVE);
        assertThat(paymentCommand.getRequestedAt()).isEqualTo(STAMP.requestedAt());
        assertThat(paymentCommand.getIdempotencyKey()).isEqualTo("key-1");
        assertThat(paymentCommand.getRequestId()).isEqualTo("req_1");
        assertThat(paymentCommand.getPayload()).isEqualTo(new ConfirmPayment("0xabc"));
        var linkCommand =
                Topics.PAYMENT_LINK_COMMANDS.valueSerde().deserializer().deserialize("t", link.value());
        assertThat(linkCommand.getPaymentLinkId()).isEqualTo("plink_1");
        assertThat(linkCommand.getPayload()).isInstanceOf(DisablePaymentLink.class);
        var subscriptionCommand =
                Topics.SUBSCRIPTION_COMMANDS.valueSerde().deserializer().deserialize("t", subscription.value());
        assertThat(subscriptionCommand.getSubscriptionId()).isEqualTo("sub_1");
        var customerCommand =
                Topics.CUSTOMER_COMMANDS.valueSerde().deserializer().deserialize("t", customer.value());
        assertThat(List.of(
                        customerCommand.getCustomerId(),
                        customerCommand.getCommandId(),
                        customerCommand.getMerchantId(),
                        customerCommand.getIdempotencyKey(),
                        customerCommand.getRequestId()))
                .containsExactly("cus_1", "cmd_1", "mer_1", "key-1", "req_1");
        assertThat(customerCommand.getPayload()).isInstanceOf(UpdateCustomer.class);
        // The envelopes are filled by their constructors' positions: each must hold the stamp where it belongs.
        assertThat(List.of(linkCommand.getCommandId(), linkCommand.getMerchantId(), linkCommand.getRequestId()))
                .containsExactly("cmd_1", "mer_1", "req_1");
        assertThat(List.of(
                        subscriptionCommand.getCommandId(),
                        subscriptionCommand.getMerchantId(),
                        subscriptionCommand.getIdempotencyKey(),
                        subscriptionCommand.getRequestId()))
                .containsExactly("cmd_1", "mer_1", "key-1", "req_1");
        assertThat(payment.aggregate().topic().name(Deployment.DEFAULT)).isEqualTo("billing.payment-commands");
        assertThat(link.aggregateId()).isEqualTo("plink_1");
        assertThat(Aggregate.all())
                .extracting(Aggregate::type)
                .containsExactly("subscription", "payment", "payment_link", "customer", "coupon", "promotion_code");
    }

    @Test
    void shouldFailInTheRequestWhenAPayloadIsNotOneOfTheTopicsCommands() {
        // A bug (a payment payload sent to a link) must be a 500 in the request, never reach Kafka as a 503.
        assertThatThrownBy(() -> Aggregate.PAYMENT_LINK.stamp(STAMP, "plink_1", new ConfirmPayment("0xabc")))
                .isNotInstanceOf(io.abk.billing.gateway.platform.web.ApiException.class);
    }

    @Test
    void shouldFillTheCouponAndPromotionCodeEnvelopesFromTheStamp() {
        var coupon = Aggregate.COUPON.stamp(STAMP, "coupon_1", new DisableCoupon());
        var code = Aggregate.PROMOTION_CODE.stamp(STAMP, "promo_1", new DeactivatePromotionCode());

        var couponCommand = Topics.COUPON_COMMANDS.valueSerde().deserializer().deserialize("t", coupon.value());
        var codeCommand =
                Topics.PROMOTION_CODE_COMMANDS.valueSerde().deserializer().deserialize("t", code.value());

        assertThat(List.of(
                        couponCommand.getCouponId(),
                        couponCommand.getCommandId(),
                        couponCommand.getMerchantId(),
                        couponCommand.getIdempotencyKey(),
                        couponCommand.getRequestId()))
                .containsExactly("coupon_1", "cmd_1", "mer_1", "key-1", "req_1");
        assertThat(couponCommand.getRequestedAt()).isEqualTo(STAMP.requestedAt());
        assertThat(List.of(
                        codeCommand.getPromotionCodeId(),
                        codeCommand.getCommandId(),
                        codeCommand.getMerchantId(),
                        codeCommand.getIdempotencyKey(),
                        codeCommand.getRequestId()))
                .containsExactly("promo_1", "cmd_1", "mer_1", "key-1", "req_1");
        assertThat(codeCommand.getMode()).isEqualTo(Mode.LIVE);
    }
}
