package io.abk.billing.usdt.http.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The keys the verifier accepts, kept as SHA-256 digests and compared in constant time: every configured key is
 * compared, whatever matched, with {@link MessageDigest#isEqual} on digests of equal length, so the time of an answer
 * tells nothing about how much of a key was right, or which key it was.
 */
public final class ServiceKeys {

    /**
     * The documented development key (README.md, "The USDT verifier"): accepted when no keys are configured and the
     * production profile is off. Public by design, so it guards nothing.
     */
    public static final String DEVELOPMENT_KEY = "usdt_dev_local_only_key";

    private final List<byte[]> digests;

    private ServiceKeys(List<byte[]> digests) {
        this.digests = digests;
    }

    public static ServiceKeys of(List<String> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("at least one key is needed");
        }
        return new ServiceKeys(keys.stream().map(ServiceKeys::digest).toList());
    }

    public boolean accepts(String presented) {
        var digest = digest(presented);
        boolean accepted = false;
        for (var key : digests) {
            accepted |= MessageDigest.isEqual(digest, key);
        }
        return accepted;
    }

    /**
     * Who presented {@code key}, for what is kept per key (Idempotency-Key records): its SHA-256 in hex, never the key.
     */
    public static String holder(String key) {
        return HexFormat.of().formatHex(digest(key));
    }

    public int size() {
        return digests.size();
    }

    private static byte[] digest(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    @Override
    public String toString() {
        return "ServiceKeys[" + digests.size() + "]";
    }
}
