package io.abk.billing.streams.payment.domain;

import static io.abk.billing.streams.payment.domain.PaymentFixtures.AFTER_EXPIRY;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.AMOUNT;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.LATER;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.PAYMENT_ID;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.TENANT;
import static io.abk.billing.streams.payment.domain.PaymentFixtures.TX_HASH;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentCreated;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentExpired;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentPaid;
import io.abk.billing.streams.payment.domain.PaymentEvent.PaymentReopened;
import io.abk.billing.streams.payment.domain.PaymentEvent.VerificationClosed;
import io.abk.billing.streams.payment.domain.PaymentEvent.VerificationRequested;
import io.abk.billing.streams.payment.domain.PaymentInstruction.Settle;
import io.abk.billing.streams.payment.domain.PaymentState.Absent;
import io.abk.billing.streams.payment.domain.PaymentState.Existing;
import io.abk.billing.streams.payment.domain.PaymentState.Paid;
import io.abk.billing.streams.payment.domain.VerificationResult.Refused;
import io.abk.billing.streams.payment.domain.VerificationResult.Verified;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one-time payment's rules (docs/architecture.md, "One-time payment"): every payment command (create, confirm, the
 * verification's success and failure, expiry when due and before, a transfer the chain side matched, and the
 * retraction of a transfer) in every state, allowed or rejected.
 */
class PaymentDeciderTest {

    private static final java.time.Instant CONFIRMED_AT = LATER.plusSeconds(60);
    private static final String OTHER_TX_HASH = "0x" + "99".repeat(32);

    /** Each state with its name in the table. */
    private static final Map<String, Existing> STATES = ordered(
            "open",
            PaymentFixtures.open(),
            "open+verifying",
            PaymentFixtures.openVerifying(),
            "expired",
            PaymentFixtures.expired(),
            "expired+verifying",
            PaymentFixtures.expiredVerifying(),
            "paid",
            PaymentFixtures.paid(),
            "paid-by-chain+verifying",
            PaymentFixtures.paidByChainVerifying(),
            "canceled",
            PaymentFixtures.canceled());

    record Row(String name, PaymentState given, Function<PaymentState, PaymentInstruction> when, Expect then) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A rejection ({@code failed} false) or failure with {@code code}, or an acceptance; then the state after. */
    record Expect(
            @Nullable String code,
            boolean failed,
            @Nullable String status,
            List<Class<? extends PaymentEvent>> events,
            Consumer<Outcome> check) {

        Expect and(Consumer<Outcome> more) {
            return new Expect(code, failed, status, events, check.andThen(more));
        }
    }

