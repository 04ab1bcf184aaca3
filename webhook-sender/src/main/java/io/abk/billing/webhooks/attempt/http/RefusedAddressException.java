package io.abk.billing.webhooks.attempt.http;

import java.io.IOException;

/**
 * The guarded resolver's refusal: the connection is never opened. Its message is the attempt's error sentence
 * (it names the refused address, never a secret).
 */
public final class RefusedAddressException extends IOException {

    private static final long serialVersionUID = 1L;

    public RefusedAddressException(String sentence) {
        super(sentence);
    }
}
