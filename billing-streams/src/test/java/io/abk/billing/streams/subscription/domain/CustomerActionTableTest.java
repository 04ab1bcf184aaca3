package io.abk.billing.streams.subscription.domain;

import static io.abk.billing.streams.subscription.domain.DeciderTable.accepts;
import static io.abk.billing.streams.subscription.domain.DeciderTable.rejects;
import static io.abk.billing.streams.subscription.domain.DeciderTable.row;
import static io.abk.billing.streams.subscription.domain.Fixtures.SUBSCRIPTION_ID;
import static io.abk.billing.streams.subscription.domain.Scenarios.LATER;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.streams.shared.domain.RelayerOutcome;
import io.abk.billing.streams.shared.domain.SubmissionStatus;
import io.abk.billing.streams.subscription.domain.DeciderTable.Expect;
import io.abk.billing.streams.subscription.domain.DeciderTable.Row;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.CustomerActionRequested;
import io.abk.billing.streams.subscription.domain.SubscriptionEvent.CustomerActionSettled;
import io.abk.billing.streams.subscription.domain.SubscriptionInstruction.SettleCustomerRequest;
import io.abk.billing.streams.subscription.domain.SubscriptionState.Existing;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The customer portal's relayed actions (docs/architecture.md, "Customer portal"): a signed cancel and a permit, and
 * the relayer's answers, in every state of the lifecycle table and the states of a pending, failed or submitted
 * action, allowed or rejected with their codes.
 */
class CustomerActionTableTest {

    private static final Map<String, Existing> STATES = new LinkedHashMap<>();

    static {
        STATES.put("incomplete/pending mandate", Scenarios.incompletePending());
        STATES.put("incomplete/active mandate", Scenarios.incompleteActiveMandate());
        STATES.put("active", Scenarios.active());
        STATES.put("active/revoke pending", PortalActions.revoking());
        STATES.put("active/revoke submitted", PortalActions.revokeSubmitted());
        STATES.put("active/raise pending", PortalActions.raising());
        STATES.put("active/raise failed", PortalActions.raiseFailed());
        STATES.put("active+cancelAtPeriodEnd", Scenarios.activeCancelingAtPeriodEnd());
        STATES.put("active/mandate revoked", Scenarios.apply(Scenarios.active(), Scenarios.revoke()));
        STATES.put("past_due", Scenarios.pastDue());
        STATES.put("paused", Scenarios.paused());
        STATES.put("canceled", Scenarios.canceled());
    }

