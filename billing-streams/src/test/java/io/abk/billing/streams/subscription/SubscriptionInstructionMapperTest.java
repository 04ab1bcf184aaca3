package io.abk.billing.streams.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.CancelSubscription;
import io.abk.billing.schemas.avro.ChargeDueInvoice;
import io.abk.billing.schemas.avro.ChargeInvoice;
import io.abk.billing.schemas.avro.CompleteSubscription;
import io.abk.billing.schemas.avro.ExpireIncompleteSubscription;
import io.abk.billing.schemas.avro.PauseSubscription;
import io.abk.billing.schemas.avro.RefundInvoice;
import io.abk.billing.schemas.avro.RenewSubscription;
import io.abk.billing.schemas.avro.ResumeSubscription;
import io.abk.billing.schemas.avro.ReverseCharge;
import io.abk.billing.schemas.avro.RevokeMandate;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SettleSignedMandate;
import io.abk.billing.schemas.avro.SubmitSignedMandate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.UpdateSubscription;
import io.abk.billing.schemas.avro.VoidInvoice;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.shared.domain.Tenant;
import io.abk.billing.streams.subscription.domain.ChargeFailure;
import io.abk.billing.streams.subscription.domain.Discount;
import io.abk.billing.streams.subscription.domain.DiscountDuration;
import io.abk.billing.streams.subscription.domain.Interval;
import io.abk.billing.streams.subscription.domain.ProrationBehavior;
import io.abk.billing.streams.subscription.domain.SettlementResult;
import io.abk.billing.streams.subscription.domain.SignedMandate;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every payload of the command topic to its domain command, field by field. */
class SubscriptionInstructionMapperTest {

    private static final Instant AT = Instant.parse("2026-04-01T12:00:00Z");
    private static final String SUB = "sub_1";
    private static final Tenant TENANT = new Tenant(CommandEnvelopes.MERCHANT_ID, Mode.TEST);
    private static final String TX = "0x" + "cd".repeat(32);
    private static final Instant PERIOD_END = Instant.parse("2026-03-31T00:00:00Z");

