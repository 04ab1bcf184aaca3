package io.abk.billing.usdt.domain.intent;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
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
import io.abk.billing.usdt.domain.intent.IntentState.Existing;
import io.abk.billing.usdt.domain.intent.IntentState.Expired;
import io.abk.billing.usdt.domain.intent.IntentState.Open;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import io.abk.billing.usdt.domain.match.TransferMatcher;
import io.abk.billing.usdt.domain.match.TxEvidence.Simulated;
import java.time.Instant;
import java.util.List;

/**
 * The intent's rules as pure functions: {@link #decide} answers a command with events or a rejection,
 * {@link #evolve} applies one event. A confirm does not confirm at once: a matching transaction's hash is first
 * claimed (one transaction confirms at most one intent, {@link TxHashClaims}), and the claim's answer confirms the
 * intent or reopens it. Every confirm of a confirmed intent answers with its first confirmation.
 */
public final class IntentDecider {

    private IntentDecider() {}

    public static IntentDecision decide(IntentState state, IntentCommand command, IntentPolicy policy) {
        if (command instanceof Create create) {
            return create(state, create, policy);
        }
        if (command instanceof TriggerTestEvent trigger) {
            return trigger(trigger, policy);
        }
        if (!(state instanceof Existing existing)) {
            return Rejected.of(IntentRejection.RESOURCE_MISSING, "No such intent: " + command.intentId());
        }
        return switch (command) {
            case Create create -> throw new IllegalStateException("create is decided above");
            case TriggerTestEvent trigger -> throw new IllegalStateException("a test event is decided above");
            case Confirm confirm -> confirm(existing, confirm, policy);
            case AnswerClaim answer -> answer(existing, answer);
            case Expire expire -> expire(existing, expire);
        };
    }

    /** An id names one intent: creating it again (a retried request) changes nothing and answers with it. */
    private static IntentDecision create(IntentState state, Create command, IntentPolicy policy) {
        if (state instanceof Existing) {
            return new Accepted(List.of(), null);
        }
        var now = command.requestedAt();
        var details = new IntentDetails(
                command.intentId(), command.merchantRef(), command.terms(), now, now.plus(policy.lifetime()));
        return new Accepted(List.of(new IntentCreated(details)), null);
    }

    /**
     * Confirmed: the first confirmation answers, whatever the transaction. Expired, or open past its expiry: refused.
     * A claim in flight: the same transaction waits for its answer, another one is told to try again shortly.
     * Otherwise a matching transaction's hash is claimed, and a non-matching one is refused with the match's code.
     */
    private static IntentDecision confirm(Existing state, Confirm command, IntentPolicy policy) {
        return switch (state) {
            case Confirmed confirmed -> new Accepted(List.of(), null);
            case Expired expired -> expired(state);
            case Open open
            when open.claim() != null ->
                open.claim().txHash().equals(command.evidence().txHash())
                        ? new Accepted(List.of(), open.claim().resultCommandId())
                        : Rejected.of(
                                IntentRejection.CONFIRMATION_IN_PROGRESS,
                                "Intent " + state.id()
                                        + " is being confirmed with another transaction; confirm again shortly");
            case Open open when !command.requestedAt().isBefore(open.details().expiresAt()) -> expired(state);
            case Open open -> {
                var report = TransferMatcher.match(open.details().terms(), command.evidence(), policy.match());
                if (!report.ok()) {
                    var code = java.util.Objects.requireNonNull(report.code(), "a report that is not ok has a code");
                    yield new Rejected(
                            List.of(),
                            code.wire(),
                            "Transaction " + report.txHash() + " does not confirm intent " + state.id() + ": "
                                    + report.outcome().wire(),
                            report);
                }
                var claim = new PendingClaim(
                        report.txHash(),
                        PendingClaim.resultCommandIdOf(command.commandId()),
                        command.requestedAt(),
                        report);
                yield new Accepted(List.of(new ClaimRequested(claim)), claim.resultCommandId());
            }
        };
    }

