package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.avro.Mode;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A customer's portal session: one merchant, one mode, one wallet, for an hour. Every portal route reads and acts
 * within these three only.
 *
 * @param wallet lower-case 0x hex
 * @param returnUrl where the merchant asked the customer to be sent back to; null after Sign-In with Ethereum
 */
record PortalSession(
        byte[] tokenHash,
        String merchantId,
        Mode mode,
        String wallet,
        String csrfToken,
        @Nullable String returnUrl,
        Instant expiresAt) {

    /** The exchange attribute under which {@link PortalSessionFilter} stores the request's session. */
    static final String ATTRIBUTE = PortalSession.class.getName();

    /** How long a session lasts from its start, whatever is done in it. */
    static final Duration LIFETIME = Duration.ofHours(1);

    /** Stands in for an API key id on the commands the portal sends: the audit and logs show the customer acted. */
    static final String ACTOR = "portal";

    /** The caller of the portal's reads and commands: the session's merchant and mode. */
    Caller caller() {
        return new Caller(merchantId, mode, ACTOR);
    }

    boolean liveAt(Instant now) {
        return now.isBefore(expiresAt);
    }
}
