package io.abk.billing.gateway.command.idempotency;

import io.abk.billing.gateway.command.CommandIdentity;
import io.abk.billing.gateway.command.CommandIdentity.Claim;
import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.opskit.idempotency.RequestFingerprint;
import io.abk.billing.schemas.render.ApiJson;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * The {@code idempotency_keys} table. {@link #claim} decides, atomically across requests and replicas, what a
 * request with a key may do: the first one inserts the in-flight row (an {@code INSERT .. ON CONFLICT} that also
 * reclaims an expired row); a repeat is replayed, refused, told to wait, resumed from a recorded outcome, or
 * allowed to take over a row whose lease ran out (one {@code UPDATE .. WHERE lease expired} wins). The stored answer
 * of a route that declares it {@link ShowsSecret} (a webhook signing secret, a new API key, an authenticator's
 * enrolment or a member's recovery codes, an invitation's link) is sealed like an endpoint's secret ({@link SecretSealer}, for this record's
 * merchant, mode and key), so the secret is never at rest in plain text here either; the record expires with the
 * key's TTL and is not re-sealed by a key rotation.
 */
public final class IdempotencyStore {

    static final String INSERT = """
            INSERT INTO idempotency_keys AS k (merchant_id, mode, key, method, path, request_hash, command_id, state,
                                               locked_until, created_at, expires_at)
            VALUES (:merchantId, :mode, :key, :method, :path, :hash, :commandId, 'in_flight',
                    now() + :leaseMillis * interval '1 millisecond', :createdAt, now() + :ttlMillis * interval '1 millisecond')
            ON CONFLICT (merchant_id, mode, key) DO UPDATE
               SET method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash,
                   command_id = EXCLUDED.command_id, state = 'in_flight', response_status = NULL, response_body = NULL,
                   locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
             WHERE k.expires_at <= now()
            RETURNING command_id""";

    static final String FIND = """
            SELECT k.request_hash, k.command_id, k.created_at, k.state, k.response_status, k.response_body,
                   (k.locked_until IS NULL OR k.locked_until <= now()) AS lease_expired,
                   EXISTS (SELECT 1 FROM command_outcomes o WHERE o.command_id = k.command_id) AS recorded
              FROM idempotency_keys k
             WHERE k.merchant_id = :merchantId AND k.mode = :mode AND k.key = :key""";

    static final String TAKE_OVER = """
            UPDATE idempotency_keys SET locked_until = now() + :leaseMillis * interval '1 millisecond'
             WHERE merchant_id = :merchantId AND mode = :mode AND key = :key AND command_id = :commandId
               AND state = 'in_flight' AND (locked_until IS NULL OR locked_until <= now())
            RETURNING command_id""";

    static final String COMPLETE = """
            UPDATE idempotency_keys SET state = 'done', response_status = :status, response_body = :body, locked_until = NULL
             WHERE merchant_id = :merchantId AND mode = :mode AND key = :key AND command_id = :commandId AND state = 'in_flight'""";

    static final String RELEASE = """
            UPDATE idempotency_keys SET locked_until = now()
             WHERE merchant_id = :merchantId AND mode = :mode AND key = :key AND command_id = :commandId AND state = 'in_flight'""";

    /** What a request with a key may do. */
    public sealed interface Decision {}

    /** The request holds the key's record and runs, with this context. */
    public record Proceed(CommandIdentity identity) implements Decision {}

    /** The same request was answered before: send the stored response again. */
    public record Replay(int status, String body) implements Decision {}

    /** The key was used for a different request: 409 {@code idempotency_error}. */
    public record Mismatch() implements Decision {}

    /** The first request with the key is still running: 409 {@code idempotency_in_progress}. */
    public record InProgress() implements Decision {}

    private final DatabaseClient db;
    private final Duration lease;
    private final Duration ttl;
    private final SecretSealer sealer;

    public IdempotencyStore(DatabaseClient db, Duration lease, Duration ttl, SecretSealer sealer) {
        this.sealer = sealer;
        this.db = db;
        this.lease = lease;
        this.ttl = ttl;
    }

    /**
     * @param freshCommandId the command id for the request if it is the first with this key
     * @param firstSeenAt the request's arrival, to the millisecond, stored with a first request
     */
    public Mono<Decision> claim(
            Caller caller, String key, RequestFingerprint request, String freshCommandId, Instant firstSeenAt) {
        return insert(caller, key, request, freshCommandId, firstSeenAt)
                .<Decision>map(
                        inserted -> new Proceed(new CommandIdentity(freshCommandId, firstSeenAt, key, Claim.FIRST)))
                .switchIfEmpty(Mono.defer(() -> existing(caller, key, request)))
                // The row can vanish between the insert and the read (purged on expiry): claim again, once more.
                .switchIfEmpty(Mono.defer(() -> insert(caller, key, request, freshCommandId, firstSeenAt)
                        .<Decision>map(inserted ->
                                new Proceed(new CommandIdentity(freshCommandId, firstSeenAt, key, Claim.FIRST)))
                        .defaultIfEmpty(new InProgress())));
    }

