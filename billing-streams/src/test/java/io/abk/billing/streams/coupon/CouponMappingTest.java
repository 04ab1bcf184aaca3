package io.abk.billing.streams.coupon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.ApplyDiscount;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CreateSubscription;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.RedeemCoupon;
import io.abk.billing.schemas.avro.ReleasePromotionCode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.coupon.domain.CouponDetails;
import io.abk.billing.streams.coupon.domain.CouponEvent.CouponRedeemed;
import io.abk.billing.streams.coupon.domain.CouponInstruction;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Create;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Disable;
import io.abk.billing.streams.coupon.domain.CouponInstruction.Redeem;
import io.abk.billing.streams.coupon.domain.CouponState.Existing;
import io.abk.billing.streams.coupon.domain.CouponState.Invalid;
import io.abk.billing.streams.coupon.domain.CouponState.Valid;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The coupon's snapshot (its whole stored state), wire commands and forwarded commands to and from the domain. */
class CouponMappingTest {

    private static final Instant T0 = Instant.parse("2026-03-31T08:00:00Z");
    private static final String ID = "coupon_01jq0000000000000000000001";
    private static final Tenant TENANT = new Tenant(CouponEnvelopes.MERCHANT_ID, io.abk.billing.schemas.mode.Mode.TEST);

    static CouponDetails percent() {
        return new CouponDetails(
                ID,
                TENANT,
                "WELCOME",
                2_000,
                null,
                "repeating",
                3,
                5,
                2,
                T0.plusSeconds(86_400),
                true,
                Map.of("k", "v"),
                T0,
                null);
    }

    static Stream<Existing> states() {
        return Stream.of(
                new Valid(percent()),
                new Invalid(percent().invalid(T0.plusSeconds(60))),
                new Invalid(new CouponDetails(
                        ID,
                        new Tenant(CouponEnvelopes.MERCHANT_ID, io.abk.billing.schemas.mode.Mode.LIVE),
                        "TENOFF",
                        null,
                        10_000_000L,
                        "once",
                        null,
                        1,
                        1,
                        null,
                        false,
                        Map.of(),
                        T0,
                        null)),
                new Valid(new CouponDetails(
                        ID, TENANT, "FOREVER", 10_000, null, "forever", null, null, 0, null, true, Map.of(), T0,
                        null)));
    }

    @ParameterizedTest
    @MethodSource("states")
    void shouldReadBackTheSameStateWhenStored(Existing state) {
        var stored = CouponSnapshotMapper.write(new Stored<>(4, state));

        assertThat(CouponSnapshotMapper.read(stored)).isEqualTo(new Stored<>(4, state));
        assertThat(stored.getCoupon().getVersion()).isEqualTo(4);
        assertThat(stored.getCoupon().getValid()).isEqualTo(state instanceof Valid);
    }

    @Test
    void shouldMapEveryFieldWhenReadingCreateDisableAndRedeem() {
        var redeemBy = T0.plusSeconds(3600);

        assertThat(instruction(CouponEnvelopes.create("cmd_1", ID, T0, 3, redeemBy)))
                .isEqualTo(new Create(ID, TENANT, T0, "WELCOME", 2_000, null, "repeating", 3, 3, redeemBy, Map.of()));
        assertThat(instruction(CouponEnvelopes.disable("cmd_2", ID, T0))).isEqualTo(new Disable(ID, TENANT, T0));
        assertThat(instruction(
                        CouponEnvelopes.coupon("cmd_3", ID, T0, new RedeemCoupon("red_1", "sub_1", null, "promo_1"))))
                .isEqualTo(new Redeem(ID, TENANT, T0, "red_1", "sub_1", "promo_1"));
    }

    @Test
    void shouldForwardTheCreateWithTheDiscountWhenARedemptionCreatesTheSubscription() {
        var envelope = CouponEnvelopes.redeem("cmd_r", ID, T0, "red_1", "sub_1");

        var commands = CouponEventMapper.subscriptionCommands(
                envelope, List.of(new CouponRedeemed("red_1", "sub_1", "promo_1")), percent());

        assertThat(commands).hasSize(1);
        var command = commands.getFirst();
        assertThat(command.getCommandId()).isEqualTo(Ids.derivedId(IdPrefix.COMMAND, T0, "redemption:red_1"));
        assertThat(command.getSubscriptionId()).isEqualTo("sub_1");
        assertThat(command.getMerchantId()).isEqualTo(CouponEnvelopes.MERCHANT_ID);
        assertThat(command.getMode()).isEqualTo(Mode.TEST);
        assertThat(command.getRequestedAt()).isEqualTo(T0);
        assertThat(command.getRequestId()).isEqualTo("req-cmd_r");
        var create = (CreateSubscription) command.getPayload();
        var asSent = ((RedeemCoupon) envelope.getPayload()).getCreate();
        assertThat(create.getAmountMicros()).isEqualTo(asSent.getAmountMicros());
        assertThat(create.getInvoiceId()).isEqualTo(asSent.getInvoiceId());
        assertThat(create.getCouponId()).isEqualTo(ID);
        assertThat(create.getCouponName()).isEqualTo("WELCOME");
        assertThat(create.getPromotionCodeId()).isEqualTo("promo_1");
        assertThat(create.getPercentOffBasisPoints()).isEqualTo(2_000);
        assertThat(create.getAmountOffMicros()).isNull();
        assertThat(create.getDiscountDuration()).isEqualTo("repeating");
        assertThat(create.getDiscountDurationInMonths()).isEqualTo(3);
    }

    @Test
    void shouldForwardApplyDiscountWhenARedemptionIsForAnExistingSubscription() {
        var envelope = CouponEnvelopes.apply("cmd_a", ID, T0, "red_2", "sub_2");

        var command = CouponEventMapper.subscriptionCommands(
                        envelope, List.of(new CouponRedeemed("red_2", "sub_2", null)), percent())
                .getFirst();

        assertThat(command.getSubscriptionId()).isEqualTo("sub_2");
        assertThat(command.getPayload()).isEqualTo(new ApplyDiscount(ID, "WELCOME", null, 2_000, null, "repeating", 3));
    }

    @Test
    void shouldReleaseOnlyARedemptionThatCameThroughACode() {
        var throughCode = CouponEnvelopes.coupon("cmd_r", ID, T0, new RedeemCoupon("red_1", "sub_1", null, "promo_1"));

        PromotionCodeCommand release = CouponEventMapper.release(throughCode).orElseThrow();

        assertThat(release.getPromotionCodeId()).isEqualTo("promo_1");
        assertThat(release.getCommandId()).isEqualTo(Ids.derivedId(IdPrefix.COMMAND, T0, "releasepromotioncode:red_1"));
        assertThat(release.getPayload()).isEqualTo(new ReleasePromotionCode("red_1"));
        assertThat(CouponEventMapper.release(CouponEnvelopes.redeem("cmd_d", ID, T0, "red_2", "sub_2")))
                .isEmpty();
        assertThat(CouponEventMapper.release(CouponEnvelopes.disable("cmd_x", ID, T0)))
                .isEmpty();
    }

    @Test
    void shouldThrowWhenTheCommandHasAPayloadTheCouponDoesNotKnow() {
        var envelope = CouponEnvelopes.coupon("cmd_x", ID, T0, new ReleasePromotionCode("red_1"));

        assertThatThrownBy(() -> instruction(envelope)).hasMessageContaining("does not know");
    }

    private static CouponInstruction instruction(CouponCommand envelope) {
        return CouponInstructionMapper.toInstruction(CommandHeader.of(envelope), envelope.getPayload());
    }
}
