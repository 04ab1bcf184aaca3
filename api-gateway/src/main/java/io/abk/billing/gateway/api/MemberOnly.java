package io.abk.billing.gateway.api;

import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.ids.IdPrefix;

/**
 * The guard of the routes only a team member may call (through the dashboard): the team and the API keys. A member
 * acts as {@code usr_...}; an API key ({@code key_...}) is 403 {@code permission_denied}, so a leaked key can neither
 * manage the people who sign in nor mint more keys.
 */
public final class MemberOnly {

    private MemberOnly() {}

    /** Throws the 403 saying {@code refusal} unless the caller is a team member. */
    public static void require(Caller caller, String refusal) {
        if (!caller.actorId().startsWith(IdPrefix.USER.withSeparator())) {
            throw new ApiException(403, ErrorCodes.PERMISSION_DENIED, refusal);
        }
    }
}
