package io.abk.billing.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.avro.ApplyDiscount;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CouponAggregate;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CouponSnapshot;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.FinalizeInvoice;
import io.abk.billing.schemas.avro.Outcome;
import io.abk.billing.schemas.avro.PromotionCodeAggregate;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.PromotionCodeSnapshot;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streams.coupon.CouponAdapter;
import io.abk.billing.streams.coupon.CouponEnvelopes;
import io.abk.billing.streams.coupon.RedemptionCommandIds;
import io.abk.billing.streams.promotioncode.PromotionCodeAdapter;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Coupons and promotion codes through the production topology: redemptions counted exactly up to maxRedemptions
 * whichever way they come (the coupon or one of its codes), each accepted one forwarded once to the subscription, a
 * code's redemption its coupon refuses released at the code, and repeated command ids applied once.
 */
class CouponTopologyTest extends HarnessedTopologyTest {

    private static final Instant AT = Instant.parse("2026-05-01T09:30:00Z");
    private static final String COUPON = "coupon_01jq0000000000000000000001";
    private static final String CODE = CouponEnvelopes.promotionCodeId("WELCOME20");

    private TestInputTopic<String, CouponCommand> couponCommands;
    private TestInputTopic<String, PromotionCodeCommand> codeCommands;
    /** What the coupons forward to the subscription topic; the driver also feeds it to the subscriptions. */
    private TestOutputTopic<String, SubscriptionCommand> subscriptionCommandsOut;

    @BeforeEach
    void openTopics() {
        var driver = harness.driver;
        couponCommands = driver.createInputTopic(
                Topics.COUPON_COMMANDS.name(Deployment.DEFAULT),
                new StringSerializer(),
                Topics.COUPON_COMMANDS.valueSerde().serializer());
        codeCommands = driver.createInputTopic(
                Topics.PROMOTION_CODE_COMMANDS.name(Deployment.DEFAULT),
                new StringSerializer(),
                Topics.PROMOTION_CODE_COMMANDS.valueSerde().serializer());
        var subscriptions = Topics.SUBSCRIPTION_COMMANDS;
        subscriptionCommandsOut = driver.createOutputTopic(
                subscriptions.name(Deployment.DEFAULT),
                subscriptions.keySerde().deserializer(),
                subscriptions.valueSerde().deserializer());
    }

    @Test
    void shouldForwardExactlyMaxRedemptionsCreatesWhenFiveRedemptionsComeThroughTheCouponAndACode() {
        send(CouponEnvelopes.create("cmd_c", COUPON, AT, 3, null));
        send(CouponEnvelopes.createCode("cmd_p", "WELCOME20", COUPON, AT, null));
        harness.drain();

        var outcomes =
                List.of(redeemOfCoupon(1), redeemOfCode(2), redeemOfCoupon(3), redeemOfCode(4), redeemOfCoupon(5));

        var creates = forwarded();
        assertThat(creates)
                .extracting(SubscriptionCommand::getSubscriptionId)
                .containsExactly(
                        "sub_01jq000000000000000000000001",
                        "sub_01jq000000000000000000000002",
                        "sub_01jq000000000000000000000003");
        assertThat(creates).allSatisfy(command -> {
            var create = (CreateSubscription) command.getPayload();
            assertThat(create.getCouponId()).isEqualTo(COUPON);
            assertThat(create.getPercentOffBasisPoints()).isEqualTo(2_000);
            assertThat(create.getDiscountDuration()).isEqualTo("repeating");
        });
        assertThat(((CreateSubscription) creates.get(1).getPayload()).getPromotionCodeId())
                .isEqualTo(CODE);
        assertThat(((CreateSubscription) creates.get(0).getPayload()).getPromotionCodeId())
                .isNull();
        assertThat(creates.get(0).getCommandId()).isEqualTo(RedemptionCommandIds.subscription("red_1", AT));
        assertThat(outcomes)
                .containsExactly("accepted", "accepted", "accepted", "coupon_exhausted", "coupon_exhausted");
        var coupon = coupons().get(COUPON).getCoupon();
        assertThat(coupon.getTimesRedeemed()).isEqualTo(3);
        assertThat(coupon.getValid()).isFalse();
        // The code counted red_2 and red_4; the coupon refused red_4, which the code released.
        var code = codes().get(CODE);
        assertThat(code.getPromotionCode().getTimesRedeemed()).isEqualTo(1);
        assertThat(code.getOpenRedemptions()).containsExactly("red_2");
        assertThat(harness.aggregates().get("sub_01jq000000000000000000000003")).isNotNull();
        assertThat(harness.aggregates().get("sub_01jq000000000000000000000004")).isNull();
        assertThat(harness.events.readValuesToList())
                .extracting(e -> e.getType())
                .doesNotContain("coupon.updated", "promotion_code.updated");
    }

