package io.abk.billing.gateway.config;

import java.net.URI;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything the gateway is configured with under {@code billing.*}; {@code application.yml} maps the
 * {@code BILLING_*} environment variables onto it. Checked at start so a bad value fails with a clear message.
 */
@ConfigurationProperties("billing")
public record BillingProperties(
        @DefaultValue("") String adminToken,
        @DefaultValue("http://localhost:8080") URI publicUrl,
        @DefaultValue("10s") Duration requestTimeout,
        @DefaultValue Kafka kafka,
        @DefaultValue RateLimits rateLimits,
        @DefaultValue Demo demo) {

    public BillingProperties {
        if (adminToken.isBlank()) {
            throw new IllegalArgumentException("billing.admin-token (BILLING_ADMIN_TOKEN) must be set: it protects /admin/v1");
        }
        if (adminToken.length() < 16) {
            throw new IllegalArgumentException("billing.admin-token (BILLING_ADMIN_TOKEN) must be at least 16 characters");
        }
        if (!publicUrl.isAbsolute() || !(publicUrl.getScheme().equals("http") || publicUrl.getScheme().equals("https"))) {
            throw new IllegalArgumentException("billing.public-url (BILLING_PUBLIC_URL) must be an absolute http(s) URL, got " + publicUrl);
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("billing.request-timeout must be positive, got " + requestTimeout);
        }
    }

    /** The base for hosted checkout links, without a trailing slash. */
    public String checkoutBase() {
        var text = publicUrl.toString();
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    /** Kafka clients of the gateway: the command producer, the projector and the health check. */
    public record Kafka(
            @DefaultValue("localhost:9092") String bootstrapServers,
            /** The Kafka Streams application id of billing-streams; health waits for its group to be stable. */
            @DefaultValue("billing-streams") String streamsApplicationId,
            /** Consumer group of the read-model projector (one group across gateway replicas). */
            @DefaultValue("billing-gateway-projector") String projectorGroupId,
            /** Producer linger: a few ms batches concurrent commands without hurting latency. */
            @DefaultValue("2ms") Duration producerLinger) {
    }

    /** Per-key and per-IP request limits (DESIGN section 8); can be switched off for load tests. */
    public record RateLimits(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("100") int perKeyPerSecond,
            @DefaultValue("30") int checkoutPerMinute) {

        public RateLimits {
            if (perKeyPerSecond < 1 || checkoutPerMinute < 1) {
                throw new IllegalArgumentException("rate limits must be at least 1, got perKeyPerSecond=" + perKeyPerSecond
                        + " checkoutPerMinute=" + checkoutPerMinute);
            }
        }
    }

    /**
     * A demo merchant to make sure of at start (local stack): created when missing, and its keys registered
     * with exactly these values when given.
     */
    public record Demo(
            @DefaultValue("false") boolean enabled,
            @DefaultValue("Demo Merchant") String merchantName,
            @Nullable String payoutAddress,
            @Nullable String testKey,
            @Nullable String liveKey) {
    }
}
