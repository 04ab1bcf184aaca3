package io.abk.billing.gateway.config;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the write path and the read model under {@code billing.commands.*}. Every default works locally;
 * the request timeout itself is {@code billing.request-timeout}.
 *
 * @param projectorEnabled run the read-model projector in this process (a context without it still waits for
 *     outcomes through {@code LISTEN}, projected by another replica)
 * @param jdbcUrl the projector's JDBC URL; when absent, {@code spring.flyway.url}, else derived from
 *     {@code spring.r2dbc.url}
 * @param jdbcUsername when absent, {@code spring.flyway.user}, else {@code spring.r2dbc.username}
 * @param jdbcPassword when absent, {@code spring.flyway.password}, else {@code spring.r2dbc.password}
 * @param projectorMaxBatch the most changes applied in one PostgreSQL transaction ({@code max.poll.records})
 * @param projectorPollTimeout how long an idle poll waits; bounds how fast the projector notices a stop, not
 *     its latency (a poll returns as soon as records arrive)
 * @param readCacheMaxEntries the most read-model resources this replica keeps in memory for reads by id, while its
 *     projector holds every partition of {@code billing.changes}; 0 turns that off. At least 4 times
 *     {@code projector-max-batch} otherwise.
 * @param producerDeliveryTimeout the command producer's {@code delivery.timeout.ms}; when absent, half the
 *     request timeout, so a broker outage is a 503 {@code service_unavailable} before the request times out
 * @param idempotencyLease how long a request holds its in-flight Idempotency-Key row; past it, a retry may take
 *     the row over (the first gateway is presumed dead). Must exceed the request timeout.
 * @param idempotencyKeyTtl how long an Idempotency-Key is remembered (24 h, as the API promises)
 * @param outcomeRetention how long command outcomes are kept (7 days, the retention of the command topics)
 * @param purgeInterval how often expired keys and outcomes are deleted
 * @param retryAfter the {@code Retry-After} of a 503 timeout and of a 409 {@code idempotency_in_progress}
 * @param maxBackoff the longest wait between reconnect attempts to Kafka or PostgreSQL
 * @param maxInFlight the most writes this replica works on at once; one more is refused at once with 503
 *     {@code service_unavailable} and {@code Retry-After}, nothing done. 5,000 is about four seconds of work for a
 *     replica on 2 cores (it creates about 1,200 subscriptions a second): above the backlog of an ordinary hiccup
 *     (a bound of 1,000 shed 2,537 writes of a 10-minute run at 1,000/s whose slowest answer took 3 s), below the
 *     10 s request timeout, so a write is answered in about that or refused at once rather than left to time out
 *     without knowing whether it was applied (docs/operations.md, "Load shedding").
 */
@ConfigurationProperties("billing.commands")
public record CommandsProperties(
        @DefaultValue("true") boolean projectorEnabled,
        @Nullable String jdbcUrl,
        @Nullable String jdbcUsername,
        @Nullable String jdbcPassword,
        @DefaultValue("1000") int projectorMaxBatch,
        @DefaultValue("200ms") Duration projectorPollTimeout,
        @DefaultValue("50000") int readCacheMaxEntries,
        @Nullable Duration producerDeliveryTimeout,
        @DefaultValue("30s") Duration idempotencyLease,
        @DefaultValue("24h") Duration idempotencyKeyTtl,
        @DefaultValue("7d") Duration outcomeRetention,
        @DefaultValue("10m") Duration purgeInterval,
        @DefaultValue("1s") Duration retryAfter,
        @DefaultValue("5s") Duration maxBackoff,
        @DefaultValue("5000") int maxInFlight) {

    public CommandsProperties {
        if (projectorMaxBatch < 1 || projectorMaxBatch > 10_000) {
            throw new IllegalArgumentException(
                    "billing.commands.projector-max-batch must be 1..10000, got " + projectorMaxBatch);
        }
        requirePositive("projector-poll-timeout", projectorPollTimeout);
        if (readCacheMaxEntries != 0
                && (readCacheMaxEntries < 4 * projectorMaxBatch || readCacheMaxEntries > 10_000_000)) {
            throw new IllegalArgumentException("billing.commands.read-cache-max-entries must be 0 or "
                    + 4 * projectorMaxBatch + "..10000000 (at least 4 times projector-max-batch), got "
                    + readCacheMaxEntries);
        }
        requirePositive("idempotency-lease", idempotencyLease);
        requirePositive("idempotency-key-ttl", idempotencyKeyTtl);
        requirePositive("outcome-retention", outcomeRetention);
        requirePositive("purge-interval", purgeInterval);
        requirePositive("retry-after", retryAfter);
        requirePositive("max-backoff", maxBackoff);
        if (maxInFlight < 1 || maxInFlight > 1_000_000) {
            throw new IllegalArgumentException("billing.commands.max-in-flight must be 1..1000000, got " + maxInFlight);
        }
        if (producerDeliveryTimeout != null) {
            requirePositive("producer-delivery-timeout", producerDeliveryTimeout);
        }
        if (idempotencyKeyTtl.compareTo(idempotencyLease) <= 0) {
            throw new IllegalArgumentException("billing.commands.idempotency-key-ttl (" + idempotencyKeyTtl
                    + ") must be longer than billing.commands.idempotency-lease (" + idempotencyLease + ")");
        }
    }

    /** The producer's delivery timeout for a given request timeout. */
    public Duration deliveryTimeout(Duration requestTimeout) {
        var timeout = producerDeliveryTimeout != null ? producerDeliveryTimeout : requestTimeout.dividedBy(2);
        if (timeout.compareTo(requestTimeout) >= 0) {
            throw new IllegalArgumentException("billing.commands.producer-delivery-timeout (" + timeout
                    + ") must be shorter than billing.request-timeout (" + requestTimeout + ")");
        }
        return timeout;
    }

    /** Fails at start when a request could outlive its own lease and be taken over while still running. */
    public void checkLeaseCovers(Duration requestTimeout) {
        if (idempotencyLease.compareTo(requestTimeout) <= 0) {
            throw new IllegalArgumentException("billing.commands.idempotency-lease (" + idempotencyLease
                    + ") must be longer than billing.request-timeout (" + requestTimeout + ")");
        }
    }

    private static void requirePositive(String name, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("billing.commands." + name + " must be positive, got " + value);
        }
    }
}
