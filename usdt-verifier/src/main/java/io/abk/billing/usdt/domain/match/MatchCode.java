package io.abk.billing.usdt.domain.match;

import io.abk.billing.schemas.render.ApiNamed;

/** Why a transaction does not pay an intent: the API's {@code code} when {@code ok} is false. */
public enum MatchCode implements ApiNamed {
    TX_NOT_FOUND,
    TX_REVERTED,
    WRONG_RECIPIENT,
    /** Less than the strategy accepts. */
    AMOUNT_TOO_LOW,
    /** More than the strategy accepts ({@code exact}, or beyond the tolerance). */
    AMOUNT_TOO_HIGH,
    /** Worth confirming again shortly. */
    PENDING_CONFIRMATIONS;

    /** The API name ({@link ApiNamed}), which the records also carry. */
    public String wire() {
        return apiName();
    }

    public static MatchCode fromWire(String value) {
        return ApiNamed.parse(MatchCode.class, value, "no MatchCode named ");
    }
}
