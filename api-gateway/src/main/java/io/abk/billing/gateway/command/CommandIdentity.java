package io.abk.billing.gateway.command;

import io.abk.billing.gateway.platform.ids.IdSeed;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.web.server.ServerWebExchange;

/**
 * The identity of the command a request sends: its id, the instant that seeds the ids it mints, the
 * Idempotency-Key it came with, and how the request came to send it. Requests that write PostgreSQL directly (the
 * catalog) use it the same way: the ids of the rows they create are derived from it, so a run again is a no-op. For a request with a key the idempotency
 * filter puts one in the exchange ({@link #ATTRIBUTE}) with the id stored in the key's record; a request
 * without a key gets a fresh one.
 */
public record CommandIdentity(
        String commandId, Instant seedTime, @Nullable String idempotencyKey, Claim claim) implements IdSeed {

    /** The exchange attribute under which the idempotency filter stores the identity of a keyed request. */
    public static final String ATTRIBUTE = CommandIdentity.class.getName();

    /** How the request holds its command. */
    public enum Claim {
        /** The first request (or one without a key). */
        FIRST,
        /** A retry that took over a keyed record whose holder's lease ran out: send the same command again. */
        TAKEOVER,
        /** A retry of a request whose outcome is already recorded: answer from it, send nothing. */
        RESUME;

        /** Whether an outcome may already be recorded for the command id. */
        public boolean isRetry() {
            return this != FIRST;
        }
    }

    /** A request without an Idempotency-Key: a fresh command. */
    public static CommandIdentity fresh(Instant now) {
        return new CommandIdentity(Ids.newId(IdPrefix.COMMAND, now), now, null, Claim.FIRST);
    }

    /** The identity the idempotency filter assigned to this request, if it carries a key. */
    public static Optional<CommandIdentity> of(ServerWebExchange exchange) {
        return Optional.ofNullable(exchange.getAttribute(ATTRIBUTE));
    }

    /**
     * The id of a resource this command creates, derived from the command id and seed time: a retry that takes
     * over the command creates the same resource, and the processor, deduplicating by command id, creates it once.
     */
    public String derivedId(IdPrefix prefix) {
        return Ids.derivedId(prefix, seedTime, commandId);
    }

    /**
     * The id of the {@code ordinal}-th resource of one kind the request creates ({@code 0} is {@link #derivedId(IdPrefix)}),
     * stamped {@code ordinal} ms after the seed time so that several of a kind (the prices of one product) sort in
     * the order they were minted, as ids from the {@code IdGenerator} do.
     */
    @Override
    public String derivedId(IdPrefix prefix, int ordinal) {
        if (ordinal < 0) {
            throw new IllegalArgumentException("ordinal must not be negative, got " + ordinal);
        }
        return ordinal == 0
                ? derivedId(prefix)
                : Ids.derivedId(prefix, seedTime.plusMillis(ordinal), commandId + "#" + ordinal);
    }

    /** True when only the recorded outcome is needed: the command was sent and its outcome is in. */
    public boolean answerFromRecord() {
        return claim == Claim.RESUME;
    }
}
