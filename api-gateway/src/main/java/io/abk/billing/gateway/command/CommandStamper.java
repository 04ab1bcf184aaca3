package io.abk.billing.gateway.command;

import io.abk.billing.gateway.auth.Caller;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.web.server.ServerWebExchange;

/**
 * Builds command envelopes with what DESIGN section 4 has the gateway stamp on every command: command id,
 * merchant, mode, {@code requestedAt} (the mode's effective now: the wall clock until test clocks exist),
 * Idempotency-Key and request id.
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

    public SubscriptionCommand subscriptionCommand(Caller caller, CommandIdentity identity, String subscriptionId,
            Object payload, ServerWebExchange exchange) {
        return SubscriptionCommand.newBuilder()
                .setCommandId(identity.commandId())
                .setSubscriptionId(subscriptionId)
                .setMerchantId(caller.merchantId())
                .setMode(caller.mode())
                .setRequestedAt(now(caller))
                .setIdempotencyKey(identity.idempotencyKey())
                .setRequestId(requestId(exchange))
                .setPayload(payload)
                .build();
    }

    /** The request's id: the request-id filter's attribute, else the response header it sets, else none. */
    public static @Nullable String requestId(ServerWebExchange exchange) {
        if (exchange.getAttribute(REQUEST_ID_ATTRIBUTE) instanceof String id && !id.isBlank()) {
            return id;
        }
        return exchange.getResponse().getHeaders().getFirst(REQUEST_ID_HEADER);
    }
}
