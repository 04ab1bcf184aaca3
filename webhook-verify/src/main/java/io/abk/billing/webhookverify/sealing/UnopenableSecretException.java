package io.abk.billing.webhookverify.sealing;

/**
 * A stored signing secret that does not open: its key left the keyring, it was sealed for another endpoint, or it was
 * altered. An {@link IllegalArgumentException} like every other unusable secret; the message never shows the value.
 */
public final class UnopenableSecretException extends IllegalArgumentException {

    public UnopenableSecretException(String message) {
        super(message);
    }
}
