package io.abk.billing.usdt.domain.intent;

/**
 * Why an intent command was refused, besides a transaction that does not match (whose code is the match's). The
 * codes are the API's.
 */
public enum IntentRejection {
    /** No intent with this id. */
    RESOURCE_MISSING("resource_missing"),
    /** The intent expired before it was paid. */
    INTENT_EXPIRED("intent_expired"),
    /** The transaction confirmed another intent already: one transaction confirms at most one intent. */
    TX_ALREADY_USED("tx_already_used"),
    /** Another transaction is being claimed for this intent right now; confirming again shortly answers for sure. */
    CONFIRMATION_IN_PROGRESS("confirmation_in_progress"),
    /** An answer to a claim the intent is not waiting for (a late repeat): ignored. */
    CLAIM_UNKNOWN("claim_unknown");

    private final String code;

    IntentRejection(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
