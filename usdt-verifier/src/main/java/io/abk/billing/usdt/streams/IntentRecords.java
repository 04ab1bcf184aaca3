package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtConfirmIntent;
import io.abk.billing.schemas.avro.UsdtCreateIntent;
import io.abk.billing.schemas.avro.UsdtExpireIntent;
import io.abk.billing.schemas.avro.UsdtIntentAggregate;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtIntentConfirmation;
import io.abk.billing.schemas.avro.UsdtIntentSnapshot;
import io.abk.billing.schemas.avro.UsdtPendingClaim;
import io.abk.billing.schemas.avro.UsdtTriggerTestEvent;
import io.abk.billing.schemas.avro.UsdtTxClaimAnswer;
import io.abk.billing.usdt.domain.intent.Confirmation;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.domain.intent.IntentDetails;
import io.abk.billing.usdt.domain.intent.IntentState;
import io.abk.billing.usdt.domain.intent.IntentState.Absent;
import io.abk.billing.usdt.domain.intent.IntentState.Confirmed;
import io.abk.billing.usdt.domain.intent.IntentState.Existing;
import io.abk.billing.usdt.domain.intent.IntentState.Expired;
import io.abk.billing.usdt.domain.intent.IntentState.Open;
import io.abk.billing.usdt.domain.intent.PendingClaim;
import org.jspecify.annotations.Nullable;

/** Maps intent commands, states and snapshots between the domain and their Avro records. */
public final class IntentRecords {

    private IntentRecords() {}

    public static IntentCommand command(UsdtIntentCommand envelope) {
        var id = envelope.getIntentId();
        var commandId = envelope.getCommandId();
        var at = envelope.getRequestedAt();
        return switch (envelope.getPayload()) {
            case UsdtCreateIntent create ->
                new IntentCommand.Create(
                        id,
                        commandId,
                        at,
                        create.getMerchantRef(),
                        MatchRecords.terms(
                                create.getAmountMicros(), create.getPayToAddress(), create.getMatchStrategy()));
            case UsdtConfirmIntent confirm ->
                new IntentCommand.Confirm(
                        id,
                        commandId,
                        at,
                        MatchRecords.evidence(
                                confirm.getTxHash(), confirm.getObservation(), confirm.getSandboxScenario()));
            case UsdtTxClaimAnswer answer ->
                new IntentCommand.AnswerClaim(id, commandId, at, answer.getTxHash(), answer.getGranted());
            case UsdtExpireIntent expire -> new IntentCommand.Expire(id, commandId, at);
            case UsdtTriggerTestEvent trigger ->
                new IntentCommand.TriggerTestEvent(
                        id,
                        commandId,
                        at,
                        trigger.getMerchantRef(),
                        MatchRecords.terms(
                                trigger.getAmountMicros(), trigger.getPayToAddress(), trigger.getMatchStrategy()),
                        trigger.getTxHash());
            default ->
                throw new IllegalArgumentException("unknown intent command payload "
                        + envelope.getPayload().getClass().getName() + " in command " + commandId);
        };
    }

    /** The envelope of {@code command}: what the HTTP side and the other processors send. */
    public static UsdtIntentCommand envelope(IntentCommand command, @Nullable String requestId) {
        Object payload = switch (command) {
            case IntentCommand.Create create ->
                UsdtCreateIntent.newBuilder()
                        .setMerchantRef(create.merchantRef())
                        .setAmountMicros(create.terms().amount().micros())
                        .setPayToAddress(create.terms().payToAddress())
                        .setMatchStrategy(create.terms().strategy().wire())
                        .build();
            case IntentCommand.Confirm confirm ->
                UsdtConfirmIntent.newBuilder()
                        .setTxHash(confirm.evidence().txHash())
                        .setObservation(MatchRecords.observationOf(confirm.evidence()))
                        .setSandboxScenario(MatchRecords.scenarioOf(confirm.evidence()))
                        .build();
            case IntentCommand.AnswerClaim answer -> new UsdtTxClaimAnswer(answer.txHash(), answer.granted());
            case IntentCommand.Expire expire -> new UsdtExpireIntent();
            case IntentCommand.TriggerTestEvent trigger ->
                UsdtTriggerTestEvent.newBuilder()
                        .setMerchantRef(trigger.merchantRef())
                        .setAmountMicros(trigger.terms().amount().micros())
                        .setPayToAddress(trigger.terms().payToAddress())
                        .setMatchStrategy(trigger.terms().strategy().wire())
                        .setTxHash(trigger.txHash())
                        .build();
        };
        return UsdtIntentCommand.newBuilder()
                .setCommandId(command.commandId())
                .setIntentId(command.intentId())
                .setRequestedAt(command.requestedAt())
                .setRequestId(requestId)
                .setPayload(payload)
                .build();
    }

