package io.abk.billing.gateway.command;

import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.platform.web.Caller;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.web.server.ServerWebExchange;

/**
 * Builds command envelopes of any {@link Aggregate} with what the gateway stamps on every
 * command ({@link Stamp}): command id, merchant, mode, {@code requestedAt} (the mode's effective now: in test mode
 * the merchant's test clock), Idempotency-Key and request id (docs/architecture.md, "The command path").
 */
public final class CommandStamper {

    /** The request-id filter's exchange attribute (web.RequestIds); read by name so this package needs no import. */
    static final String REQUEST_ID_ATTRIBUTE = "io.abk.billing.gateway.platform.web.RequestIds.requestId";

    static final String REQUEST_ID_HEADER = "x-request-id";

    private final EffectiveClock clock;

    public CommandStamper(EffectiveClock clock) {
        this.clock = clock;
    }

    /**
     * The effective now of the caller's mode, to the millisecond (commands carry timestamp-millis): the wall clock
     * in live mode, the merchant's test clock in test mode.
     */
    public Instant now(Caller caller) {
        return clock.now(caller);
    }

    /**
     * The wall clock, to the millisecond: the seed of the ids a request mints. Ids sort by their time, and lists
     * go newest first by id; a frozen test clock would give every id of a frozen instant the same time, and the
     * idempotency filter seeds keyed requests from the wall clock already.
     */
    public Instant idSeedTime() {
        return clock.wallNow();
    }

    /** The command of {@code payload} to the aggregate {@code aggregateId}, stamped for this request. */
    public StampedCommand stamp(
            Aggregate<?> aggregate,
            Caller caller,
            CommandIdentity identity,
            String aggregateId,
            Object payload,
            ServerWebExchange exchange) {
        var stamp = new Stamp(
                identity.commandId(),
                caller.merchantId(),
                caller.mode(),
                now(caller),
                identity.idempotencyKey(),
                requestId(exchange));
        return aggregate.stamp(stamp, aggregateId, payload);
    }

    /** The request's id: the request-id filter's attribute, else the response header it sets, else none. */
    public static @Nullable String requestId(ServerWebExchange exchange) {
        if (exchange.getAttribute(REQUEST_ID_ATTRIBUTE) instanceof String id && !id.isBlank()) {
            return id;
        }
        return exchange.getResponse().getHeaders().getFirst(REQUEST_ID_HEADER);
    }
}
