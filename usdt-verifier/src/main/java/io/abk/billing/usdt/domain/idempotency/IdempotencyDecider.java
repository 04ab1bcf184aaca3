package io.abk.billing.usdt.domain.idempotency;

import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Claim;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Complete;
import io.abk.billing.usdt.domain.idempotency.IdempotencyCommand.Release;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Ignored;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.InProgress;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Mismatch;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Proceed;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Recorded;
import io.abk.billing.usdt.domain.idempotency.IdempotencyDecision.Replay;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The rules of a record, the billing API's: the first request with a key runs; the same request again (same method,
 * path and JSON body) gets its answer replayed once there is one, 2xx and 4xx alike, and is told to wait while it
 * runs; another request with the key is refused. A record lasts its TTL (24 hours) from the first request; after
 * that the key is free. A request that dies without answering keeps the record for its lease, after which a repeat
 * takes over under the same request id.
 */
public final class IdempotencyDecider {

    /** What a command comes to and the record after it (null: none, or deleted). */
    public record Decided(
            IdempotencyDecision decision, @Nullable IdempotencyRecord next) {}

    private IdempotencyDecider() {}

    public static Decided decide(@Nullable IdempotencyRecord state, IdempotencyCommand command) {
        var live = state != null && command.requestedAt().isBefore(state.expiresAt()) ? state : null;
        return switch (command) {
            case Claim claim -> claim(live, claim);
            case Complete complete -> {
                if (live == null || !holds(live, complete.requestCommandId())) {
                    yield new Decided(new Ignored(), state);
                }
                yield new Decided(
                        new Recorded(),
                        new IdempotencyRecord(
                                live.fingerprint(),
                                live.requestCommandId(),
                                live.firstSeenAt(),
                                live.expiresAt(),
                                null,
                                complete.status(),
                                complete.body()));
            }
            case Release release -> {
                if (live == null || !holds(live, release.requestCommandId())) {
                    yield new Decided(new Ignored(), state);
                }
                yield new Decided(new Recorded(), withLease(live, release.requestedAt()));
            }
        };
    }

    private static Decided claim(@Nullable IdempotencyRecord live, Claim claim) {
        var now = claim.requestedAt();
        if (live == null) {
            var fresh = new IdempotencyRecord(
                    claim.fingerprint(),
                    claim.requestCommandId(),
                    now,
                    now.plus(claim.ttl()),
                    now.plus(claim.lease()),
                    null,
                    null);
            return new Decided(new Proceed(claim.requestCommandId(), false), fresh);
        }
        if (!live.fingerprint().equals(claim.fingerprint())) {
            return new Decided(new Mismatch(), live);
        }
        if (live.answered()) {
            return new Decided(
                    new Replay(Objects.requireNonNull(live.status()), Objects.requireNonNullElse(live.body(), "")),
                    live);
        }
        var lease = Objects.requireNonNull(live.leaseUntil(), "a record without an answer is leased");
        if (now.isBefore(lease)) {
            return new Decided(new InProgress(), live);
        }
        return new Decided(new Proceed(live.requestCommandId(), true), withLease(live, now.plus(claim.lease())));
    }

    /** Whether the request {@code requestCommandId} holds {@code live} and has not answered. */
    private static boolean holds(IdempotencyRecord live, String requestCommandId) {
        return !live.answered() && live.requestCommandId().equals(requestCommandId);
    }

    private static IdempotencyRecord withLease(IdempotencyRecord record, Instant leaseUntil) {
        return new IdempotencyRecord(
                record.fingerprint(),
                record.requestCommandId(),
                record.firstSeenAt(),
                record.expiresAt(),
                leaseUntil,
                null,
                null);
    }
}