    record Outcome(PaymentState before, @Nullable String followUp, Existing after) {}

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.add(new Row(
                "absent: create -> open [PaymentCreated]",
                new Absent(),
                s -> PaymentFixtures.create(),
                accepts("open", PaymentCreated.class).and(o -> {
                    assertThat(o.after().details().expiresAt()).isEqualTo(PaymentFixtures.EXPIRES_AT);
                    assertThat(o.after().details().createdAt()).isEqualTo(PaymentFixtures.NOW);
                    assertThat(o.followUp()).isNull();
                })));
        for (var command : List.<Function<PaymentState, PaymentInstruction>>of(
                s -> PaymentFixtures.confirm(LATER),
                s -> settle(s, true),
                s -> settle(s, false),
                s -> PaymentFixtures.expire(AFTER_EXPIRY))) {
            rows.add(new Row(
                    "absent: " + command.apply(new Absent()).getClass().getSimpleName()
                            + " -> rejected resource_missing",
                    new Absent(),
                    command,
                    rejects("resource_missing")));
        }
        rows.addAll(each("create again", s -> PaymentFixtures.create(), Map.of(), rejects("resource_already_exists")));
        rows.addAll(each(
                "confirm of another mode",
                s -> new PaymentInstruction.Confirm(PAYMENT_ID, PaymentFixtures.OTHER_TENANT, LATER, null),
                Map.of(),
                rejects("resource_missing")));
        rows.addAll(each(
                "confirm",
                s -> PaymentFixtures.confirm(CONFIRMED_AT),
                Map.of(
                        "open", startsVerification("open"),
                        "open+verifying", joinsVerificationInFlight("open"),
                        "expired", startsVerification("expired"),
                        "expired+verifying", joinsVerificationInFlight("expired"),
                        "paid",
                                accepts("paid")
                                        .and(o -> assertThat(o.followUp()).isNull()),
                        "paid-by-chain+verifying",
                                accepts("paid")
                                        .and(o -> assertThat(o.followUp()).isNull())),
                rejects("payment_not_confirmable")));
        rows.addAll(each(
                "verification succeeds",
                s -> settle(s, true),
                Map.of(
                        "open+verifying", paid(false),
                        "expired+verifying", paid(true),
                        "paid-by-chain+verifying", closesAndStaysPaid()),
                rejects("settlement_unknown")));
        rows.addAll(each(
                "verification fails",
                s -> settle(s, false),
                Map.of(
                        "open+verifying", failsAndStays("open"),
                        "expired+verifying", failsAndStays("expired"),
                        "paid-by-chain+verifying", closesAndStaysPaid()),
                rejects("settlement_unknown")));
        rows.addAll(each(
                "transfer matched on chain",
                s -> PaymentFixtures.payFromChain(CONFIRMED_AT),
                Map.of(
                        "open", paidByChain(false, false),
                        "open+verifying", paidByChain(false, true),
                        "expired", paidByChain(true, false),
                        "expired+verifying", paidByChain(true, true),
                        "paid", accepts("paid").and(unchanged()),
                        "paid-by-chain+verifying", accepts("paid").and(unchanged())),
                rejects("payment_not_confirmable")));
        rows.addAll(each(
                "the transfer that paid it retracted",
                s -> PaymentFixtures.reverse(
                        CONFIRMED_AT, s instanceof Paid paid ? paid.receipt().txHash() : TX_HASH),
                Map.of(
                        "open", accepts("open").and(unchanged()),
                        "open+verifying", accepts("open").and(unchanged()),
                        "expired", accepts("expired").and(unchanged()),
                        "expired+verifying", accepts("expired").and(unchanged()),
                        "paid", reopened(false),
                        "paid-by-chain+verifying", reopened(true),
                        "canceled", accepts("canceled").and(unchanged())),
                rejects("none")));
        rows.addAll(each(
                "another transfer retracted",
                s -> PaymentFixtures.reverse(CONFIRMED_AT, OTHER_TX_HASH),
                Map.of(
                        "open",
                        accepts("open").and(unchanged()),
                        "open+verifying",
                        accepts("open").and(unchanged()),
                        "expired",
                        accepts("expired").and(unchanged()),
                        "expired+verifying",
                        accepts("expired").and(unchanged()),
                        "paid",
                        accepts("paid").and(unchanged()),
                        "paid-by-chain+verifying",
                        accepts("paid").and(unchanged()),
                        "canceled",
                        accepts("canceled").and(unchanged())),
                rejects("none")));
        rows.addAll(each(
                "expire when due",
                s -> PaymentFixtures.expire(AFTER_EXPIRY),
                Map.of(
                        "open", accepts("expired", PaymentExpired.class).and(noVerification()),
                        "open+verifying",
                                accepts("expired", PaymentExpired.class)
                                        .and(o -> assertThat(o.after()
                                                        .details()
                                                        .verifications()
                                                        .inFlight())
                                                .isNotNull()),
                        "expired", accepts("expired"),
                        "expired+verifying", accepts("expired"),
                        "paid", accepts("paid"),
                        "paid-by-chain+verifying", accepts("paid"),
                        "canceled", accepts("canceled")),
                rejects("none")));
        rows.addAll(each(
                "expire before due",
                s -> PaymentFixtures.expire(LATER),
                Map.of(
                        "open", accepts("open"),
                        "open+verifying", accepts("open"),
                        "expired", accepts("expired"),
                        "expired+verifying", accepts("expired"),
                        "paid", accepts("paid"),
                        "paid-by-chain+verifying", accepts("paid"),
                        "canceled", accepts("canceled")),
                rejects("none")));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowThePaymentStateMachineWhenACommandArrives(Row row) {
        var decision = PaymentFixtures.decide(row.given(), row.when().apply(row.given()));
        var then = row.then();
        List<PaymentEvent> events;
        String followUp = null;
        switch (decision) {
            case PaymentDecision.Rejected rejected -> {
                assertThat(then.failed() || then.code() == null)
                        .as("rejected: %s", rejected)
                        .isFalse();
                assertThat(rejected.reason().code()).isEqualTo(then.code());
                assertThat(rejected.message()).isNotBlank();
                return;
            }
            case PaymentDecision.Failed failed -> {
                assertThat(then.failed()).as("failed: %s", failed).isTrue();
                assertThat(failed.code()).isEqualTo(then.code());
                assertThat(failed.message()).isNotBlank();
                events = failed.events();
            }
            case PaymentDecision.Accepted accepted -> {
                assertThat(then.code()).as("accepted, expected %s", then.code()).isNull();
                events = accepted.events();
                followUp = accepted.followUpCommandId();
            }
        }
        assertThat(events).extracting(Object::getClass).containsExactlyElementsOf(then.events());
        var after = (Existing) PaymentEvolver.evolveAll(row.given(), events);
        assertThat(after.status()).isEqualTo(then.status());
        then.check().accept(new Outcome(row.given(), followUp, after));
    }

    /** One row per state: {@code allowed} where the table allows the trigger, else {@code otherwise}. */
    private static List<Row> each(
            String trigger,
            Function<PaymentState, PaymentInstruction> when,
            Map<String, Expect> allowed,
            Expect otherwise) {
        return STATES.entrySet().stream()
                .map(state -> {
                    var expect = allowed.getOrDefault(state.getKey(), otherwise);
                    var outcome = expect.code() != null
                            ? (expect.failed() ? "failed " : "rejected ") + expect.code()
                            : expect.status() + " "
                                    + expect.events().stream()
                                            .map(Class::getSimpleName)
                                            .toList();
                    return new Row(state.getKey() + ": " + trigger + " -> " + outcome, state.getValue(), when, expect);
                })
                .toList();
    }

