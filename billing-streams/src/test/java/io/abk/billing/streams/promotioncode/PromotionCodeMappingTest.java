package io.abk.billing.streams.promotioncode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.CreatePromotionCode;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.RedeemCoupon;
import io.abk.billing.schemas.avro.RedeemPromotionCode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.coupon.CouponEnvelopes;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeDetails;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeEvent.PromotionCodeRedeemed;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Create;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Deactivate;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Redeem;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeInstruction.Release;
import io.abk.billing.streams.promotioncode.domain.PromotionCodeState.Existing;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The promotion code's store value (snapshot and open redemptions), wire commands and forwarded redemption. */
class PromotionCodeMappingTest {

    private static final Instant T0 = Instant.parse("2026-03-31T08:00:00Z");
    private static final String ID = CouponEnvelopes.promotionCodeId("WELCOME20");
    private static final Tenant TENANT = new Tenant(CouponEnvelopes.MERCHANT_ID, io.abk.billing.schemas.mode.Mode.TEST);

    static PromotionCodeDetails code(List<String> open) {
        return new PromotionCodeDetails(
                ID,
                TENANT,
                "coupon_1",
                "Welcome20",
                true,
                5,
                open.size(),
                T0.plusSeconds(60),
                Map.of("k", "v"),
                T0,
                open);
    }

    static Stream<Existing> states() {
        return Stream.of(
                Existing.of(code(List.of())),
                Existing.of(code(List.of("red_1", "red_2"))),
                Existing.of(code(List.of("red_1")).deactivated()));
    }

    @ParameterizedTest
    @MethodSource("states")
    void shouldReadBackTheSameStateWithItsOpenRedemptionsWhenStored(Existing state) {
        var stored = PromotionCodeSnapshotMapper.write(new Stored<>(7, state));

        assertThat(PromotionCodeSnapshotMapper.read(stored)).isEqualTo(new Stored<>(7, state));
        assertThat(stored.getPromotionCode().getVersion()).isEqualTo(7);
        assertThat(stored.getOpenRedemptions()).isEqualTo(state.details().openRedemptions());
    }

    @Test
    void shouldMapEveryFieldWhenReadingEachCommand() {
        assertThat(instruction(CouponEnvelopes.createCode("cmd_1", "welcome20", "coupon_1", T0, 2)))
                .isEqualTo(new Create(ID, TENANT, T0, "coupon_1", "welcome20", 2, null, Map.of()));
        assertThat(instruction(CouponEnvelopes.deactivateCode("cmd_2", ID, T0)))
                .isEqualTo(new Deactivate(ID, TENANT, T0));
        assertThat(instruction(CouponEnvelopes.redeemCode("cmd_3", ID, T0, "red_1", "sub_1")))
                .isEqualTo(new Redeem(ID, TENANT, T0, "red_1", "sub_1"));
        assertThat(instruction(CouponEnvelopes.release("cmd_4", ID, T0, "red_1")))
                .isEqualTo(new Release(ID, TENANT, T0, "red_1"));
    }

    /** Protects one code per merchant and mode: a create keyed by another id would make a second WELCOME20. */
    @Test
    void shouldThrowWhenTheIdIsNotTheCodes() {
        var envelope = CouponEnvelopes.promotionCode(
                "cmd_1", ID, T0, new CreatePromotionCode("coupon_1", "OTHER", null, null, Map.of()));

        assertThatThrownBy(() -> instruction(envelope))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(CouponEnvelopes.promotionCodeId("other"));
    }

    @Test
    void shouldForwardRedeemCouponWithTheCreateAndTheCodeWhenARedemptionIsCounted() {
        var envelope = CouponEnvelopes.redeemCode("cmd_r", ID, T0, "red_1", "sub_1");

        var commands = PromotionCodeEventMapper.couponCommands(
                envelope, List.of(new PromotionCodeRedeemed("red_1", "sub_1")), code(List.of("red_1")));

        assertThat(commands).hasSize(1);
        var command = commands.getFirst();
        assertThat(command.getCouponId()).isEqualTo("coupon_1");
        assertThat(command.getCommandId()).isEqualTo(Ids.derivedId(IdPrefix.COMMAND, T0, "redeemcoupon:red_1"));
        assertThat(command.getRequestedAt()).isEqualTo(T0);
        assertThat(command.getRequestId()).isEqualTo("req-cmd_r");
        assertThat(command.getPayload())
                .isEqualTo(new RedeemCoupon(
                        "red_1", "sub_1", ((RedeemPromotionCode) envelope.getPayload()).getCreate(), ID));
    }

    private static PromotionCodeInstruction instruction(PromotionCodeCommand envelope) {
        return PromotionCodeInstructionMapper.toInstruction(CommandHeader.of(envelope), envelope.getPayload());
    }
}