    /**
     * Stores the response of the request that holds the record; a repeat is then replayed.
     *
     * @param showsSecret whether the route declares that its answer shows a secret ({@link ShowsSecret}): the body is
     *     then stored sealed
     */
    public Mono<Void> complete(
            Caller caller, String key, String commandId, int status, String body, boolean showsSecret) {
        return scoped(db.sql(COMPLETE), caller, key)
                .bind("commandId", commandId)
                .bind("status", status)
                .bind("body", showsSecret ? sealer.seal(body, sealingContext(caller, key)) : body)
                .fetch()
                .rowsUpdated()
                .then();
    }

    /** Ends the holder's lease at once (it failed without a result), so a retry can take over right away. */
    public Mono<Void> release(Caller caller, String key, String commandId) {
        return scoped(db.sql(RELEASE), caller, key)
                .bind("commandId", commandId)
                .fetch()
                .rowsUpdated()
                .then();
    }

    private Mono<String> insert(
            Caller caller, String key, RequestFingerprint request, String commandId, Instant firstSeenAt) {
        return scoped(db.sql(INSERT), caller, key)
                .bind("method", request.method())
                .bind("path", request.path())
                .bind("hash", request.hash())
                .bind("commandId", commandId)
                .bind("leaseMillis", lease.toMillis())
                .bind("createdAt", firstSeenAt)
                .bind("ttlMillis", ttl.toMillis())
                .map((row, metadata) -> row.get("command_id", String.class))
                .first();
    }

    private record Existing(
            String hash,
            String commandId,
            Instant firstSeenAt,
            boolean done,
            @Nullable Integer status,
            @Nullable String body,
            boolean leaseExpired,
            boolean recorded) {}

    private Mono<Decision> existing(Caller caller, String key, RequestFingerprint request) {
        return scoped(db.sql(FIND), caller, key)
                .map((row, metadata) -> new Existing(
                        Columns.required(row, "request_hash", String.class),
                        Columns.required(row, "command_id", String.class),
                        Columns.required(row, "created_at", Instant.class),
                        "done".equals(row.get("state", String.class)),
                        row.get("response_status", Integer.class),
                        row.get("response_body", String.class),
                        Boolean.TRUE.equals(row.get("lease_expired", Boolean.class)),
                        Boolean.TRUE.equals(row.get("recorded", Boolean.class))))
                .first()
                .flatMap(found -> decide(caller, key, request, found));
    }

    private Mono<Decision> decide(Caller caller, String key, RequestFingerprint request, Existing found) {
        if (!found.hash().equals(request.hash())) {
            return Mono.just(new Mismatch());
        }
        var status = found.status();
        if (found.done() && status != null) {
            var body = found.body() == null ? "" : found.body();
            return Mono.fromCallable(() -> new Replay(
                    status, body.startsWith(SEALED_MARK) ? sealer.open(body, sealingContext(caller, key)) : body));
        }
        if (found.recorded()) {
            return Mono.just(
                    new Proceed(new CommandIdentity(found.commandId(), found.firstSeenAt(), key, Claim.RESUME)));
        }
        if (!found.leaseExpired()) {
            return Mono.just(new InProgress());
        }
        return scoped(db.sql(TAKE_OVER), caller, key)
                .bind("commandId", found.commandId())
                .bind("leaseMillis", lease.toMillis())
                .map((row, metadata) -> row.get("command_id", String.class))
                .first()
                .<Decision>map(taken ->
                        new Proceed(new CommandIdentity(found.commandId(), found.firstSeenAt(), key, Claim.TAKEOVER)))
                .defaultIfEmpty(new InProgress());
    }

    /** How a sealed value starts; a stored JSON body never starts like this. */
    private static final String SEALED_MARK = "v1:";

    /** The associated data of a sealed response: the record it belongs to, so it opens for no other. */
    private static String sealingContext(Caller caller, String key) {
        return "idempotency:" + caller.merchantId() + ":" + ApiJson.mode(caller.mode()) + ":" + key;
    }

    private static DatabaseClient.GenericExecuteSpec scoped(
            DatabaseClient.GenericExecuteSpec spec, Caller caller, String key) {
        return spec.bind("merchantId", caller.merchantId())
                .bind("mode", ApiJson.mode(caller.mode()))
                .bind("key", key);
    }
}
