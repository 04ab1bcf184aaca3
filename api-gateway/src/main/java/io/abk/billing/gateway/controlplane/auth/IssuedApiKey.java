package io.abk.billing.gateway.controlplane.auth;

/** A key just created or rotated: the stored row and the full key, which is shown this once and never again. */
public record IssuedApiKey(StoredApiKey key, String secret) {

    @Override
    public String toString() {
        // Keep the secret out of logs and exception messages even if someone prints this record.
        return "IssuedApiKey[key=" + key.id() + ", secret=" + key.hint() + "]";
    }
}
