package io.abk.billing.streams.domain.subscription;

/**
 * Why a command was refused. Each reason carries the API error code the gateway answers with (HTTP 400 unless
 * the gateway maps it otherwise). New reasons are added beside their commands.
 */
public enum RejectionReason {
    /** Create under an id that is already taken. */
    SUBSCRIPTION_EXISTS("resource_already_exists");

    private final String code;

    RejectionReason(String code) {
        this.code = code;
    }

    /** The snake_case code of the API's error body. */
    public String code() {
        return code;
    }
}