    static Stream<Row> table() {
        var rows = new ArrayList<Row>();
        rows.addAll(each(
                "submit signed cancel",
                s -> PortalActions.submit(PortalActions.cancel()),
                Map.of(
                        "incomplete/active mandate", requested(CustomerActionKind.REVOKE, 1, "incomplete"),
                        "active", requested(CustomerActionKind.REVOKE, 1, "active"),
                        "active/revoke submitted", requested(CustomerActionKind.REVOKE, 2, "active"),
                        "active/raise pending", requested(CustomerActionKind.REVOKE, 1, "active"),
                        "active/raise failed", requested(CustomerActionKind.REVOKE, 1, "active"),
                        "active+cancelAtPeriodEnd", requested(CustomerActionKind.REVOKE, 1, "active"),
                        "past_due", requested(CustomerActionKind.REVOKE, 1, "past_due"),
                        "paused", requested(CustomerActionKind.REVOKE, 1, "paused")),
                rejects(SubscriptionRejection.UPDATE_FAILED)));
        rows.addAll(each(
                "submit permit",
                s -> PortalActions.submit(PortalActions.permit()),
                Map.of(
                        "incomplete/active mandate", requested(CustomerActionKind.RAISE_ALLOWANCE, 1, "incomplete"),
                        "active", requested(CustomerActionKind.RAISE_ALLOWANCE, 1, "active"),
                        "active/revoke pending", requested(CustomerActionKind.RAISE_ALLOWANCE, 1, "active"),
                        "active/revoke submitted", requested(CustomerActionKind.RAISE_ALLOWANCE, 1, "active"),
                        "active/raise failed", requested(CustomerActionKind.RAISE_ALLOWANCE, 2, "active"),
                        "active+cancelAtPeriodEnd", requested(CustomerActionKind.RAISE_ALLOWANCE, 1, "active"),
                        "past_due", requested(CustomerActionKind.RAISE_ALLOWANCE, 1, "past_due"),
                        "paused", requested(CustomerActionKind.RAISE_ALLOWANCE, 1, "paused")),
                rejects(SubscriptionRejection.UPDATE_FAILED)));
        rows.addAll(each(
                "settle signed cancel (mined)",
                s -> PortalActions.settle(s, CustomerActionKind.REVOKE, true),
                Map.of("active/revoke pending", settled(CustomerActionKind.REVOKE, SubmissionStatus.SUBMITTED)),
                rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN)));
        rows.addAll(each(
                "settle permit (refused)",
                s -> PortalActions.settle(s, CustomerActionKind.RAISE_ALLOWANCE, false),
                Map.of("active/raise pending", settled(CustomerActionKind.RAISE_ALLOWANCE, SubmissionStatus.FAILED)),
                rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN)));
        rows.add(row(
                "another wallet than the subscription's",
                Scenarios.active(),
                s -> PortalActions.submit(new CustomerRequest.SignedCancel(
                        "0x00000000000000000000000000000000000000cc", PortalActions.DEADLINE, "0x" + "ca".repeat(65))),
                rejects(SubscriptionRejection.UPDATE_FAILED)));
        rows.add(row(
                "a deadline already passed",
                Scenarios.active(),
                s -> PortalActions.submit(new CustomerRequest.Permit(
                        PortalActions.CUSTOMER, "119880000", LATER.getEpochSecond(), "0x" + "9e".repeat(65))),
                rejects(SubscriptionRejection.UPDATE_FAILED)));
        rows.add(row(
                "a permit value that is not whole base units",
                Scenarios.active(),
                s -> PortalActions.submit(new CustomerRequest.Permit(
                        PortalActions.CUSTOMER, "119.88", PortalActions.DEADLINE, "0x" + "9e".repeat(65))),
                rejects(SubscriptionRejection.UPDATE_FAILED)));
        rows.add(row(
                "the revoke's answer named as a permit's",
                PortalActions.revoking(),
                s -> new SettleCustomerRequest(
                        SUBSCRIPTION_ID,
                        Fixtures.TENANT,
                        LATER,
                        SUBSCRIPTION_ID + ":cancel:1",
                        CustomerActionKind.RAISE_ALLOWANCE,
                        new RelayerOutcome.Submitted(PortalActions.TX, PortalActions.GAS)),
                rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN)));
        rows.add(row(
                "the answer applied twice",
                PortalActions.revokeSubmitted(),
                s -> new SettleCustomerRequest(
                        SUBSCRIPTION_ID,
                        Fixtures.TENANT,
                        LATER,
                        SUBSCRIPTION_ID + ":cancel:1",
                        CustomerActionKind.REVOKE,
                        new RelayerOutcome.Submitted(PortalActions.TX, PortalActions.GAS)),
                rejects(SubscriptionRejection.SETTLEMENT_UNKNOWN)));
        rows.add(row(
                "the revoke answered while a later permit is the last action: the revoke's record changes",
                Scenarios.apply(PortalActions.revoking(), PortalActions.submit(PortalActions.permit())),
                s -> PortalActions.settle(s, CustomerActionKind.REVOKE, true),
                accepts("active", CustomerActionSettled.class).and(after -> {
                    var actions = after.details().customerActions();
                    assertThat(actions.last().kind()).isEqualTo(CustomerActionKind.RAISE_ALLOWANCE);
                    assertThat(actions.last().submission().isPending()).isTrue();
                    assertThat(actions.of(CustomerActionKind.REVOKE)
                                    .orElseThrow()
                                    .submission()
                                    .txHash())
                            .isEqualTo(PortalActions.TX);
                })));
        rows.add(row(
                "canceled while the revoke was pending: the relayer's answer is still recorded",
                Scenarios.apply(PortalActions.revoking(), Scenarios.cancel(true)),
                s -> PortalActions.settle(s, CustomerActionKind.REVOKE, true),
                accepts("canceled", CustomerActionSettled.class)));
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void shouldFollowTheCustomerActionRulesWhenACommandArrives(Row row) {
        row.verify();
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

    /**
     * Accepted as action {@code number} of {@code kind}: pending and the last, the mandate and status unchanged (the
     * revocation itself comes from the vault's Canceled).
     */
    private static Expect requested(CustomerActionKind kind, int number, String status) {
        Consumer<Existing> check = after -> {
            var last = after.details().customerActions().last();
            assertThat(last.kind()).isEqualTo(kind);
            assertThat(last.submission().status()).isEqualTo(SubmissionStatus.PENDING);
            assertThat(last.submission().number()).isEqualTo(number);
            assertThat(last.submission().submittedAt()).isEqualTo(LATER);
            assertThat(last.requestId(SUBSCRIPTION_ID))
                    .isEqualTo(SUBSCRIPTION_ID + ":" + kind.requestKind() + ":" + number);
            assertThat(after.details().mandate().isActive()).isTrue();
        };
        return accepts(status, CustomerActionRequested.class).and(check);
    }

    private static Expect settled(CustomerActionKind kind, SubmissionStatus status) {
        Consumer<Existing> check = after -> {
            var last = after.details().customerActions().last();
            assertThat(last.kind()).isEqualTo(kind);
            assertThat(last.submission().status()).isEqualTo(status);
            if (status == SubmissionStatus.SUBMITTED) {
                assertThat(last.submission().txHash()).isEqualTo(PortalActions.TX);
                assertThat(last.submission().gas()).isEqualTo(PortalActions.GAS);
            } else {
                assertThat(last.submission().failureCode()).isEqualTo("PERMIT_FAILED");
                assertThat(last.submission().txHash()).isNull();
            }
            assertThat(after.details().mandate().isActive()).isTrue();
        };
        return accepts("active", CustomerActionSettled.class).and(check);
    }
}
