package io.abk.billing.streams.paymentlink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.OpenPaymentLink;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.PaymentLinkSnapshot;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.payment.PaymentEnvelopes;
import io.abk.billing.streams.paymentlink.domain.Customer;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkDetails;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Create;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Open;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Active;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Disabled;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Existing;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Expired;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkTerms;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The payment link's snapshot (its whole stored state) and wire commands to and from the domain. */
class PaymentLinkMappingTest {

    private static final Instant T0 = Instant.parse("2026-03-31T08:00:00Z");

    static Stream<Existing> states() {
        var full = new PaymentLinkTerms(
                UsdcAmount.ofMicros(12_500_000),
                "Ticket",
                "ticket",
                "0xbB",
                "price_1",
                "https://x/checkout/link/plink_1",
                "https://ok",
                "https://cancel",
                true,
                true,
                Map.of("k", "v"));
        var bare = new PaymentLinkTerms(
                UsdcAmount.ofMicros(1),
                null,
                "plink_1",
                "0xbB",
                null,
                "https://x/checkout/link/plink_1",
                null,
                null,
                false,
                false,
                Map.of());
        return Stream.of(
                new Active(
                        new PaymentLinkDetails("plink_1", new Tenant("mer_1", Mode.TEST), bare, null, null, 0, 0, T0)),
                new Expired(new PaymentLinkDetails(
                        "plink_1", new Tenant("mer_1", Mode.LIVE), full, 25, T0.plusSeconds(60), 25, 7, T0)),
                new Disabled(
                        new PaymentLinkDetails("plink_1", new Tenant("mer_1", Mode.TEST), full, 3, null, 1, 1, T0),
                        T0.plusSeconds(5)));
    }

    @ParameterizedTest
    @MethodSource("states")
    void shouldReadBackTheSameStateWhenStored(Existing state) {
        var snapshot = PaymentLinkSnapshotMapper.snapshot(state, 4);

        assertThat(PaymentLinkSnapshotMapper.state(snapshot)).isEqualTo(state);
        assertThat(snapshot.getVersion()).isEqualTo(4);
        assertThat(snapshot.getStatus()).isEqualTo(state.status());
    }

    @Test
    void shouldRefuseASnapshotWhenDisabledAtContradictsItsStatus() {
        var disabled =
                PaymentLinkSnapshotMapper.snapshot(states().skip(2).findFirst().orElseThrow(), 1);

        assertThatThrownBy(() -> PaymentLinkSnapshotMapper.state(PaymentLinkSnapshot.newBuilder(disabled)
                        .setDisabledAt(null)
                        .build()))
                .hasMessageContaining("status disabled");
        assertThatThrownBy(() -> PaymentLinkSnapshotMapper.state(PaymentLinkSnapshot.newBuilder(disabled)
                        .setStatus("active")
                        .build()))
                .hasMessageContaining("status active");
    }

    @Test
    void shouldMapEveryFieldWhenReadingCreateAndOpenCommands() {
        var create =
                (Create) instruction(PaymentEnvelopes.createLink("cmd_1", "plink_1", T0, 25, T0.plusSeconds(3600)));
        var open = (Open) instruction(PaymentEnvelopes.link(
                "cmd_2",
                "plink_1",
                T0,
                new OpenPaymentLink("pay_1", "https://x/checkout/pay/pay_1", "0xaA", "a@b.example", "Ada")));

        assertThat(create.maxUses()).isEqualTo(25);
        assertThat(create.expiresAt()).isEqualTo(T0.plusSeconds(3600));
        assertThat(create.terms())
                .isEqualTo(new PaymentLinkTerms(
                        UsdcAmount.ofMicros(12_500_000),
                        "Concert ticket",
                        "ticket",
                        PaymentEnvelopes.PAYOUT,
                        "price_01jq0000000000000000000000",
                        PaymentEnvelopes.PUBLIC_URL + "/checkout/link/plink_1",
                        "https://shop.example/ok",
                        "https://shop.example/cancel",
                        true,
                        false,
                        Map.of("event", "e-1")));
        assertThat(open)
                .isEqualTo(new Open(
                        "plink_1",
                        new Tenant(PaymentEnvelopes.MERCHANT_ID, Mode.TEST),
                        T0,
                        "pay_1",
                        "https://x/checkout/pay/pay_1",
                        new Customer("0xaA", "a@b.example", "Ada")));
    }

    /** The instruction {@code envelope} asks for, with the header the command processor reads from it. */
    private static PaymentLinkInstruction instruction(PaymentLinkCommand envelope) {
        return PaymentLinkInstructionMapper.toInstruction(CommandHeader.of(envelope), envelope.getPayload());
    }
}
