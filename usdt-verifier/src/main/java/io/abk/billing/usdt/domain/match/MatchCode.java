package io.abk.billing.usdt.domain.match;

/** Why a transaction does not pay an intent: the API's {@code code} when {@code ok} is false. */
public enum MatchCode {
    TX_NOT_FOUND("tx_not_found"),
    TX_REVERTED("tx_reverted"),
    WRONG_RECIPIENT("wrong_recipient"),
    /** Less than the strategy accepts. */
    AMOUNT_TOO_LOW("amount_too_low"),
    /** More than the strategy accepts ({@code exact}, or beyond the tolerance). */
    AMOUNT_TOO_HIGH("amount_too_high"),
    /** Worth confirming again shortly. */
    PENDING_CONFIRMATIONS("pending_confirmations");

    private final String wire;

    MatchCode(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static MatchCode fromWire(String value) {
        for (var candidate : values()) {
            if (candidate.wire.equals(value)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("no MatchCode named " + value);
    }
}