    static Stream<Arguments> payloads() {
        return Stream.of(
                Arguments.of(
                        new ActivateSubscription("77"), new SubscriptionInstruction.Activate(SUB, TENANT, AT, "77")),
                Arguments.of(
                        new CompleteSubscription(null), new SubscriptionInstruction.Complete(SUB, TENANT, AT, null)),
                Arguments.of(new CancelSubscription(true), new SubscriptionInstruction.Cancel(SUB, TENANT, AT, true)),
                Arguments.of(new ResumeSubscription(), new SubscriptionInstruction.Resume(SUB, TENANT, AT, "cmd_m")),
                Arguments.of(new PauseSubscription(), new SubscriptionInstruction.Pause(SUB, TENANT, AT)),
                Arguments.of(
                        new UpdateSubscription(
                                5_000_000L, "year", "plan_2", Map.of("a", ""), "price_2", "always_invoice"),
                        new SubscriptionInstruction.Update(
                                SUB,
                                TENANT,
                                AT,
                                UsdcAmount.ofMicros(5_000_000),
                                Interval.YEAR,
                                "plan_2",
                                Map.of("a", ""),
                                "price_2",
                                ProrationBehavior.ALWAYS_INVOICE,
                                "cmd_m")),
                Arguments.of(
                        new UpdateSubscription(null, null, null, Map.of(), null, null),
                        new SubscriptionInstruction.Update(
                                SUB,
                                TENANT,
                                AT,
                                null,
                                null,
                                null,
                                Map.of(),
                                null,
                                ProrationBehavior.CREATE_PRORATIONS,
                                "cmd_m")),
                Arguments.of(
                        new io.abk.billing.schemas.avro.ApplyDiscount(
                                "coupon_1", "WELCOME", "promo_1", 2_000, null, "repeating", 3),
                        new SubscriptionInstruction.ApplyDiscount(
                                SUB,
                                TENANT,
                                AT,
                                Discount.applied(
                                        "coupon_1",
                                        "WELCOME",
                                        "promo_1",
                                        2_000,
                                        null,
                                        DiscountDuration.REPEATING,
                                        3,
                                        AT))),
                Arguments.of(
                        new io.abk.billing.schemas.avro.ApplyDiscount(null, null, null, null, null, null, null),
                        new SubscriptionInstruction.ApplyDiscount(SUB, TENANT, AT, null)),
                Arguments.of(new RevokeMandate("chain"), new SubscriptionInstruction.RevokeMandate(SUB, TENANT, AT)),
                Arguments.of(
                        new ChargeInvoice("inv_1", "allowance_revoked"),
                        new SubscriptionInstruction.Charge(SUB, TENANT, AT, "inv_1", "allowance_revoked")),
                Arguments.of(
                        new RefundInvoice("inv_1", null),
                        new SubscriptionInstruction.Refund(SUB, TENANT, AT, "inv_1", null)),
                Arguments.of(
                        new RefundInvoice("inv_1", 1L),
                        new SubscriptionInstruction.Refund(SUB, TENANT, AT, "inv_1", UsdcAmount.ofMicros(1))),
                Arguments.of(
                        new VoidInvoice("inv_1"), new SubscriptionInstruction.VoidInvoice(SUB, TENANT, AT, "inv_1")),
                Arguments.of(
                        new SettleCharge("inv_1:2", "inv_1", true, TX, null, null, 52_000L, "104000000000000"),
                        new SubscriptionInstruction.SettleCharge(
                                SUB,
                                TENANT,
                                AT,
                                "inv_1",
                                "inv_1:2",
                                new SettlementResult.Succeeded(TX),
                                new RelayerGas(52_000L, new BigInteger("104000000000000")))),
                Arguments.of(
                        new SettleCharge("inv_1:2", "inv_1", false, null, "ALLOWANCE_REVOKED", "revoked", null, null),
                        new SubscriptionInstruction.SettleCharge(
                                SUB,
                                TENANT,
                                AT,
                                "inv_1",
                                "inv_1:2",
                                new SettlementResult.Failed(new ChargeFailure("ALLOWANCE_REVOKED", "revoked")),
                                null)),
                Arguments.of(
                        new SettleRefund("inv_1:refund:1", "inv_1", 7L, false, null, "RELAYER_ERROR", null, null, null),
                        new SubscriptionInstruction.SettleRefund(
                                SUB,
                                TENANT,
                                AT,
                                "inv_1",
                                "inv_1:refund:1",
                                UsdcAmount.ofMicros(7),
                                new SettlementResult.Failed(new ChargeFailure("RELAYER_ERROR", "RELAYER_ERROR")))),
                Arguments.of(
                        new SubmitSignedMandate(
                                "0xcc",
                                12L,
                                1_800L,
                                "0x01",
                                "0xsig",
                                "25000000",
                                1,
                                1_000L,
                                "300000000",
                                1_700L,
                                "0xp"),
                        new SubscriptionInstruction.SubmitSignedMandate(
                                SUB,
                                TENANT,
                                AT,
                                new SignedMandate(
                                        "0xcc",
                                        12L,
                                        1_800L,
                                        "0x01",
                                        "0xsig",
                                        "25000000",
                                        1,
                                        1_000L,
                                        new SignedMandate.Permit("300000000", 1_700L, "0xp")))),
                Arguments.of(
                        new SubmitSignedMandate(
                                "0xcc", 12L, 1_800L, "0x01", "0xsig", "25000000", 1, 1_000L, null, null, null),
                        new SubscriptionInstruction.SubmitSignedMandate(
                                SUB,
                                TENANT,
                                AT,
                                new SignedMandate("0xcc", 12L, 1_800L, "0x01", "0xsig", "25000000", 1, 1_000L, null))),
                Arguments.of(
                        new SettleSignedMandate("sub_1:mandate:1", true, TX, null, null, 90_000L, "9"),
                        new SubscriptionInstruction.SettleSignedMandate(
                                SUB,
                                TENANT,
                                AT,
                                "sub_1:mandate:1",
                                new RelayerOutcome.Submitted(TX, new RelayerGas(90_000L, BigInteger.valueOf(9))))),
                Arguments.of(
                        new SettleSignedMandate("sub_1:mandate:2", false, null, "PERMIT_FAILED", null, null, null),
                        new SubscriptionInstruction.SettleSignedMandate(
                                SUB,
                                TENANT,
                                AT,
                                "sub_1:mandate:2",
                                new RelayerOutcome.NotSubmitted("PERMIT_FAILED", "PERMIT_FAILED", null))),
                // The renewal invoice's id is seeded by the command id, as a resume's is.
                Arguments.of(
                        new RenewSubscription(PERIOD_END),
                        new SubscriptionInstruction.Renew(SUB, TENANT, AT, PERIOD_END, "cmd_m")),
                Arguments.of(
                        new ChargeDueInvoice("inv_1", 3),
                        new SubscriptionInstruction.ChargeDue(SUB, TENANT, AT, "inv_1", 3)),
                Arguments.of(
                        new ExpireIncompleteSubscription(),
                        new SubscriptionInstruction.ExpireIncomplete(SUB, TENANT, AT)),
                Arguments.of(
                        new ReverseCharge("inv_1", "0xab", "84532:0xab:4"),
                        new SubscriptionInstruction.ReverseCharge(SUB, TENANT, AT, "inv_1", "0xab", "84532:0xab:4")));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("payloads")
    void shouldMapEveryFieldWhenThePayloadIsKnown(Object payload, SubscriptionInstruction expected) {
        var envelope = CommandEnvelopes.command("cmd_m", SUB, AT, payload);

        assertThat(instruction(envelope)).isEqualTo(expected);
    }

    @Test
    void shouldThrowWhenASuccessfulSettlementHasNoTransaction() {
        var envelope = CommandEnvelopes.command(
                "cmd_m", SUB, AT, new SettleCharge("inv_1:1", "inv_1", true, null, null, null, null, null));

        assertThatThrownBy(() -> instruction(envelope))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without a txHash");
    }

    /** The instruction {@code envelope} asks for, with the header the command processor reads from it. */
    private static SubscriptionInstruction instruction(SubscriptionCommand envelope) {
        return SubscriptionInstructionMapper.toInstruction(CommandHeader.of(envelope), envelope.getPayload());
    }
}
