package io.abk.billing.streams.payment.domain;

import static io.abk.billing.streams.payment.domain.PaymentFixtures.AFTER_EXPIRY;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.AMOUNT;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.LATER;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.PAYMENT_ID;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.payment.domain.PaymentEvent.AuthorizationRequested;
import io.abk.billing.streams.payment.domain.PaymentEvent.AuthorizationSettled;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentPaid;
import io.abk.billing.streams.payment.domain.PaymentInstruction.PayFromChain;
import io.abk.billing.streams.payment.domain.PaymentInstruction.SettleTransferAuthorization;
import io.abk.billing.streams.payment.domain.PaymentInstruction.SubmitTransferAuthorization;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.shared.domain.RelayerGas;
import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.shared.domain.SubmissionStatus;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pay by signature (docs/architecture.md, "Pay by signature"): submitting a transfer authorization and the relayer's
 * answer, in every state of the payment table and the three states of a submission, allowed or rejected; and the
 * transfer it makes, seen on chain with its nonce, paying the payment as any matched transfer does.
 */
class AuthorizationTableTest {

    private static final Instant SIGNED_AT = LATER.plusSeconds(60);
    private static final String SIGNER = "0x00000000000000000000000000000000000000aa";
    private static final String NONCE = "0x" + "4e".repeat(32);
    private static final String RELAYER_TX = "0x" + "5e".repeat(32);
    private static final RelayerGas GAS = new RelayerGas(52_345, new BigInteger("52345000000000"));

    private static final Map<String, Existing> STATES = new LinkedHashMap<>();

    static {
        STATES.put("open", PaymentFixtures.open());
        STATES.put("open+verifying", PaymentFixtures.openVerifying());
        STATES.put("open+authorization pending", authorizing(PaymentFixtures.open()));
        STATES.put("open+authorization failed", answered(authorizing(PaymentFixtures.open()), false));
        STATES.put("open+authorization submitted", answered(authorizing(PaymentFixtures.open()), true));
        STATES.put("expired", PaymentFixtures.expired());
        STATES.put("expired+authorization pending", authorizing(PaymentFixtures.expired()));
        STATES.put("paid", PaymentFixtures.paid());
        STATES.put("paid+authorization pending", pay(authorizing(PaymentFixtures.open())));
        STATES.put("canceled", PaymentFixtures.canceled());
    }

    record Row(
            String name,
            Existing given,
            Function<Existing, PaymentInstruction> when,
            @Nullable String code,
            @Nullable String status,
            Consumer<Outcome> check) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Outcome(Existing before, @Nullable String followUp, List<PaymentEvent> events, Existing after) {}

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.addAll(each(
                "submit authorization",
                s -> submit(),
                Map.of(
                        "open", submitted("open", 1),
                        "open+verifying", submitted("open", 1),
                        "open+authorization failed", submitted("open", 2),
                        "expired", submitted("expired", 1)),
                "payment_not_confirmable"));
        rows.addAll(each(
                "authorization submitted",
                s -> settle(s, true),
                Map.of(
                        "open+authorization pending", settled("open", SubmissionStatus.SUBMITTED),
                        "expired+authorization pending", settled("expired", SubmissionStatus.SUBMITTED),
                        // The transfer seen on chain paid it before the relayer's answer came back.
                        "paid+authorization pending", settled("paid", SubmissionStatus.SUBMITTED)),
                "settlement_unknown"));
        rows.addAll(each(
                "authorization refused",
                s -> settle(s, false),
                Map.of(
                        "open+authorization pending", settled("open", SubmissionStatus.FAILED),
                        "expired+authorization pending", settled("expired", SubmissionStatus.FAILED),
                        "paid+authorization pending", settled("paid", SubmissionStatus.FAILED)),
                "settlement_unknown"));
        rows.add(new Row(
                "open+authorization pending: an answer for another submission -> rejected settlement_unknown",
                STATES.get("open+authorization pending"),
                s -> new SettleTransferAuthorization(
                        PAYMENT_ID,
                        TENANT,
                        SIGNED_AT,
                        PAYMENT_ID + ":authorization:2",
                        new RelayerOutcome.Submitted(RELAYER_TX, GAS)),
                "settlement_unknown",
                null,
                o -> {}));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowTheAuthorizationRulesWhenACommandArrives(Row row) {
        var decision = PaymentFixtures.decide(row.given(), row.when().apply(row.given()));

        switch (decision) {
            case PaymentDecision.Rejected rejected -> {
                assertThat(row.code()).as("rejected: %s", rejected).isNotNull();
                assertThat(rejected.reason().code()).isEqualTo(row.code());
                assertThat(rejected.message()).isNotBlank();
            }
            case PaymentDecision.Failed failed -> throw new AssertionError("failed: " + failed);
            case PaymentDecision.Accepted accepted -> {
                assertThat(row.code()).as("accepted, expected %s", row.code()).isNull();
                var after = (Existing) PaymentEvolver.evolveAll(row.given(), accepted.events());
                assertThat(after.status()).isEqualTo(row.status());
                row.check().accept(new Outcome(row.given(), accepted.followUpCommandId(), accepted.events(), after));
            }
        }
    }