    @Test
    void shouldReleaseTheCodesCountWhenItsCouponRefusesTheRedemption() {
        send(CouponEnvelopes.create("cmd_c", COUPON, AT, null, null));
        send(CouponEnvelopes.createCode("cmd_p", "WELCOME20", COUPON, AT, 1));
        var disabled = send(CouponEnvelopes.disable("cmd_d", COUPON, AT.plusSeconds(1)));
        assertThat(((CouponSnapshot) disabled.getSnapshots().getFirst()).getValid())
                .isFalse();
        harness.drain();

        codeCommands.pipeInput(CODE, CouponEnvelopes.redeemCode("cmd_r", CODE, AT.plusSeconds(2), "red_1", "sub_1"));

        var changes = harness.changes.readValuesToList();
        assertThat(changes)
                .extracting(Change::getAggregateType)
                .containsExactly("promotion_code", "coupon", "promotion_code");
        var counted = changes.get(0);
        assertThat(counted.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(counted.getFollowUpCommandId())
                .isEqualTo(RedemptionCommandIds.redeemCoupon("red_1", AT.plusSeconds(2)));
        assertThat(((PromotionCodeSnapshot) counted.getSnapshots().getFirst()).getTimesRedeemed())
                .isEqualTo(1);
        var refused = changes.get(1);
        assertThat(refused.getCommandId()).isEqualTo(counted.getFollowUpCommandId());
        assertThat(refused.getRejection().getCode()).isEqualTo("coupon_invalid");
        var released = changes.get(2);
        assertThat(released.getCommandId()).isEqualTo(RedemptionCommandIds.release("red_1", AT.plusSeconds(2)));
        assertThat(((PromotionCodeSnapshot) released.getSnapshots().getFirst()).getTimesRedeemed())
                .isZero();
        assertThat(codes().get(CODE).getOpenRedemptions()).isEmpty();
        assertThat(forwarded()).isEmpty();
    }

    @Test
    void shouldApplyEachCommandOnceWhenItsIdRepeats() {
        send(CouponEnvelopes.create("cmd_c", COUPON, AT, 2, null));
        send(CouponEnvelopes.createCode("cmd_p", "WELCOME20", COUPON, AT, null));
        var redeem = CouponEnvelopes.redeem("cmd_r1", COUPON, AT, "red_1", "sub_01jq000000000000000000000001");
        var redeemCode = CouponEnvelopes.redeemCode("cmd_r2", CODE, AT, "red_2", "sub_01jq000000000000000000000002");
        couponCommands.pipeInput(COUPON, redeem);
        codeCommands.pipeInput(CODE, redeemCode);
        var forwarded = forwarded();
        assertThat(forwarded).hasSize(2);
        harness.drain();

        // The gateway's retry of both, and the code's forward to the coupon reprocessed after a crash.
        couponCommands.pipeInput(COUPON, redeem);
        codeCommands.pipeInput(CODE, redeemCode);
        couponCommands.pipeInput(
                COUPON,
                CouponEnvelopes.coupon(
                        RedemptionCommandIds.redeemCoupon("red_2", AT),
                        COUPON,
                        AT,
                        new io.abk.billing.schemas.avro.RedeemCoupon(
                                "red_2", "sub_01jq000000000000000000000002", null, CODE)));

        assertThat(harness.changes.readValuesToList()).isEmpty();
        assertThat(forwarded()).isEmpty();
        assertThat(coupons().get(COUPON).getCoupon().getTimesRedeemed()).isEqualTo(2);
        assertThat(codes().get(CODE).getPromotionCode().getTimesRedeemed()).isEqualTo(1);
    }

    @Test
    void shouldPublishCreatedAndUpdatedButNoEventPerRedemption() {
        var created = send(CouponEnvelopes.create("cmd_c", COUPON, AT, null, null));
        send(CouponEnvelopes.createCode("cmd_p", "WELCOME20", COUPON, AT, null));
        var types =
                harness.events.readValuesToList().stream().map(e -> e.getType()).toList();
        assertThat(types).containsExactly("coupon.created", "promotion_code.created");
        assertThat(created.getEventIds()).hasSize(1);

        var applied = send(CouponEnvelopes.apply("cmd_a", COUPON, AT, "red_1", "sub_1"));
        send(CouponEnvelopes.deactivateCode("cmd_x", CODE, AT));
        send(CouponEnvelopes.deactivateCode("cmd_x2", CODE, AT));
        send(CouponEnvelopes.disable("cmd_d", COUPON, AT));
        var again = send(CouponEnvelopes.disable("cmd_d2", COUPON, AT));

        assertThat(applied.getEventIds()).isEmpty();
        assertThat(again.getOutcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(again.getEventIds()).isEmpty();
        var forward = forwarded();
        assertThat(forward).singleElement().satisfies(command -> {
            assertThat(command.getSubscriptionId()).isEqualTo("sub_1");
            assertThat(command.getPayload()).isInstanceOf(ApplyDiscount.class);
            assertThat(((ApplyDiscount) command.getPayload()).getCouponId()).isEqualTo(COUPON);
        });
        assertThat(harness.events.readValuesToList())
                .extracting(e -> e.getType())
                .containsExactly("promotion_code.updated", "coupon.updated");
    }

    /**
     * What the coupons and codes forwarded to the subscriptions, read off their topic: the invoice numbering's
     * FinalizeInvoice for each invoice a forwarded create made goes there too, and is left out.
     */
    private List<SubscriptionCommand> forwarded() {
        return subscriptionCommandsOut.readValuesToList().stream()
                .filter(command -> !(command.getPayload() instanceof FinalizeInvoice))
                .toList();
    }

    /** Redemption {@code n} of the coupon directly; its outcome: "accepted" or the rejection's code. */
    private String redeemOfCoupon(int n) {
        couponCommands.pipeInput(COUPON, CouponEnvelopes.redeem("cmd_r" + n, COUPON, AT, "red_" + n, subscription(n)));
        return couponOutcome();
    }

    /** Redemption {@code n} through the code, which counts it and forwards it to the coupon. */
    private String redeemOfCode(int n) {
        codeCommands.pipeInput(CODE, CouponEnvelopes.redeemCode("cmd_r" + n, CODE, AT, "red_" + n, subscription(n)));
        return couponOutcome();
    }

    /** The outcome of the one coupon change written since the last read. */
    private String couponOutcome() {
        var coupon = harness.changes.readValuesToList().stream()
                .filter(change -> change.getAggregateType().equals(CouponAdapter.AGGREGATE_TYPE))
                .toList();
        assertThat(coupon).hasSize(1);
        var change = coupon.getFirst();
        return change.getOutcome() == Outcome.ACCEPTED
                ? "accepted"
                : change.getRejection().getCode();
    }

    private static String subscription(int n) {
        return "sub_01jq00000000000000000000000" + n;
    }

    /** Sends {@code command} and returns the one change of its aggregate. */
    private Change send(CouponCommand command) {
        couponCommands.pipeInput(command.getCouponId(), command);
        return single(CouponAdapter.AGGREGATE_TYPE);
    }

    private Change send(PromotionCodeCommand command) {
        codeCommands.pipeInput(command.getPromotionCodeId(), command);
        return single(PromotionCodeAdapter.AGGREGATE_TYPE);
    }

    private Change single(String aggregateType) {
        var changes = harness.changes.readValuesToList().stream()
                .filter(change -> change.getAggregateType().equals(aggregateType))
                .toList();
        assertThat(changes).hasSize(1);
        return changes.getFirst();
    }

    private KeyValueStore<String, CouponAggregate> coupons() {
        return harness.driver.getKeyValueStore(BillingTopology.COUPONS.aggregateStore());
    }

    private KeyValueStore<String, PromotionCodeAggregate> codes() {
        return harness.driver.getKeyValueStore(BillingTopology.PROMOTION_CODES.aggregateStore());
    }
}
