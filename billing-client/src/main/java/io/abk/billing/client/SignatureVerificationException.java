package io.abk.billing.client;

import io.abk.billing.webhookverify.WebhookVerificationException;

/**
 * A webhook delivery that did not verify: answer it with a 4xx and do not act on it. {@link #reason()} says why
 * (a missing or malformed header, no matching signature, a timestamp outside the tolerance).
 */
public class SignatureVerificationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final WebhookVerificationException.Reason reason;

    public SignatureVerificationException(WebhookVerificationException cause) {
        super(cause.getMessage(), cause);
        this.reason = cause.reason();
    }

    public SignatureVerificationException(WebhookVerificationException.Reason reason, String message) {
        super(reason + ": " + message);
        this.reason = reason;
    }

    public WebhookVerificationException.Reason reason() {
        return reason;
    }
}
