package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.user.UserRole;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.avro.Mode;
import java.time.Duration;
import java.time.Instant;

/**
 * A signed-in session: whose it is (the member, their team and role), the token its state changes must carry, the
 * mode its pages show, its times, and whether its member must enrol a second factor first (their team requires one
 * and they have none), which closes every page but the security settings'.
 */
public record DashboardSession(
        byte[] tokenHash,
        String userId,
        String merchantId,
        String email,
        UserRole role,
        String csrfToken,
        Mode mode,
        Instant createdAt,
        Instant lastSeenAt,
        boolean mustEnrolTotp) {

    /** Unused this long, a session ends. */
    public static final Duration IDLE_TIMEOUT = Duration.ofHours(12);
    /** This long after sign-in, a session ends however much it is used. */
    public static final Duration ABSOLUTE_TIMEOUT = Duration.ofDays(7);

    /** Whether the session still signs its member in at {@code now}. */
    public boolean isLiveAt(Instant now) {
        return now.isBefore(lastSeenAt.plus(IDLE_TIMEOUT)) && now.isBefore(createdAt.plus(ABSOLUTE_TIMEOUT));
    }

    /** The member as the merchant API's caller: their team, the mode the session shows, and their id as the actor. */
    public Caller caller() {
        return new Caller(merchantId, mode, userId);
    }

    /** The attribute of the exchange that holds the request's session. */
    public static final String ATTRIBUTE = "io.abk.billing.gateway.dashboard.session";
}
