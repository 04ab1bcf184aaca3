package io.abk.billing.bench.scenario;

import io.abk.billing.bench.probe.StackProbe;
import org.jspecify.annotations.Nullable;

/**
 * The stack a scenario measures: where its API, broker and database are, the secrets to use, and how to read what
 * its processes use (none for a stack run by someone else).
 *
 * @param adminToken for scenarios that make a merchant of their own; null when not given for a stack run elsewhere
 */
public record Target(
        String baseUrl,
        String testKey,
        String bootstrap,
        String jdbcUrl,
        String dbUser,
        String dbPassword,
        @Nullable String adminToken,
        @Nullable StackProbe probe,
        int partitions) {}
