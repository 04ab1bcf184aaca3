package io.abk.billing.streams.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.schemas.avro.PayFromChain;
import io.abk.billing.schemas.avro.PaymentAggregate;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentSnapshot;
import io.abk.billing.schemas.avro.ReversePayment;
import io.abk.billing.schemas.avro.SettlePayment;
import io.abk.billing.schemas.avro.SettleTransferAuthorization;
import io.abk.billing.schemas.avro.SubmitTransferAuthorization;
import io.abk.billing.schemas.ids.CustomerIds;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.money.UsdcAmount;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.streams.command.CommandHeader;
import io.abk.billing.streams.command.Stored;
import io.abk.billing.streams.payment.domain.PaymentDetails;
import io.abk.billing.streams.payment.domain.PaymentInstruction;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Create;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Settle;
import io.abk.billing.streams.payment.domain.PaymentState.Canceled;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Expired;
import io.abk.billing.streams.payment.domain.PaymentState.Open;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.payment.domain.PaymentTerms;
import io.abk.billing.streams.payment.domain.Receipt;
import io.abk.billing.streams.payment.domain.SignedAuthorization;
import io.abk.billing.streams.payment.domain.TransferAuthorization;
import io.abk.billing.streams.payment.domain.Verification;
import io.abk.billing.streams.payment.domain.VerificationResult.Refused;
import io.abk.billing.streams.payment.domain.Verifications;
import io.abk.billing.streams.shared.domain.RelayedSubmission;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.shared.domain.Tenant;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The payment's store value and wire commands to and from the domain, with every optional field set and unset. */
class PaymentMappingTest {

    private static final String PAYER_CUSTOMER = "cus_0000000000000000000000000p";

    private static final Instant T0 = Instant.parse("2026-03-31T08:00:00Z");
    private static final AvroSerde<PaymentAggregate> SERDE = AvroSerde.of(PaymentAggregate.class);

    static Stream<Existing> states() {
        var full = new PaymentTerms(
                UsdcAmount.ofMicros(1_000_000_000_000_000L),
                "0xaA",
                "0xbB",
                "order-1",
                "price_1",
                "plink_1",
                "Mug",
                "https://x/checkout/pay/pay_1",
                "https://ok",
                "https://cancel",
                "a@b.example",
                "Ada",
                Map.of("k", "v", "paymentLinkId", "plink_1"));
        var bare = new PaymentTerms(
                UsdcAmount.ofMicros(1),
                null,
                "0xbB",
                "order-2",
                null,
                null,
                null,
                "https://x/checkout/pay/pay_1",
                null,
                null,
                null,
                null,
                Map.of());
        var verifying = new Verifications(new Verification("pay_1:verify:3", "cmd_r", "0xabc", T0.plusSeconds(5)), 3);
        var afterFailure = new Verifications(Verification.of("pay_1", 2, null, T0.plusSeconds(9)), 2);
        return Stream.of(
                new Open(details(Mode.TEST, bare, Verifications.NONE)),
                new Open(details(Mode.LIVE, full, verifying)),
                new Expired(details(Mode.TEST, full, afterFailure)),
                new Paid(
                        details(Mode.LIVE, full, new Verifications(null, 1)),
                        new Receipt(T0.plusSeconds(7), "0x" + "ab".repeat(32), UsdcAmount.ofMicros(3), true)),
                new Canceled(details(Mode.TEST, bare, Verifications.NONE)),
                // A payment without a wallet whose payer the chain named: its customer is the payer's.
                new Paid(
                        details(Mode.TEST, bare, Verifications.NONE).withCustomerId(PAYER_CUSTOMER),
                        new Receipt(T0.plusSeconds(7), "0x" + "ef".repeat(32), UsdcAmount.ofMicros(1), false)),
                // Transfer authorizations: the third pending, a submitted one with a cost beyond a long, a failed one.
                new Open(details(Mode.TEST, bare, Verifications.NONE)
                        .withAuthorization(new TransferAuthorization(
                                "0xcc00000000000000000000000000000000000003",
                                RelayedSubmission.pending(3, T0.plusSeconds(2))))),
                new Paid(
                        details(Mode.LIVE, full, Verifications.NONE)
                                .withAuthorization(new TransferAuthorization(
                                        "0xcc00000000000000000000000000000000000003",
                                        RelayedSubmission.pending(1, T0.plusSeconds(2))
                                                .settled(new RelayerOutcome.Submitted(
                                                        "0x" + "cd".repeat(32),
                                                        new RelayerGas(
                                                                86_000, new BigInteger("98765432109876543210")))))),
                        new Receipt(T0.plusSeconds(7), "0x" + "cd".repeat(32), UsdcAmount.ofMicros(1), false)),
                new Expired(details(Mode.TEST, full, Verifications.NONE)
                        .withAuthorization(new TransferAuthorization(
                                "0xcc00000000000000000000000000000000000003",
                                RelayedSubmission.pending(2, T0.plusSeconds(2))
                                        .settled(new RelayerOutcome.NotSubmitted(
                                                "AUTHORIZATION_USED", "The authorization was used", null))))));
    }

