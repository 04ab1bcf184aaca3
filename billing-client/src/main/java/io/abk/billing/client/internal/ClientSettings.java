package io.abk.billing.client.internal;

import java.net.URI;
import java.time.Duration;

/** What one client was built with: its key, base URL, retry count and per-attempt timeout. */
public record ClientSettings(String apiKey, URI baseUrl, int maxRetries, Duration timeout) {

    @Override
    public String toString() {
        // The key never reaches a log through this record.
        return "ClientSettings[baseUrl=" + baseUrl + ", maxRetries=" + maxRetries + ", timeout=" + timeout + "]";
    }
}