    /** The verification in flight answered, or (with none in flight) an answer to a verification never asked. */
    private static Settle settle(PaymentState state, boolean success) {
        var inFlight = state instanceof Existing existing
                ? existing.details().verifications().inFlight()
                : null;
        var verification = inFlight != null ? inFlight : Verification.of(PAYMENT_ID, 1, TX_HASH, LATER);
        VerificationResult result = success
                ? new Verified(TX_HASH, AMOUNT)
                : new Refused(
                        "PAYMENT_TX_ALREADY_USED", "Transaction " + TX_HASH + " has already paid another payment");
        return new Settle(PAYMENT_ID, TENANT, verification.requestedAt(), verification.requestId(), result);
    }

    private static Expect startsVerification(String status) {
        return accepts(status, VerificationRequested.class).and(o -> {
            var expected = Verification.of(PAYMENT_ID, 1, TX_HASH, CONFIRMED_AT);
            assertThat(o.after().details().verifications()).isEqualTo(new Verifications(expected, 1));
            assertThat(expected.requestId()).isEqualTo(PAYMENT_ID + ":verify:1");
            assertThat(o.followUp()).isEqualTo(expected.resultCommandId());
        });
    }

    private static Expect joinsVerificationInFlight(String status) {
        return accepts(status).and(o -> {
            var inFlight = PaymentFixtures.inFlight(o.before());
            assertThat(o.followUp()).isEqualTo(inFlight.resultCommandId());
            assertThat(o.after()).isEqualTo(o.before());
        });
    }

    private static Expect paid(boolean late) {
        return accepts("paid", VerificationClosed.class, PaymentPaid.class)
                .and(noVerification())
                .and(o -> {
                    var receipt = ((Paid) o.after()).receipt();
                    assertThat(receipt)
                            .isEqualTo(new Receipt(
                                    PaymentFixtures.inFlight(o.before()).requestedAt(), TX_HASH, AMOUNT, late));
                    assertThat(o.followUp()).isNull();
                });
    }

    /** A verification answered after a transfer seen on chain paid the payment: closed, nothing else changes. */
    private static Expect closesAndStaysPaid() {
        return accepts("paid", VerificationClosed.class).and(noVerification()).and(o -> {
            assertThat(((Paid) o.after()).receipt()).isEqualTo(((Paid) o.before()).receipt());
            assertThat(((Paid) o.after()).receipt().txHash()).isEqualTo(PaymentFixtures.CHAIN_TX_HASH);
            assertThat(o.followUp()).isNull();
        });
    }

    /** Paid by the matched transfer at the match's time; a verification in flight is left to its answer. */
    private static Expect paidByChain(boolean late, boolean verifying) {
        return accepts("paid", PaymentPaid.class).and(o -> {
            assertThat(((Paid) o.after()).receipt())
                    .isEqualTo(new Receipt(CONFIRMED_AT, PaymentFixtures.CHAIN_TX_HASH, AMOUNT, late));
            assertThat(o.after().details().verifications())
                    .isEqualTo(((Existing) o.before()).details().verifications());
            assertThat(o.after().details().verifications().inFlight() != null).isEqualTo(verifying);
            assertThat(o.followUp()).isNull();
        });
    }

    /** Open again, the receipt gone, with the reason for the merchant; the bookkeeping stays. */
    private static Expect reopened(boolean verifying) {
        return accepts("open", PaymentReopened.class).and(o -> {
            assertThat(o.after().details()).isEqualTo(((Existing) o.before()).details());
            assertThat(o.after().details().verifications().inFlight() != null).isEqualTo(verifying);
            assertThat(o.followUp()).isNull();
        });
    }

    private static Consumer<Outcome> unchanged() {
        return o -> {
            assertThat(o.after()).isEqualTo(o.before());
            assertThat(o.followUp()).isNull();
        };
    }

    private static Expect failsAndStays(String status) {
        return new Expect("PAYMENT_TX_ALREADY_USED", true, status, List.of(VerificationClosed.class), o -> {})
                .and(noVerification())
                .and(o ->
                        assertThat(o.after().details().verifications().count()).isEqualTo(1));
    }

    private static Consumer<Outcome> noVerification() {
        return o -> assertThat(o.after().details().verifications().inFlight()).isNull();
    }

    private static Expect rejects(String code) {
        return new Expect(code, false, null, List.of(), o -> {});
    }

    @SafeVarargs
    private static Expect accepts(String status, Class<? extends PaymentEvent>... events) {
        return new Expect(null, false, status, List.of(events), o -> {});
    }

    private static Map<String, Existing> ordered(Object... namesAndStates) {
        var out = new LinkedHashMap<String, Existing>();
        for (int i = 0; i < namesAndStates.length; i += 2) {
            out.put((String) namesAndStates[i], (Existing) namesAndStates[i + 1]);
        }
        return out;
    }
}
