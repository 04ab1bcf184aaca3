package io.abk.billing.streams;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * TEMPORARY COMPILE-TIME STAND-IN, delete at merge (the whole {@code local-stack/src/stand-in} directory).
 * Mirrors the entry point the billing-streams branch provides so local-stack's wiring compiles before the
 * merge. The {@code billing-streams-stand-in} Maven profile adds this directory only while the real
 * {@code BillingStreamsApp.java} is missing, so it cannot shadow the real classes.
 */
public record BillingStreamsConfig(
        String bootstrapServers,
        String applicationId,
        Path stateDir,
        int streamThreads,
        Duration commitInterval,
        Map<String, String> overrides) {

    public static BillingStreamsConfig defaults(String bootstrapServers, Path stateDir) {
        return new BillingStreamsConfig(bootstrapServers, "billing-streams", stateDir, 1, Duration.ofMillis(100), Map.of());
    }
}
