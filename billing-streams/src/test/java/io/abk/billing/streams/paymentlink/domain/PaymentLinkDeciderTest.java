package io.abk.billing.streams.paymentlink.domain;

import static io.abk.billing.streams.paymentlink.domain.LinkFixtures.AFTER_EXPIRY;
import static io.abk.billing.streams.paymentlink.domain.LinkFixtures.DISABLED_AT;
import static io.abk.billing.streams.paymentlink.domain.LinkFixtures.LATER;
import static io.abk.billing.streams.paymentlink.domain.LinkFixtures.LINK_ID;
import static io.abk.billing.streams.paymentlink.domain.LinkFixtures.NOW;
import static io.abk.billing.streams.paymentlink.domain.LinkFixtures.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.LinkPaymentRecorded;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.LinkPaymentReopened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkCreated;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkDisabled;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkExpired;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkEvent.PaymentLinkOpened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Disable;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.Expire;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.RecordPayment;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkInstruction.RecordPaymentReopened;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Absent;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Disabled;
import io.abk.billing.streams.paymentlink.domain.PaymentLinkState.Existing;
import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The payment link's rules (docs/architecture.md, "Payment link"): every link command (create, open, disable, a paid
 * minted payment and its reopening, expiry when due and before) in every state, allowed or rejected. The exact sentences of the
 * refusals and the minted payment are in {@link PaymentLinkOpenTest}.
 */
class PaymentLinkDeciderTest {

    private static final Instant OPENED_AT = LATER.plusSeconds(10);

    private static final Map<String, Existing> STATES = ordered(
            "active",
            LinkFixtures.active(),
            "active/last use left",
            LinkFixtures.lastUseLeft(),
            "active/expiresAt passed",
            LinkFixtures.activePastExpiry(),
            "expired/used up",
            LinkFixtures.usedUp(),
            "expired/in time",
            LinkFixtures.expiredInTime(),
            "disabled",
            LinkFixtures.disabled());

    record Row(String name, PaymentLinkState given, PaymentLinkInstruction when, Expect then) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Expect(
            @Nullable String code,
            @Nullable String status,
            List<Class<? extends PaymentLinkEvent>> events,
            Consumer<Outcome> check) {

        Expect and(Consumer<Outcome> more) {
            return new Expect(code, status, events, check.andThen(more));
        }
    }

    record Outcome(PaymentLinkState before, @Nullable String followUp, Existing after) {}

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.add(new Row(
                "absent: create -> active [PaymentLinkCreated]",
                new Absent(),
                LinkFixtures.create(25, null),
                accepts("active", PaymentLinkCreated.class).and(o -> {
                    assertThat(o.after().details().useCount()).isZero();
                    assertThat(o.after().details().paidCount()).isZero();
                    assertThat(o.after().details().maxUses()).isEqualTo(25);
                    assertThat(o.after().details().createdAt()).isEqualTo(NOW);
                })));
        for (var command : List.of(
                LinkFixtures.open(1, LATER),
                new Disable(LINK_ID, TENANT, LATER),
                new RecordPayment(LINK_ID, TENANT, LATER, LinkFixtures.paymentId(1)),
                new RecordPaymentReopened(LINK_ID, TENANT, LATER, LinkFixtures.paymentId(1)),
                new Expire(LINK_ID, TENANT, LATER))) {
            rows.add(new Row(
                    "absent: " + command.getClass().getSimpleName() + " -> rejected resource_missing",
                    new Absent(),
                    command,
                    rejects("resource_missing")));
        }
        rows.addAll(
                each("create again", LinkFixtures.create(null, null), Map.of(), rejects("resource_already_exists")));
        rows.addAll(each(
                "disable by the other mode",
                new Disable(LINK_ID, new Tenant(TENANT.merchantId(), Mode.LIVE), LATER),
                Map.of(),
                rejects("resource_missing")));
        rows.addAll(each(
                "open",
                LinkFixtures.open(9, OPENED_AT),
                Map.of(
                        "active", opened("active", 2),
                        "active/last use left", opened("expired", 3, PaymentLinkExpired.class)),
                rejects("payment_link_error")));
        var disabledNow = accepts("disabled", PaymentLinkDisabled.class)
                .and(o -> assertThat(((Disabled) o.after()).disabledAt()).isEqualTo(LATER.plusSeconds(99)));
        rows.addAll(each(
                "disable",
                new Disable(LINK_ID, TENANT, LATER.plusSeconds(99)),
                Map.of(
                        "disabled",
                        accepts("disabled")
                                .and(o -> assertThat(((Disabled) o.after()).disabledAt())
                                        .isEqualTo(DISABLED_AT))),
                disabledNow));
        rows.addAll(each(
                "a minted payment is paid",
                new RecordPayment(LINK_ID, TENANT, LATER, LinkFixtures.paymentId(1)),
                Map.of(),
                null));
        // Protects against a reopened payment still counting as a paid conversion of its link.
        var reopened = new RecordPaymentReopened(LINK_ID, TENANT, LATER, LinkFixtures.paymentId(1));
        for (var state : STATES.entrySet()) {
            var status = state.getValue().status();
            var paid = LinkFixtures.apply(
                    state.getValue(), new RecordPayment(LINK_ID, TENANT, LATER, LinkFixtures.paymentId(1)));
            rows.add(new Row(
                    state.getKey() + ", one paid: a minted payment is reopened -> " + status + " [LinkPaymentReopened]",
                    paid,
                    reopened,
                    accepts(status, LinkPaymentReopened.class).and(o -> {
                        assertThat(o.after().details().paidCount()).isZero();
                        assertThat(o.after().details().useCount())
                                .isEqualTo(paid.details().useCount());
                    })));
            rows.add(new Row(
                    state.getKey() + ", none paid: a minted payment is reopened -> " + status + " []",
                    state.getValue(),
                    reopened,
                    accepts(status)
                            .and(o ->
                                    assertThat(o.after().details().paidCount()).isZero())));
        }
        rows.addAll(each(
                "expire when due",
                new Expire(LINK_ID, TENANT, AFTER_EXPIRY),
                Map.of(
                        "active", accepts("expired", PaymentLinkExpired.class),
                        "active/last use left", accepts("expired", PaymentLinkExpired.class),
                        "active/expiresAt passed", accepts("expired", PaymentLinkExpired.class),
                        "expired/used up", accepts("expired"),
                        "expired/in time", accepts("expired"),
                        "disabled", accepts("disabled")),
                rejects("none")));
        rows.addAll(each(
                "expire before due",
                new Expire(LINK_ID, TENANT, NOW.plusSeconds(1)),
                Map.of(
                        "active", accepts("active"),
                        "active/last use left", accepts("active"),
                        "active/expiresAt passed", accepts("active"),
                        "expired/used up", accepts("expired"),
                        "expired/in time", accepts("expired"),
                        "disabled", accepts("disabled")),
                rejects("none")));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowThePaymentLinkStateMachineWhenACommandArrives(Row row) {
        var decision = LinkFixtures.decide(row.given(), row.when());
        var then = row.then();
        switch (decision) {
            case PaymentLinkDecision.Rejected rejected -> {
                assertThat(then.code()).as("rejected: %s", rejected).isNotNull();
                assertThat(rejected.reason().code()).isEqualTo(then.code());
                assertThat(rejected.message()).contains(LINK_ID);
            }
            case PaymentLinkDecision.Accepted accepted -> {
                assertThat(then.code()).as("accepted, expected %s", then.code()).isNull();
                assertThat(accepted.events()).extracting(Object::getClass).containsExactlyElementsOf(then.events());
                var after = (Existing) PaymentLinkEvolver.evolveAll(row.given(), accepted.events());
                assertThat(after.status()).isEqualTo(then.status());
                then.check().accept(new Outcome(row.given(), accepted.followUpCommandId(), after));
            }
        }
    }