    @Test
    void shouldDeriveTheCustomerFromTheWalletWhenTheSnapshotWasWrittenBeforeCustomersExisted() {
        var withWallet = states().skip(1).findFirst().orElseThrow();
        var snapshot = PaymentSnapshotMapper.snapshot(withWallet, 1);
        var before = PaymentSnapshot.newBuilder(snapshot).setCustomerId(null).build();

        assertThat(snapshot.getCustomerId())
                .isEqualTo(CustomerIds.of(
                        "mer_1", "live", withWallet.details().terms().customerWallet()));
        assertThat(PaymentSnapshotMapper.state(before, Verifications.NONE, 0)
                        .details()
                        .customerId())
                .isEqualTo(snapshot.getCustomerId());
        assertThat(PaymentSnapshotMapper.snapshot(states().findFirst().orElseThrow(), 1)
                        .getCustomerId())
                .isNull();
    }

    @Test
    void shouldReadAnAggregateStoredBeforeTransferAuthorizationsExistedAsHavingNone() {
        // Stores written before pay by signature have neither field: their defaults read as no authorization.
        var written =
                PaymentSnapshotMapper.write(new Stored<>(2, states().findFirst().orElseThrow()));

        assertThat(written.getPayment().getAuthorization()).isNull();
        assertThat(written.getAuthorizationCount()).isZero();
        assertThat(PaymentSnapshotMapper.read(written).state().details().authorization())
                .isNull();
    }

    @ParameterizedTest
    @MethodSource("states")
    void shouldReadBackTheSameStateWhenStoredAndSerialized(Existing state) {
        var written = PaymentSnapshotMapper.write(new Stored<>(7, state));
        var bytes = SERDE.serializer().serialize("payment-aggregates", written);

        var read = PaymentSnapshotMapper.read(SERDE.deserializer().deserialize("payment-aggregates", bytes));

        assertThat(read.sequence()).isEqualTo(7);
        assertThat(read.state()).isEqualTo(state);
        assertThat(written.getPayment().getVersion()).isEqualTo(7);
        assertThat(written.getPayment().getStatus()).isEqualTo(state.status());
    }

    @Test
    void shouldRefuseASnapshotWhenItsPaymentFieldsContradictItsStatus() {
        var paid = PaymentSnapshotMapper.snapshot(
                states().filter(Paid.class::isInstance).findFirst().orElseThrow(), 1);
        var open = PaymentSnapshotMapper.snapshot(states().findFirst().orElseThrow(), 1);

        assertThatThrownBy(() -> PaymentSnapshotMapper.state(
                        PaymentSnapshot.newBuilder(paid).setTxHash(null).build(), Verifications.NONE, 0))
                .hasMessageContaining("txHash=null");
        assertThatThrownBy(() -> PaymentSnapshotMapper.state(
                        PaymentSnapshot.newBuilder(open).setPaidAt(T0).build(), Verifications.NONE, 0))
                .hasMessageContaining("status open");
        assertThatThrownBy(() -> PaymentSnapshotMapper.state(
                        PaymentSnapshot.newBuilder(open).setStatus("pending").build(), Verifications.NONE, 0))
                .hasMessageContaining("unknown status pending");
    }

    @Test
    void shouldMapEveryCreateFieldWhenReadingACreateCommand() {
        var envelope = PaymentEnvelopes.create("cmd_1", "pay_1", T0);

        var command = (Create) instruction(envelope);

        assertThat(command.tenant()).isEqualTo(new Tenant(PaymentEnvelopes.MERCHANT_ID, Mode.TEST));
        assertThat(command.requestedAt()).isEqualTo(T0);
        assertThat(CreatePaymentMapper.createPayment(command.terms())).isEqualTo(envelope.getPayload());
    }

    @Test
    void shouldRefuseAVerificationResultWhenItBreaksTheContract() {
        // A success must name its transaction and amount, a failure its code: else the record goes to dead letters.
        assertThatThrownBy(() -> settle(new SettlePayment("r", true, null, 5L, null, null)))
                .hasMessageContaining("without a txHash");
        assertThatThrownBy(() -> settle(new SettlePayment("r", true, "0xab", null, null, null)))
                .hasMessageContaining("without amountReceivedMicros");
        assertThatThrownBy(() -> settle(new SettlePayment("r", false, null, null, null, "boom")))
                .hasMessageContaining("without a failureCode");
        assertThat(settle(new SettlePayment("r", false, null, null, "PAYMENT_TX_NOT_FOUND", null))
                        .result())
                .isEqualTo(new Refused("PAYMENT_TX_NOT_FOUND", "PAYMENT_TX_NOT_FOUND"));
    }

