package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.DeciderTable.accepts;
import static io.abk.billing.streams.subscription.domain.DeciderTable.rejects;
import static io.abk.billing.streams.subscription.domain.DeciderTable.row;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Scenarios.LATER;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.shared.domain.SubmissionStatus;
import io.abk.billing.streams.subscription.domain.DeciderTable.Expect;
import io.abk.billing.streams.subscription.domain.DeciderTable.Row;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.FirstCharge;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.MandateSignatureRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.MandateSignatureSettled;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Subscribe by signature (docs/architecture.md, "Subscribe by signature"): submitting a signed mandate and the
 * relayer's answer, in every state of the lifecycle table and the three states of a submission, allowed or rejected.
 */
class SignedMandateTableTest {

    private static final Map<String, Existing> STATES = new LinkedHashMap<>();

    static {
        STATES.put("incomplete/pending mandate", Scenarios.incompletePending());
        STATES.put("incomplete/signed mandate pending", SignedMandates.signing());
        STATES.put("incomplete/signed mandate failed", SignedMandates.signingFailed());
        STATES.put("incomplete/signed mandate submitted", SignedMandates.signedSubmitted());
        STATES.put("incomplete/active mandate", Scenarios.incompleteActiveMandate());
        STATES.put("active", Scenarios.active());
        STATES.put("active+cancelAtPeriodEnd", Scenarios.activeCancelingAtPeriodEnd());
        STATES.put("past_due", Scenarios.pastDue());
        STATES.put("paused", Scenarios.paused());
        STATES.put("canceled", Scenarios.canceled());
    }

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.addAll(each(
                "submit signed mandate",
                s -> SignedMandates.submit(),
                Map.of(
                        "incomplete/pending mandate", submitted(1),
                        "incomplete/signed mandate failed", submitted(2)),
                rejects(SubscriptionRejection.ACTIVATE_FAILED)));
        rows.addAll(each(
                "settle signed mandate (mined)",
                s -> SignedMandates.settle(s, true),
                Map.of(
                        "incomplete/signed mandate pending",
                        accepts("incomplete", MandateSignatureSettled.class).and(after -> {
                            var signature = after.details().mandateSignature();
                            assertThat(signature.submission().status()).isEqualTo(SubmissionStatus.SUBMITTED);
                            assertThat(signature.submission().txHash()).isEqualTo(SignedMandates.MANDATE_TX);
                            assertThat(signature.submission().gas()).isEqualTo(SignedMandates.GAS);
                            assertThat(after.details().mandate().status()).isEqualTo(MandateStatus.PENDING);
                        })),
                rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN)));
        rows.addAll(each(
                "settle signed mandate (refused)",
                s -> SignedMandates.settle(s, false),
                Map.of(
                        "incomplete/signed mandate pending",
                        accepts("incomplete", MandateSignatureSettled.class).and(after -> {
                            var submission = after.details().mandateSignature().submission();
                            assertThat(submission.status()).isEqualTo(SubmissionStatus.FAILED);
                            assertThat(submission.failureCode()).isEqualTo("SIGNATURE_EXPIRED");
                            assertThat(submission.txHash()).isNull();
                            // The mandate stays pending: the customer may sign again.
                            assertThat(after.details().mandate().status()).isEqualTo(MandateStatus.PENDING);
                        })),
                rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN)));
        rows.add(row(
                "canceled while pending: the relayer's answer is still recorded",
                Scenarios.apply(SignedMandates.signing(), Scenarios.cancel(true)),
                s -> SignedMandates.settle(s, true),
                accepts("canceled", MandateSignatureSettled.class)));
        rows.add(row(
                "activated by the vault's Subscribed before the relayer answered: the answer is still recorded",
                Scenarios.apply(SignedMandates.signing(), Scenarios.activate()),
                s -> SignedMandates.settle(s, true),
                accepts("incomplete", MandateSignatureSettled.class)
                        .and(after ->
                                assertThat(after.details().mandate().isActive()).isTrue())));
        rows.add(row(
                "an answer for another submission",
                SignedMandates.signing(),
                s -> SignedMandates.stray(SUBSCRIPTION_ID + ":mandate:2"),
                rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN)));
        rows.add(row(
                "the answer applied twice",
                SignedMandates.signedSubmitted(),
                s -> SignedMandates.stray(SUBSCRIPTION_ID + ":mandate:1"),
                rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN)));
        var pending = Scenarios.incompletePending();
        rows.add(row(
                "another wallet than the subscription's",
                pending,
                s -> SignedMandates.submit(t -> withWallet(t, "0x00000000000000000000000000000000000000cc")),
                rejects(SubscriptionRejection.ACTIVATE_FAILED)));
        rows.add(row(
                "another amount per period",
                pending,
                s -> SignedMandates.submit(t -> withAmount(t, "9990001")),
                rejects(SubscriptionRejection.ACTIVATE_FAILED)));
        rows.add(row(
                "a yearly period for a monthly plan",
                pending,
                s -> SignedMandates.submit(t -> withPeriodMonths(t, 12)),
                rejects(SubscriptionRejection.ACTIVATE_FAILED)));
        rows.add(row(
                "no period covered",
                pending,
                s -> SignedMandates.submit(t -> withPeriods(t, 0)),
                rejects(SubscriptionRejection.ACTIVATE_FAILED)));
        rows.add(row(
                "a deadline already passed",
                pending,
                s -> SignedMandates.submit(t -> withDeadline(t, LATER.getEpochSecond())),
                rejects(SubscriptionRejection.ACTIVATE_FAILED)));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowTheSignedMandateRulesWhenACommandArrives(Row row) {
        row.verify();
    }

    @Test
    void shouldChargeTheFirstInvoiceInTheSameTransactionWhenItIsDueByTheFirstChargeTime() {
        var decision =
                (SubscriptionDecision.Accepted) Fixtures.decide(Scenarios.incompletePending(), SignedMandates.submit());

        var requested = (MandateSignatureRequested) decision.events().getFirst();

        assertThat(requested.firstCharge()).isEqualTo(new FirstCharge(Fixtures.INVOICE_ID, Fixtures.AMOUNT));
        assertThat(requested.signed()).isEqualTo(SignedMandates.terms());
        assertThat(requested.signature().requestId(SUBSCRIPTION_ID)).isEqualTo(SUBSCRIPTION_ID + ":mandate:1");
    }

    @Test
    void shouldLeaveTheFirstChargeOutWhenTheInvoiceIsDueAfterTheFirstChargeTime() {
        var early = SignedMandates.submit(t -> withFirstChargeAt(t, Fixtures.NOW.getEpochSecond() - 1));

        var decision = (SubscriptionDecision.Accepted) Fixtures.decide(Scenarios.incompletePending(), early);

        assertThat(((MandateSignatureRequested) decision.events().getFirst()).firstCharge())
                .isNull();
    }

    @Test
    void shouldLeaveTheFirstChargeOutWhenTheFirstInvoiceIsFree() {
        var trialing = (Existing) Fixtures.created(Interval.MONTH, 14);

        var decision = (SubscriptionDecision.Accepted) Fixtures.decide(trialing, SignedMandates.submit());

        assertThat(((MandateSignatureRequested) decision.events().getFirst()).firstCharge())
                .isNull();
    }

    /** One row per state: {@code allowed} where the rules allow the trigger, else {@code otherwise}. */
    private static List<Row> each(
            String trigger,
            Function<Existing, SubscriptionInstruction> when,
            Map<String, Expect> allowed,
            Expect otherwise) {
        return STATES.entrySet().stream()
                .map(state -> {
                    var expect = allowed.getOrDefault(state.getKey(), otherwise);
                    var outcome = expect.refusal() != null
                            ? "rejected " + expect.refusal().code()
                            : "accepted";
                    return row(state.getKey() + ": " + trigger + " -> " + outcome, state.getValue(), when, expect);
                })
                .toList();
    }

    /** Accepted as submission {@code number}: pending, still incomplete with the mandate pending. */
    private static Expect submitted(int number) {
        Consumer<Existing> check = after -> {
            var signature = after.details().mandateSignature();
            assertThat(signature.submission().status()).isEqualTo(SubmissionStatus.PENDING);
            assertThat(signature.submission().number()).isEqualTo(number);
            assertThat(signature.submission().submittedAt()).isEqualTo(LATER);
            assertThat(signature.wallet()).isEqualTo(SignedMandates.terms().wallet());
            assertThat(signature.periods()).isEqualTo(12);
            assertThat(signature.deadline())
                    .isEqualTo(Instant.ofEpochSecond(SignedMandates.terms().deadlineSeconds()));
            assertThat(after.details().mandate().status()).isEqualTo(MandateStatus.PENDING);
            assertThat(after.details().settlements().inFlight()).isEmpty();
        };
        return accepts("incomplete", MandateSignatureRequested.class).and(check);
    }

    private static SignedMandate withWallet(SignedMandate t, String wallet) {
        return new SignedMandate(
                wallet,
                t.periods(),
                t.deadlineSeconds(),
                t.nonce(),
                t.signature(),
                t.amountBaseUnits(),
                t.periodMonths(),
                t.firstChargeAtSeconds(),
                t.permit());
    }

    private static SignedMandate withAmount(SignedMandate t, String amount) {
        return new SignedMandate(
                t.wallet(),
                t.periods(),
                t.deadlineSeconds(),
                t.nonce(),
                t.signature(),
                amount,
                t.periodMonths(),
                t.firstChargeAtSeconds(),
                t.permit());
    }

    private static SignedMandate withPeriodMonths(SignedMandate t, int months) {
        return new SignedMandate(
                t.wallet(),
                t.periods(),
                t.deadlineSeconds(),
                t.nonce(),
                t.signature(),
                t.amountBaseUnits(),
                months,
                t.firstChargeAtSeconds(),
                t.permit());
    }

    private static SignedMandate withPeriods(SignedMandate t, long periods) {
        return new SignedMandate(
                t.wallet(),
                periods,
                t.deadlineSeconds(),
                t.nonce(),
                t.signature(),
                t.amountBaseUnits(),
                t.periodMonths(),
                t.firstChargeAtSeconds(),
                t.permit());
    }

    private static SignedMandate withDeadline(SignedMandate t, long deadline) {
        return new SignedMandate(
                t.wallet(),
                t.periods(),
                deadline,
                t.nonce(),
                t.signature(),
                t.amountBaseUnits(),
                t.periodMonths(),
                t.firstChargeAtSeconds(),
                t.permit());
    }

    private static SignedMandate withFirstChargeAt(SignedMandate t, long firstChargeAt) {
        return new SignedMandate(
                t.wallet(),
                t.periods(),
                t.deadlineSeconds(),
                t.nonce(),
                t.signature(),
                t.amountBaseUnits(),
                t.periodMonths(),
                firstChargeAt,
                t.permit());
    }
}