    public static IntentState state(@Nullable UsdtIntentAggregate stored) {
        if (stored == null) {
            return new Absent();
        }
        var intent = stored.getIntent();
        var details = details(intent);
        return switch (intent.getStatus()) {
            case "open" -> new Open(details, claim(stored.getClaim()));
            case "confirmed" -> new Confirmed(details, confirmation(required(stored.getConfirmation(), intent)));
            case "expired" -> new Expired(details);
            default ->
                throw new IllegalArgumentException(
                        "intent " + intent.getId() + " has unknown status " + intent.getStatus());
        };
    }

    /** The store value of a state; null for {@link Absent} (nothing to store). */
    public static @Nullable UsdtIntentAggregate aggregate(IntentState state) {
        if (!(state instanceof Existing existing)) {
            return null;
        }
        var builder = UsdtIntentAggregate.newBuilder()
                .setIntent(snapshot(existing))
                .setClaim(null)
                .setConfirmation(null);
        switch (existing) {
            case Open open -> builder.setClaim(open.claim() == null ? null : claim(open.claim()));
            case Confirmed confirmed -> builder.setConfirmation(confirmation(confirmed.confirmation()));
            case Expired expired -> {}
        }
        return builder.build();
    }

    public static UsdtIntentSnapshot snapshot(Existing state) {
        var confirmation = state instanceof Confirmed confirmed ? confirmed.confirmation() : null;
        return snapshot(state.details(), state.status(), confirmation);
    }

    /** The snapshot of {@code details} in {@code status}, with what a confirmation adds. */
    public static UsdtIntentSnapshot snapshot(
            IntentDetails details, String status, @Nullable Confirmation confirmation) {
        var builder = UsdtIntentSnapshot.newBuilder()
                .setId(details.id())
                .setMerchantRef(details.merchantRef())
                .setAmountMicros(details.terms().amount().micros())
                .setPayToAddress(details.terms().payToAddress())
                .setMatchStrategy(details.terms().strategy().wire())
                .setStatus(status)
                .setCreatedAt(details.createdAt())
                .setExpiresAt(details.expiresAt())
                .setConfirmedAt(null)
                .setTxHash(null)
                .setReceivedUsdt(null)
                .setFromAddress(null);
        if (confirmation != null) {
            var match = confirmation.match();
            var received = match.received();
            builder.setConfirmedAt(confirmation.confirmedAt())
                    .setTxHash(match.txHash())
                    .setReceivedUsdt(received == null ? null : received.toPlainString())
                    .setFromAddress(match.fromAddress());
        }
        return builder.build();
    }

    private static IntentDetails details(UsdtIntentSnapshot intent) {
        return new IntentDetails(
                intent.getId(),
                intent.getMerchantRef(),
                MatchRecords.terms(intent.getAmountMicros(), intent.getPayToAddress(), intent.getMatchStrategy()),
                intent.getCreatedAt(),
                intent.getExpiresAt());
    }

    private static @Nullable PendingClaim claim(@Nullable UsdtPendingClaim claim) {
        return claim == null
                ? null
                : new PendingClaim(
                        claim.getTxHash(),
                        claim.getResultCommandId(),
                        claim.getRequestedAt(),
                        MatchRecords.report(claim.getMatch()));
    }

    private static UsdtPendingClaim claim(PendingClaim claim) {
        return new UsdtPendingClaim(
                claim.txHash(), claim.resultCommandId(), claim.requestedAt(), MatchRecords.report(claim.match()));
    }

    private static Confirmation confirmation(UsdtIntentConfirmation confirmation) {
        return new Confirmation(
                confirmation.getEventId(), confirmation.getConfirmedAt(), MatchRecords.report(confirmation.getMatch()));
    }

    private static UsdtIntentConfirmation confirmation(Confirmation confirmation) {
        return new UsdtIntentConfirmation(
                confirmation.eventId(), confirmation.confirmedAt(), MatchRecords.report(confirmation.match()));
    }

    private static UsdtIntentConfirmation required(
            @Nullable UsdtIntentConfirmation confirmation, UsdtIntentSnapshot intent) {
        if (confirmation == null) {
            throw new IllegalArgumentException("confirmed intent " + intent.getId() + " has no confirmation stored");
        }
        return confirmation;
    }
}
