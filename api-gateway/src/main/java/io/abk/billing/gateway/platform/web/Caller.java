package io.abk.billing.gateway.platform.web;

import io.abk.billing.schemas.avro.Mode;

/**
 * The authenticated merchant and mode of a {@code /v1} request, from its API key or, for the dashboard's calls, a
 * team member's session. Every query and command of the request is scoped by both. Declare a {@code Caller}
 * parameter on a handler method to receive it.
 *
 * @param actorId who acts, as the audit log names them: the API key's id ({@code key_...}) or the team member's
 *     ({@code usr_...})
 */
public record Caller(String merchantId, Mode mode, String actorId) {

    /** The exchange attribute under which the authentication filter stores the caller. */
    public static final String ATTRIBUTE = Caller.class.getName();

    public boolean isTest() {
        return mode == Mode.TEST;
    }
}
