package io.abk.billing.webhookverify;

/**
 * A delivery that did not verify: answer it with a 4xx and do not act on it. The message names the header and
 * what is wrong with it, never a signature this side computed.
 */
public final class WebhookVerificationException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why a delivery did not verify. */
    public enum Reason {
        /** A signature header is absent or blank. */
        MISSING_HEADER,
        /** A signature header does not have the scheme's shape (no timestamp, no signature, bad hex or base64). */
        MALFORMED_HEADER,
        /** The signed timestamp is further from now than the tolerance, in the past or the future (replay guard). */
        TIMESTAMP_OUT_OF_TOLERANCE,
        /** No signature in the header matches the body under any of the secrets. */
        NO_MATCHING_SIGNATURE
    }

    private final Reason reason;

    WebhookVerificationException(Reason reason, String message) {
        super(reason + ": " + message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