    @Test
    void shouldMapTheChainsCommandsWhenReadingPayFromChainAndReversePayment() {
        var pay = instruction(PaymentEnvelopes.payment(
                "cmd_c", "pay_1", T0, new PayFromChain("84532:0xab:2", "0xab", "0xaa", 25_000_001L, null)));
        var reverse =
                instruction(PaymentEnvelopes.payment("cmd_r", "pay_1", T0, new ReversePayment("84532:0xab:2", "0xab")));

        var tenant = new Tenant(PaymentEnvelopes.MERCHANT_ID, Mode.TEST);
        assertThat(pay)
                .isEqualTo(new PaymentInstruction.PayFromChain(
                        "pay_1", tenant, T0, "84532:0xab:2", "0xab", "0xaa", UsdcAmount.ofMicros(25_000_001L), null));
        var nonce = "0x" + "4e".repeat(32);
        assertThat(((PaymentInstruction.PayFromChain) instruction(PaymentEnvelopes.payment(
                                "cmd_n", "pay_1", T0, new PayFromChain("84532:0xab:2", "0xab", "0xaa", 25L, nonce))))
                        .authorizationNonce())
                .isEqualTo(nonce);
        assertThat(reverse)
                .isEqualTo(new PaymentInstruction.ReversePayment("pay_1", tenant, T0, "84532:0xab:2", "0xab"));
    }

    @Test
    void shouldMapTheCheckoutsAuthorizationAndTheRelayersAnswer() {
        var tenant = new Tenant(PaymentEnvelopes.MERCHANT_ID, Mode.TEST);

        var submit = instruction(PaymentEnvelopes.payment(
                "cmd_a", "pay_1", T0, new SubmitTransferAuthorization("0xcc", 0L, 1_800L, "0x4e", "0xsig")));
        var submitted = instruction(PaymentEnvelopes.payment(
                "cmd_s",
                "pay_1",
                T0,
                new SettleTransferAuthorization("pay_1:authorization:1", true, "0xab", null, null, 51_000L, "7")));
        var failed = instruction(PaymentEnvelopes.payment(
                "cmd_f",
                "pay_1",
                T0,
                new SettleTransferAuthorization(
                        "pay_1:authorization:1", false, null, "AUTHORIZATION_EXPIRED", "expired", null, null)));

        assertThat(submit)
                .isEqualTo(new PaymentInstruction.SubmitTransferAuthorization(
                        "pay_1", tenant, T0, new SignedAuthorization("0xcc", 0L, 1_800L, "0x4e", "0xsig")));
        assertThat(submitted)
                .isEqualTo(new PaymentInstruction.SettleTransferAuthorization(
                        "pay_1",
                        tenant,
                        T0,
                        "pay_1:authorization:1",
                        new RelayerOutcome.Submitted("0xab", new RelayerGas(51_000L, BigInteger.valueOf(7)))));
        assertThat(failed)
                .isEqualTo(new PaymentInstruction.SettleTransferAuthorization(
                        "pay_1",
                        tenant,
                        T0,
                        "pay_1:authorization:1",
                        new RelayerOutcome.NotSubmitted("AUTHORIZATION_EXPIRED", "expired", null)));
        // A success must name its transaction: else the record goes to dead letters.
        assertThatThrownBy(() -> instruction(PaymentEnvelopes.payment(
                        "cmd_x",
                        "pay_1",
                        T0,
                        new SettleTransferAuthorization("pay_1:authorization:1", true, null, null, null, null, null))))
                .hasMessageContaining("without a txHash");
    }

    private static Settle settle(SettlePayment payload) {
        return (Settle) instruction(PaymentEnvelopes.payment("cmd_s", "pay_1", T0, payload));
    }

    private static PaymentDetails details(Mode mode, PaymentTerms terms, Verifications verifications) {
        var tenant = new Tenant("mer_1", mode);
        return new PaymentDetails(
                "pay_1",
                tenant,
                terms,
                T0,
                T0.plusSeconds(86_400),
                verifications,
                null,
                PaymentDetails.customerOf(tenant, terms.customerWallet()));
    }

    /** The instruction {@code envelope} asks for, with the header the command processor reads from it. */
    private static PaymentInstruction instruction(PaymentCommand envelope) {
        return PaymentInstructionMapper.toInstruction(CommandHeader.of(envelope), envelope.getPayload());
    }
}
