package io.abk.billing.webhookverify.sealing;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals a webhook signing secret for the row of one endpoint, and opens it again. A sealed value is
 * {@code v1:<keyId>:<base64(nonce | ciphertext | tag)>}: AES-256-GCM under the keyring's active key, a random 96-bit
 * nonce per seal, a 128-bit tag, and the endpoint's id as associated data, so a value copied to another endpoint's row
 * does not open. A value that is still a plain {@code whsec_} secret (written before secrets were sealed) opens as it
 * is; {@link #needsSealing} tells the gateway's re-seal which rows to seal. Thread-safe.
 */
public final class SecretSealer {

    static final String VERSION = "v1";
    static final String PLAINTEXT_PREFIX = "whsec_";
    /** 96 bits: GCM's own nonce size; random nonces stay far from a collision for far more seals than a table has rows. */
    static final int NONCE_BYTES = 12;

    static final int TAG_BITS = 128;
    private static final String CIPHER = "AES/GCM/NoPadding";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SealingKeys keys;

    public SecretSealer(SealingKeys keys) {
        this.keys = keys;
    }

    public SealingKeys keys() {
        return keys;
    }

    /** {@code secret} sealed for the endpoint {@code endpointId} under the active key. */
    public String seal(String secret, String endpointId) {
        var nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            var cipher = Cipher.getInstance(CIPHER);
            cipher.init(Cipher.ENCRYPT_MODE, keys.active(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(endpointId.getBytes(StandardCharsets.UTF_8));
            var sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            var body = ByteBuffer.allocate(nonce.length + sealed.length)
                    .put(nonce)
                    .put(sealed)
                    .array();
            return VERSION + ":" + keys.activeId() + ":" + Base64.getEncoder().encodeToString(body);
        } catch (GeneralSecurityException impossible) {
            // Every JDK ships AES/GCM, and the keyring holds only 32-byte keys.
            throw new IllegalStateException("AES/GCM unavailable", impossible);
        }
    }

    /**
     * The secret {@code stored} holds for the endpoint {@code endpointId}: opened when sealed, as it is when still plain.
     *
     * @throws UnopenableSecretException when its key is not in the keyring, or it was not sealed for this endpoint or
     *                                   was altered; the message names the endpoint and key id, never the secret
     */
    public String open(String stored, String endpointId) {
        if (stored.startsWith(PLAINTEXT_PREFIX)) {
            return stored;
        }
        var parts = stored.split(":", 3);
        if (parts.length != 3 || !parts[0].equals(VERSION)) {
            throw new UnopenableSecretException("the signing secret of " + endpointId + " is neither whsec_ nor sealed "
                    + VERSION + ":<keyId>:...");
        }
        var key = keys.key(parts[1]);
        if (key == null) {
            throw new UnopenableSecretException("the signing secret of " + endpointId + " is sealed under the key '"
                    + parts[1] + "', which " + SealingKeys.KEYS_VARIABLE + " does not list " + keys.ids());
        }
        byte[] body;
        try {
            body = Base64.getDecoder().decode(parts[2]);
        } catch (IllegalArgumentException notBase64) {
            throw new UnopenableSecretException("the sealed signing secret of " + endpointId + " is not base64");
        }
        if (body.length < NONCE_BYTES + TAG_BITS / 8) {
            throw new UnopenableSecretException("the sealed signing secret of " + endpointId + " is too short");
        }
        try {
            var cipher = Cipher.getInstance(CIPHER);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, body, 0, NONCE_BYTES));
            cipher.updateAAD(endpointId.getBytes(StandardCharsets.UTF_8));
            return new String(cipher.doFinal(body, NONCE_BYTES, body.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (AEADBadTagException wrong) {
            throw new UnopenableSecretException("the signing secret of " + endpointId + " does not open under the key '"
                    + parts[1] + "': it was sealed for another endpoint, or altered");
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("AES/GCM unavailable", impossible);
        }
    }

    /** True when {@code stored} is plain or sealed under a key other than the active one. */
    public boolean needsSealing(String stored) {
        return !stored.startsWith(VERSION + ":" + keys.activeId() + ":");
    }

    /** {@code stored} as it should be stored: as it is when sealed under the active key, else opened and sealed again. */
    public String resealed(String stored, String endpointId) {
        return needsSealing(stored) ? seal(open(stored, endpointId), endpointId) : stored;
    }

    /** The SQL {@code LIKE} pattern of values sealed under the active key, escaped: a key id may hold {@code _}, a wildcard. */
    public String activeLikePattern() {
        return (VERSION + ":" + keys.activeId() + ":")
                        .replace("\\", "\\\\")
                        .replace("_", "\\_")
                        .replace("%", "\\%") + "%";
    }

    @Override
    public String toString() {
        return "SecretSealer[" + keys + "]";
    }
}
