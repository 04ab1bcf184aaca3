package io.abk.billing.usdt.domain.intent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.usdt.domain.intent.IntentCommand.AnswerClaim;
import io.abk.billing.usdt.domain.intent.IntentCommand.Confirm;
import io.abk.billing.usdt.domain.intent.IntentCommand.Create;
import io.abk.billing.usdt.domain.intent.IntentCommand.Expire;
import io.abk.billing.usdt.domain.intent.IntentCommand.TriggerTestEvent;
import io.abk.billing.usdt.domain.intent.IntentDecision.Accepted;
import io.abk.billing.usdt.domain.intent.IntentDecision.Rejected;
import io.abk.billing.usdt.domain.intent.IntentEvent.ClaimRefused;
import io.abk.billing.usdt.domain.intent.IntentEvent.ClaimRequested;
import io.abk.billing.usdt.domain.intent.IntentEvent.IntentConfirmed;
import io.abk.billing.usdt.domain.intent.IntentEvent.IntentCreated;
import io.abk.billing.usdt.domain.intent.IntentEvent.IntentExpired;
import io.abk.billing.usdt.domain.intent.IntentEvent.TestPaymentConfirmed;
import io.abk.billing.usdt.domain.intent.IntentState.Absent;
import io.abk.billing.usdt.domain.intent.IntentState.Confirmed;
import io.abk.billing.usdt.domain.intent.IntentState.Expired;
import io.abk.billing.usdt.domain.intent.IntentState.Open;
import io.abk.billing.usdt.domain.match.IntentTerms;
import io.abk.billing.usdt.domain.match.MatchOutcome;
import io.abk.billing.usdt.domain.match.MatchPolicy;
import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import io.abk.billing.usdt.domain.match.TxEvidence;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class IntentDeciderTest {

    private static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");
    private static final IntentPolicy POLICY =
            new IntentPolicy(Duration.ofHours(24), new MatchPolicy(3, new BigDecimal("1")));
    private static final IntentTerms TERMS = new IntentTerms(
            UsdtAmount.parsePositive(new BigDecimal("12.5")),
            "0x00000000000000000000000000000000000000aa",
            MatchStrategy.EXACT);
    private static final String ID = "pi_01jt0000000000000000000000";
    private static final String TX = "0x" + "11".repeat(32);
    private static final String OTHER_TX = "0x" + "22".repeat(32);

    private static IntentDecision decide(IntentState state, IntentCommand command) {
        return IntentDecider.decide(state, command, POLICY);
    }

    private static IntentState after(IntentState state, IntentCommand command) {
        var decision = decide(state, command);
        var events = decision instanceof Accepted accepted ? accepted.events() : ((Rejected) decision).events();
        return IntentDecider.evolveAll(state, events);
    }

    private static Open open() {
        return (Open) after(new Absent(), new Create(ID, "cmd_create", T0, "order-1", TERMS));
    }

    private static Confirm confirm(String commandId, String txHash, Instant at) {
        return new Confirm(ID, commandId, at, new TxEvidence.Simulated(txHash, SandboxScenario.of(txHash)));
    }

    private static Open claiming() {
        return (Open) after(open(), confirm("cmd_confirm", TX, T0.plusSeconds(60)));
    }

    private static Confirmed confirmed() {
        return (Confirmed) after(claiming(), new AnswerClaim(ID, "cmd_confirm:claim", T0.plusSeconds(61), TX, true));
    }

    private static Expired expired() {
        return (Expired) after(open(), new Expire(ID, ID + ":expire", T0.plus(Duration.ofHours(24))));
    }

    @Test
    void shouldOpenTheIntentUntilItsLifetimeEndsWhenCreated() {
        var decision = decide(new Absent(), new Create(ID, "cmd_create", T0, "order-1", TERMS));

        assertThat(decision).isInstanceOf(Accepted.class);
        var created = (IntentCreated) ((Accepted) decision).events().getFirst();
        assertThat(created.details())
                .isEqualTo(new IntentDetails(ID, "order-1", TERMS, T0, T0.plus(Duration.ofHours(24))));
        assertThat(open().claim()).isNull();
    }

    @Test
    void shouldChangeNothingWhenTheIntentIsCreatedAgain() {
        for (IntentState state : List.of(open(), claiming(), confirmed(), expired())) {
            assertThat(decide(state, new Create(ID, "cmd_again", T0.plusSeconds(5), "other", TERMS)))
                    .as(state.getClass().getSimpleName())
                    .isEqualTo(new Accepted(List.of(), null));
        }
    }

    @Test
    void shouldRefuseAsMissingWhenTheIntentDoesNotExist() {
        for (IntentCommand command : List.<IntentCommand>of(
                confirm("c", TX, T0), new AnswerClaim(ID, "c:claim", T0, TX, true), new Expire(ID, "e", T0))) {
            var decision = (Rejected) decide(new Absent(), command);

            assertThat(decision.code()).as(command.getClass().getSimpleName()).isEqualTo("resource_missing");
        }
    }

    @Test
    void shouldClaimTheTransactionWhenItMatches() {
        var decision = (Accepted) decide(open(), confirm("cmd_confirm", TX, T0.plusSeconds(60)));

        assertThat(decision.followUp()).isEqualTo("cmd_confirm:claim");
        var claim = ((ClaimRequested) decision.events().getFirst()).claim();
        assertThat(claim.txHash()).isEqualTo(TX);
        assertThat(claim.resultCommandId()).isEqualTo("cmd_confirm:claim");
        assertThat(claim.match().ok()).isTrue();
        assertThat(claiming().claim()).isEqualTo(claim);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = SandboxScenario.class, names = "CONFIRMED", mode = EnumSource.Mode.EXCLUDE)
    void shouldRefuseWithTheMatchCodeWhenTheTransactionDoesNotMatch(SandboxScenario scenario) {
        var decision = decide(open(), confirm("cmd_confirm", scenario.txHash(), T0.plusSeconds(60)));

        assertThat(decision).isInstanceOf(Rejected.class);
        var rejected = (Rejected) decision;
        assertThat(rejected.match()).isNotNull();
        assertThat(rejected.match().outcome()).isEqualTo(scenario.outcome());
        assertThat(rejected.code()).isEqualTo(rejected.match().code().wire());
        assertThat(rejected.events()).isEmpty();
    }

    @Test
    void shouldWaitForTheSameAnswerWhenTheSameTransactionIsConfirmedDuringItsClaim() {
        var decision = decide(claiming(), confirm("cmd_second", TX, T0.plusSeconds(60)));

        assertThat(decision).isEqualTo(new Accepted(List.of(), "cmd_confirm:claim"));
    }

    @Test
    void shouldAskToRetryWhenAnotherTransactionIsConfirmedDuringAClaim() {
        var decision = (Rejected) decide(claiming(), confirm("cmd_second", OTHER_TX, T0.plusSeconds(60)));

        assertThat(decision.code()).isEqualTo("confirmation_in_progress");
    }

    @Test
    void shouldConfirmAtTheConfirmsTimeWhenTheClaimIsGranted() {
        var decision =
                (Accepted) decide(claiming(), new AnswerClaim(ID, "cmd_confirm:claim", T0.plusSeconds(61), TX, true));

        var confirmation = ((IntentConfirmed) decision.events().getFirst()).confirmation();
        assertThat(confirmation.confirmedAt()).isEqualTo(T0.plusSeconds(60));
        assertThat(confirmation.eventId()).startsWith("evt_");
        assertThat(confirmation.match().txHash()).isEqualTo(TX);
        assertThat(confirmed().confirmation()).isEqualTo(confirmation);
    }

    @Test
    void shouldDeriveTheSameEventIdWhenTheSameAnswerIsDecidedAgain() {
        // A reprocessed answer (after a crash before its commit) must publish the event under the same id.
        var answer = new AnswerClaim(ID, "cmd_confirm:claim", T0.plusSeconds(61), TX, true);

        assertThat(decide(claiming(), answer)).isEqualTo(decide(claiming(), answer));
    }

    @Test
    void shouldReopenAndSayTheHashIsTakenWhenTheClaimIsRefused() {
        var answer = new AnswerClaim(ID, "cmd_confirm:claim", T0.plusSeconds(61), TX, false);

        var decision = (Rejected) decide(claiming(), answer);

        assertThat(decision.code()).isEqualTo("tx_already_used");
        assertThat(decision.events()).containsExactly(new ClaimRefused(TX));
        assertThat(after(claiming(), answer)).isEqualTo(open());
    }

    @Test
    void shouldIgnoreAnAnswerWhenTheIntentWaitsForNoSuchClaim() {
        assertThat(((Rejected) decide(open(), new AnswerClaim(ID, "cmd_confirm:claim", T0, TX, true))).code())
                .isEqualTo("claim_unknown");
        assertThat(((Rejected) decide(claiming(), new AnswerClaim(ID, "other:claim", T0, TX, true))).code())
                .isEqualTo("claim_unknown");
        assertThat(((Rejected) decide(confirmed(), new AnswerClaim(ID, "cmd_confirm:claim", T0, TX, true))).code())
                .isEqualTo("claim_unknown");
    }

    @Test
    void shouldAnswerWithTheFirstConfirmationWhenAConfirmedIntentIsConfirmedAgain() {
        for (var tx : List.of(TX, OTHER_TX, SandboxScenario.NOT_FOUND.txHash())) {
            assertThat(decide(confirmed(), confirm("cmd_again", tx, T0.plus(Duration.ofDays(3)))))
                    .as(tx)
                    .isEqualTo(new Accepted(List.of(), null));
        }
    }

    @Test
    void shouldRefuseAsExpiredWhenTheIntentExpiredOrIsPastItsExpiry() {
        var late = T0.plus(Duration.ofHours(24));

        assertThat(((Rejected) decide(expired(), confirm("c", TX, late))).code())
                .isEqualTo("intent_expired");
        assertThat(((Rejected) decide(open(), confirm("c", TX, late))).code()).isEqualTo("intent_expired");
        assertThat(decide(open(), confirm("c", TX, late.minusMillis(1)))).isInstanceOf(Accepted.class);
    }

    @Test
    void shouldExpireAnOpenIntentOnlyWhenDueAndNotBeingConfirmed() {
        var due = T0.plus(Duration.ofHours(24));

        assertThat(decide(open(), new Expire(ID, "e", due)))
                .isEqualTo(new Accepted(List.of(new IntentExpired()), null));
        assertThat(decide(open(), new Expire(ID, "e", due.minusMillis(1)))).isEqualTo(new Accepted(List.of(), null));
        assertThat(decide(claiming(), new Expire(ID, "e", due.plusSeconds(60))))
                .isEqualTo(new Accepted(List.of(), null));
        assertThat(decide(confirmed(), new Expire(ID, "e", due))).isEqualTo(new Accepted(List.of(), null));
        assertThat(decide(expired(), new Expire(ID, "e", due))).isEqualTo(new Accepted(List.of(), null));
        assertThat(expired().status()).isEqualTo("expired");
    }

    @Test
    void shouldPublishATestEventAndStoreNothingWhenTriggered() {
        var trigger = new TriggerTestEvent(
                "pi_01jt000000000000000000test",
                "cmd_test",
                T0,
                "test_event",
                TERMS,
                SandboxScenario.CONFIRMED.txHash());

        var decision = (Accepted) decide(new Absent(), trigger);

        var test = (TestPaymentConfirmed) decision.events().getFirst();
        assertThat(test.confirmation().match().outcome()).isEqualTo(MatchOutcome.CONFIRMED);
        assertThat(test.details().id()).isEqualTo("pi_01jt000000000000000000test");
        assertThat(IntentDecider.evolveAll(new Absent(), decision.events())).isEqualTo(new Absent());
    }

    @Test
    void shouldRefuseAnImpossibleHistoryWhenEvolving() {
        var created = new IntentCreated(open().details());

        assertThatThrownBy(() -> IntentDecider.evolve(open(), created)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> IntentDecider.evolve(new Absent(), new IntentExpired()))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> IntentDecider.evolve(confirmed(), new IntentExpired()))
                .isInstanceOf(IllegalStateException.class);
    }
}
