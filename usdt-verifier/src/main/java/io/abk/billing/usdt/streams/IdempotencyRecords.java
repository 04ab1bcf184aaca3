package io.abk.billing.usdt.streams;

import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtIdempotencyAnswer;
import io.abk.billing.schemas.avro.UsdtIdempotencyClaim;
import io.abk.billing.schemas.avro.UsdtIdempotencyCommand;
import io.abk.billing.schemas.avro.UsdtIdempotencyComplete;
import io.abk.billing.schemas.avro.UsdtIdempotencyRecord;
import io.abk.billing.schemas.avro.UsdtIdempotencyRelease;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Claim;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Complete;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Release;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision;
import io.abk.billing.usdt.domain.idempotency.IdempotencyRecord;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The Avro edge of the idempotency records: commands, the stored record, and the answer in an outcome. */
public final class IdempotencyRecords {

    private IdempotencyRecords() {}

    public static UsdtIdempotencyCommand envelope(IdempotencyCommand command) {
        Object payload = switch (command) {
            case Claim claim ->
                new UsdtIdempotencyClaim(
                        claim.fingerprint(),
                        claim.requestCommandId(),
                        claim.lease().toMillis(),
                        claim.ttl().toMillis());
            case Complete complete ->
                new UsdtIdempotencyComplete(complete.requestCommandId(), complete.status(), complete.body());
            case Release release -> new UsdtIdempotencyRelease(release.requestCommandId());
        };
        return new UsdtIdempotencyCommand(command.commandId(), command.recordKey(), command.requestedAt(), payload);
    }

    static IdempotencyCommand command(UsdtIdempotencyCommand envelope) {
        var key = envelope.getRecordKey();
        var id = envelope.getCommandId();
        var at = envelope.getRequestedAt();
        return switch (envelope.getPayload()) {
            case UsdtIdempotencyClaim claim ->
                new Claim(
                        key,
                        id,
                        at,
                        claim.getFingerprint(),
                        claim.getRequestCommandId(),
                        Duration.ofMillis(claim.getLeaseMillis()),
                        Duration.ofMillis(claim.getTtlMillis()));
            case UsdtIdempotencyComplete complete ->
                new Complete(key, id, at, complete.getRequestCommandId(), complete.getStatus(), complete.getBody());
            case UsdtIdempotencyRelease release -> new Release(key, id, at, release.getRequestCommandId());
            default ->
                throw new IllegalArgumentException("unknown idempotency command "
                        + envelope.getPayload().getClass().getName() + " commandId=" + id);
        };
    }

    static @Nullable IdempotencyRecord state(@Nullable UsdtIdempotencyRecord stored) {
        return stored == null
                ? null
                : new IdempotencyRecord(
                        stored.getFingerprint(),
                        stored.getRequestCommandId(),
                        stored.getFirstSeenAt(),
                        stored.getExpiresAt(),
                        stored.getLeaseUntil(),
                        stored.getStatus(),
                        stored.getBody());
    }

    static UsdtIdempotencyRecord stored(IdempotencyRecord record) {
        return new UsdtIdempotencyRecord(
                record.fingerprint(),
                record.requestCommandId(),
                record.firstSeenAt(),
                record.expiresAt(),
                record.leaseUntil(),
                record.status(),
                record.body());
    }

    static UsdtCommandOutcome outcome(String commandId, IdempotencyDecision decision) {
        var answer = switch (decision) {
            case IdempotencyDecision.Proceed proceed ->
                new UsdtIdempotencyAnswer("proceed", proceed.requestCommandId(), proceed.takeover(), null, null);
            case IdempotencyDecision.Replay replay ->
                new UsdtIdempotencyAnswer("replay", null, false, replay.status(), replay.body());
            case IdempotencyDecision.Mismatch mismatch ->
                new UsdtIdempotencyAnswer("mismatch", null, false, null, null);
            case IdempotencyDecision.InProgress inProgress ->
                new UsdtIdempotencyAnswer("in_progress", null, false, null, null);
            case IdempotencyDecision.Recorded recorded ->
                new UsdtIdempotencyAnswer("recorded", null, false, null, null);
            case IdempotencyDecision.Ignored ignored -> new UsdtIdempotencyAnswer("ignored", null, false, null, null);
        };
        return UsdtCommandOutcome.newBuilder()
                .setCommandId(commandId)
                .setAccepted(true)
                .setIntent(null)
                .setEventBody(null)
                .setRejection(null)
                .setMatch(null)
                .setFollowUps(List.of())
                .setIdempotency(answer)
                .build();
    }

    /** What an outcome's answer says, read back on the HTTP side. */
    public static IdempotencyDecision decision(UsdtIdempotencyAnswer answer) {
        return switch (answer.getDecision()) {
            case "proceed" ->
                new IdempotencyDecision.Proceed(
                        java.util.Objects.requireNonNull(answer.getRequestCommandId(), "proceed names its request"),
                        answer.getTakeover());
            case "replay" ->
                new IdempotencyDecision.Replay(
                        java.util.Objects.requireNonNull(answer.getStatus(), "a replay has a status"),
                        java.util.Objects.requireNonNullElse(answer.getBody(), ""));
            case "mismatch" -> new IdempotencyDecision.Mismatch();
            case "in_progress" -> new IdempotencyDecision.InProgress();
            case "recorded" -> new IdempotencyDecision.Recorded();
            default -> new IdempotencyDecision.Ignored();
        };
    }
}