    /**
     * Answers exactly the claim in flight (anything else is refused, so an answer applies once). Granted: confirmed
     * at the confirm's time with its report. Refused: open again, and the confirm is told the hash is taken.
     */
    private static IntentDecision answer(Existing state, AnswerClaim command) {
        if (!(state instanceof Open open)
                || open.claim() == null
                || !open.claim().resultCommandId().equals(command.commandId())
                || !open.claim().txHash().equals(command.txHash())) {
            return Rejected.of(
                    IntentRejection.CLAIM_UNKNOWN,
                    "Intent " + state.id() + " is not waiting for claim " + command.commandId());
        }
        var claim = open.claim();
        if (!command.granted()) {
            return new Rejected(
                    List.of(new ClaimRefused(claim.txHash())),
                    IntentRejection.TX_ALREADY_USED.code(),
                    "Transaction " + claim.txHash() + " has already confirmed another intent",
                    claim.match());
        }
        var confirmation =
                new Confirmation(eventId(command.commandId(), claim.requestedAt()), claim.requestedAt(), claim.match());
        return new Accepted(List.of(new IntentConfirmed(open.details(), confirmation)), null);
    }

    /** Open, due and not being confirmed: expired. Anything else: nothing to do (a claim in flight decides first). */
    private static IntentDecision expire(Existing state, Expire command) {
        if (state instanceof Open open
                && open.claim() == null
                && !command.requestedAt().isBefore(open.details().expiresAt())) {
            return new Accepted(List.of(new IntentExpired()), null);
        }
        return new Accepted(List.of(), null);
    }

    private static IntentDecision trigger(TriggerTestEvent command, IntentPolicy policy) {
        var now = command.requestedAt();
        var details = new IntentDetails(
                command.intentId(), command.merchantRef(), command.terms(), now, now.plus(policy.lifetime()));
        var report = TransferMatcher.match(
                command.terms(), new Simulated(command.txHash(), SandboxScenario.CONFIRMED), policy.match());
        var confirmation = new Confirmation(eventId(command.commandId(), now), now, report);
        return new Accepted(List.of(new TestPaymentConfirmed(details, confirmation)), null);
    }

    private static Rejected expired(Existing state) {
        return Rejected.of(
                IntentRejection.INTENT_EXPIRED,
                "Intent " + state.id() + " expired at " + state.details().expiresAt()
                        + "; confirm a late payment with a new intent");
    }

    /** The event's id derives from the command that caused it, so a reprocessed command publishes the same id. */
    private static String eventId(String commandId, Instant at) {
        return Ids.derivedId(IdPrefix.EVENT, at, commandId);
    }

    public static IntentState evolve(IntentState state, IntentEvent event) {
        if (event instanceof IntentCreated created) {
            if (!(state instanceof Absent)) {
                throw new IllegalStateException("intent " + created.details().id() + " is created twice");
            }
            return new Open(created.details(), null);
        }
        if (event instanceof TestPaymentConfirmed) {
            return state;
        }
        if (!(state instanceof Existing existing)) {
            throw new IllegalStateException(event + " before the intent was created");
        }
        return switch (event) {
            case IntentCreated created -> throw new IllegalStateException("created is applied above");
            case TestPaymentConfirmed test -> throw new IllegalStateException("a test event is applied above");
            case ClaimRequested requested -> new Open(open(existing, event).details(), requested.claim());
            case ClaimRefused refused -> new Open(open(existing, event).details(), null);
            case IntentConfirmed confirmed ->
                new Confirmed(open(existing, event).details(), confirmed.confirmation());
            case IntentExpired expired -> new Expired(open(existing, event).details());
        };
    }

    /** Applies {@code events} in order. */
    public static IntentState evolveAll(IntentState state, List<IntentEvent> events) {
        var current = state;
        for (var event : events) {
            current = evolve(current, event);
        }
        return current;
    }

    private static Open open(Existing state, IntentEvent event) {
        if (state instanceof Open open) {
            return open;
        }
        throw new IllegalStateException(
                "intent " + state.id() + " is " + state.status() + "; " + event + " applies to an open intent only");
    }
}