    /**
     * One row per state: {@code allowed} where the table allows the trigger, else {@code otherwise}; a null
     * {@code otherwise} means the trigger counts a paid payment in that state.
     */
    private static List<Row> each(
            String trigger, PaymentLinkInstruction when, Map<String, Expect> allowed, @Nullable Expect otherwise) {
        return STATES.entrySet().stream()
                .map(state -> {
                    var expect = allowed.getOrDefault(
                            state.getKey(),
                            otherwise != null
                                    ? otherwise
                                    : countsPayment(state.getValue().status()));
                    var outcome = expect.code() != null
                            ? "rejected " + expect.code()
                            : expect.status() + " "
                                    + expect.events().stream()
                                            .map(Class::getSimpleName)
                                            .toList();
                    return new Row(state.getKey() + ": " + trigger + " -> " + outcome, state.getValue(), when, expect);
                })
                .toList();
    }

    @SafeVarargs
    private static Expect opened(String status, int useCount, Class<? extends PaymentLinkEvent>... more) {
        var events = new ArrayList<Class<? extends PaymentLinkEvent>>(List.of(PaymentLinkOpened.class));
        events.addAll(List.of(more));
        return new Expect(null, status, events, o -> {
            assertThat(o.after().details().useCount()).isEqualTo(useCount);
            assertThat(o.followUp())
                    .isEqualTo(Ids.derivedId(IdPrefix.COMMAND, OPENED_AT, "mint:" + LinkFixtures.paymentId(9)));
        });
    }

    private static Expect countsPayment(String status) {
        return accepts(status, LinkPaymentRecorded.class).and(o -> {
            var before = ((Existing) o.before()).details();
            assertThat(o.after().details().paidCount()).isEqualTo(before.paidCount() + 1);
            assertThat(o.after().details().useCount()).isEqualTo(before.useCount());
        });
    }

    private static Expect rejects(String code) {
        return new Expect(code, null, List.of(), o -> {});
    }

    @SafeVarargs
    private static Expect accepts(String status, Class<? extends PaymentLinkEvent>... events) {
        return new Expect(
                null, status, List.of(events), o -> assertThat(o.followUp()).isNull());
    }

    private static Map<String, Existing> ordered(Object... namesAndStates) {
        var out = new LinkedHashMap<String, Existing>();
        for (int i = 0; i < namesAndStates.length; i += 2) {
            out.put((String) namesAndStates[i], (Existing) namesAndStates[i + 1]);
        }
        return out;
    }
}
