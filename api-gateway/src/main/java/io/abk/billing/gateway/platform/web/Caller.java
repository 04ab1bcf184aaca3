package io.abk.billing.gateway.platform.web;

import io.abk.billing.schemas.avro.Mode;

/**
 * The authenticated merchant and mode of a {@code /v1} request, from its API key. Every query and command of
 * the request is scoped by both. Declare a {@code Caller} parameter on a handler method to receive it.
 */
public record Caller(String merchantId, Mode mode, String apiKeyId) {

    /** The exchange attribute under which the authentication filter stores the caller. */
    public static final String ATTRIBUTE = Caller.class.getName();

    public boolean isTest() {
        return mode == Mode.TEST;
    }
}
