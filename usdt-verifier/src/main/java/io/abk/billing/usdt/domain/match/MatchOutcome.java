package io.abk.billing.usdt.domain.match;

/** What a transaction shows compared with an intent, as the API names it ({@code outcome}). */
public enum MatchOutcome {
    /** Exactly the amount, to the address, deep enough. */
    CONFIRMED("confirmed"),
    /** Less than the amount. */
    UNDERPAID("underpaid"),
    /** More than the amount. */
    OVERPAID("overpaid"),
    /** No transfer of the token to the pay-to address. */
    WRONG_RECIPIENT("wrong_recipient"),
    /** No such transaction. */
    NOT_FOUND("not_found"),
    /** The transaction failed. */
    REVERTED("reverted"),
    /** Not mined yet, or not as deep as the configured confirmation depth. */
    PENDING_CONFIRMATIONS("pending_confirmations");

    private final String wire;

    MatchOutcome(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static MatchOutcome fromWire(String value) {
        for (var candidate : values()) {
            if (candidate.wire.equals(value)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("no MatchOutcome named " + value);
    }
}