    @Test
    void shouldPayTheOpenPaymentWhenTheAuthorizedTransferIsSeenOnChainWithItsNonce() {
        var authorizing = authorizing(PaymentFixtures.open());

        var decision =
                (PaymentDecision.Accepted) PaymentFixtures.decide(authorizing, payByNonce(LATER.plusSeconds(90)));

        assertThat(decision.events()).extracting(Object::getClass).containsExactly(PaymentPaid.class);
        var paid = (Paid) PaymentEvolver.evolveAll(authorizing, decision.events());
        assertThat(paid.receipt()).isEqualTo(new Receipt(LATER.plusSeconds(90), RELAYER_TX, AMOUNT, false));
        assertThat(paid.details().authorization())
                .isEqualTo(authorizing.details().authorization());
    }

    @Test
    void shouldPayTheExpiredPaymentLateWhenTheAuthorizedTransferIsSeenOnChain() {
        var decision = (PaymentDecision.Accepted)
                PaymentFixtures.decide(authorizing(PaymentFixtures.expired()), payByNonce(AFTER_EXPIRY.plusSeconds(5)));

        assertThat(((PaymentPaid) decision.events().getFirst()).receipt().paidLate())
                .isTrue();
    }

    /** One row per state: {@code allowed} where the rules allow the trigger, else a rejection with {@code code}. */
    private static List<Row> each(
            String trigger, Function<Existing, PaymentInstruction> when, Map<String, Row> allowed, String code) {
        return STATES.entrySet().stream()
                .map(state -> {
                    var expect = allowed.get(state.getKey());
                    var name = state.getKey() + ": " + trigger + " -> "
                            + (expect == null ? "rejected " + code : expect.status());
                    return expect == null
                            ? new Row(name, state.getValue(), when, code, null, o -> {})
                            : new Row(name, state.getValue(), when, null, expect.status(), expect.check());
                })
                .toList();
    }

    /** Accepted as submission {@code number}, pending, its answer this command's follow-up; the status stays. */
    private static Row submitted(String status, int number) {
        return new Row("", PaymentFixtures.open(), s -> submit(), null, status, o -> {
            assertThat(o.events()).extracting(Object::getClass).containsExactly(AuthorizationRequested.class);
            var authorization = o.after().details().authorization();
            assertThat(authorization.fromAddress()).isEqualTo(SIGNER);
            assertThat(authorization.submission().status()).isEqualTo(SubmissionStatus.PENDING);
            assertThat(authorization.submission().number()).isEqualTo(number);
            assertThat(authorization.requestId(PAYMENT_ID)).isEqualTo(PAYMENT_ID + ":authorization:" + number);
            assertThat(o.followUp()).isEqualTo(authorization.resultCommandId(PAYMENT_ID));
            assertThat(((AuthorizationRequested) o.events().getFirst()).signed())
                    .isEqualTo(signed());
            assertThat(o.after().details().verifications())
                    .isEqualTo(o.before().details().verifications());
        });
    }

    /** The answer recorded, nothing else changes (a payment is paid by the transfer seen on chain, not by this). */
    private static Row settled(String status, SubmissionStatus expected) {
        return new Row("", PaymentFixtures.open(), s -> submit(), null, status, o -> {
            assertThat(o.events()).extracting(Object::getClass).containsExactly(AuthorizationSettled.class);
            var submission = o.after().details().authorization().submission();
            assertThat(submission.status()).isEqualTo(expected);
            assertThat(submission.txHash()).isEqualTo(expected == SubmissionStatus.SUBMITTED ? RELAYER_TX : null);
            assertThat(submission.gas()).isEqualTo(expected == SubmissionStatus.SUBMITTED ? GAS : null);
            assertThat(submission.failureCode())
                    .isEqualTo(expected == SubmissionStatus.FAILED ? "AUTHORIZATION_EXPIRED" : null);
            assertThat(o.followUp()).isNull();
        });
    }

    private static SignedAuthorization signed() {
        return new SignedAuthorization(SIGNER, 0, SIGNED_AT.plusSeconds(3_600).getEpochSecond(), NONCE, "0xsig");
    }

    private static SubmitTransferAuthorization submit() {
        return new SubmitTransferAuthorization(PAYMENT_ID, TENANT, SIGNED_AT, signed());
    }

    /** The relayer's answer to the latest authorization of {@code state} (to a first one when there is none). */
    private static SettleTransferAuthorization settle(Existing state, boolean succeeded) {
        var latest = state.details().authorization();
        return new SettleTransferAuthorization(
                PAYMENT_ID,
                TENANT,
                SIGNED_AT,
                latest == null ? PAYMENT_ID + ":authorization:1" : latest.requestId(PAYMENT_ID),
                succeeded
                        ? new RelayerOutcome.Submitted(RELAYER_TX, GAS)
                        : new RelayerOutcome.NotSubmitted("AUTHORIZATION_EXPIRED", "The authorization expired", null));
    }

    private static PayFromChain payByNonce(Instant at) {
        return new PayFromChain(
                PAYMENT_ID, TENANT, at, "84532:" + RELAYER_TX + ":1", RELAYER_TX, SIGNER, AMOUNT, NONCE);
    }

    private static Existing authorizing(Existing state) {
        return PaymentFixtures.apply(state, submit());
    }

    private static Existing answered(Existing state, boolean succeeded) {
        return PaymentFixtures.apply(state, settle(state, succeeded));
    }

    private static Existing pay(Existing state) {
        return PaymentFixtures.apply(state, payByNonce(LATER.plusSeconds(90)));
    }
}
