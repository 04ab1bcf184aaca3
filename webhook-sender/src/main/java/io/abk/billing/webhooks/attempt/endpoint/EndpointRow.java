package io.abk.billing.webhooks.attempt.endpoint;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What an attempt needs of a {@code webhook_endpoints} row, read afresh at every attempt (rotation, URL change). The
 * secrets are as stored: sealed for this row, or plain {@code whsec_} in a row not re-sealed yet; the attempt opens them.
 */
public record EndpointRow(
        String id,
        String merchantId,
        String mode,
        String url,
        String secret,
        @Nullable String previousSecret,
        @Nullable Instant previousSecretExpiresAt,
        boolean disabled,
        @Nullable String disabledReason,
        @Nullable Instant deletedAt) {

    /** The stored secrets to sign with at {@code now}: the current one, and the previous one until its overlap ends. */
    public List<String> activeSecrets(Instant now) {
        var secrets = new ArrayList<String>(2);
        secrets.add(secret);
        if (previousSecret != null && previousSecretExpiresAt != null && previousSecretExpiresAt.isAfter(now)) {
            secrets.add(previousSecret);
        }
        return List.copyOf(secrets);
    }

    public boolean live() {
        return mode.equals("live");
    }

    @Override
    public String toString() {
        return "EndpointRow[id=" + id + ", merchantId=" + merchantId + ", mode=" + mode + ", disabled=" + disabled
                + ", deleted=" + (deletedAt != null) + "]";
    }
}
