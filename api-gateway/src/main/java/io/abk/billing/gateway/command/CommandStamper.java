package io.abk.billing.gateway.command;

import io.abk.billing.gateway.auth.Caller;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.web.server.ServerWebExchange;

/**
 * Builds command envelopes of any {@link Aggregate} with what DESIGN section 4 has the gateway stamp on every
 * command ({@link Stamp}): command id, merchant, mode, {@code requestedAt} (the mode's effective now: the wall
 * clock until test clocks exist), Idempotency-Key and request id.
 */
public final class CommandStamper {

    /** The request-id filter's exchange attribute (web.RequestIds); read by name so this package needs no import. */
    static final String REQUEST_ID_ATTRIBUTE = "io.abk.billing.gateway.web.RequestIds.requestId";
    static final String REQUEST_ID_HEADER = "x-request-id";

    private final Clock clock;

    public CommandStamper(Clock clock) {
        this.clock = clock;
    }

    /** The effective now of the caller's mode, to the millisecond (commands carry timestamp-millis). */
    public java.time.Instant now(Caller caller) {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    /** The command of {@code payload} to the aggregate {@code aggregateId}, stamped for this request. */
    public StampedCommand stamp(Aggregate<?> aggregate, Caller caller, CommandIdentity identity, String aggregateId, Object payload,
            ServerWebExchange exchange) {
        var stamp = new Stamp(identity.commandId(), caller.merchantId(), caller.mode(), now(caller), identity.idempotencyKey(),
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
