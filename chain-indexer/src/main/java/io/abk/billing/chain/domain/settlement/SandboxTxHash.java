package io.abk.billing.chain.domain.settlement;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The transaction hash of a simulated settlement: {@code 0x} + the lower-case hex SHA-256 of
 * {@code "sandbox:" + requestId}. Deterministic, so a repeated request gets the same hash, and shaped like a real
 * hash, so everything downstream that validates hashes accepts it; the prefix keeps it apart from any other
 * hash derived from the same id.
 */
public final class SandboxTxHash {

    private static final String SEED_PREFIX = "sandbox:";

    private SandboxTxHash() {}

    public static String of(String requestId) {
        try {
            var digest = MessageDigest.getInstance("SHA-256")
                    .digest((SEED_PREFIX + requestId).getBytes(StandardCharsets.UTF_8));
            return "0x" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
