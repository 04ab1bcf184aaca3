package io.abk.billing.usdt.domain.match;

import io.abk.billing.schemas.render.ApiNamed;

/** What a transaction shows compared with an intent, as the API names it ({@code outcome}). */
public enum MatchOutcome implements ApiNamed {
    /** Exactly the amount, to the address, deep enough. */
    CONFIRMED,
    /** Less than the amount. */
    UNDERPAID,
    /** More than the amount. */
    OVERPAID,
    /** No transfer of the token to the pay-to address. */
    WRONG_RECIPIENT,
    /** No such transaction. */
    NOT_FOUND,
    /** The transaction failed. */
    REVERTED,
    /** Not mined yet, or not as deep as the configured confirmation depth. */
    PENDING_CONFIRMATIONS;

    /** The API name ({@link ApiNamed}), which the records also carry. */
    public String wire() {
        return apiName();
    }

    public static MatchOutcome fromWire(String value) {
        return ApiNamed.parse(MatchOutcome.class, value, "no MatchOutcome named ");
    }
}
