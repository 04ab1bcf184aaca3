package io.abk.billing.opskit.digest;

import java.nio.charset.Charset;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * SHA-256 without the checked {@link NoSuchAlgorithmException}: every JDK has the algorithm, so its absence is a
 * broken runtime, not something a caller could handle.
 */
public final class Sha256 {

    private Sha256() {}

    /** A fresh digest, for input fed in parts. */
    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    public static byte[] of(byte[] bytes) {
        return digest().digest(bytes);
    }

    /** The hash of {@code text} encoded in {@code charset}. */
    public static byte[] of(String text, Charset charset) {
        return of(text.getBytes(charset));
    }
}
