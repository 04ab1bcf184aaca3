package io.abk.billing.usdt.http.idempotency;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import org.springframework.web.server.ServerWebExchange;

/**
 * The ids of what a request sends: derived from the id its Idempotency-Key record runs it under, so a repeat that
 * takes over a request that died sends the very same commands and intents (which then apply once), or new ones for a
 * request without a key.
 */
public final class IdempotentIds {

    /** The exchange attribute holding the id the keyed request runs under. */
    static final String ATTRIBUTE = IdempotentIds.class.getName() + ".requestCommandId";

    private IdempotentIds() {}

    /** The id of the {@code purpose} of this request ({@code create}, {@code confirm}, {@code intent}, ...). */
    public static String of(ServerWebExchange exchange, IdPrefix prefix, Instant now, String purpose) {
        if (exchange.getAttribute(ATTRIBUTE) instanceof String requestCommandId) {
            return Ids.derivedId(prefix, Instant.EPOCH, requestCommandId + ":" + purpose);
        }
        return Ids.newId(prefix, now);
    }
}
