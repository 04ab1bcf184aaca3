package io.abk.billing.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
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
        @DefaultValue Demo demo,
        @DefaultValue Auth auth) {

    @ConstructorBinding
    public BillingProperties {
        if (adminToken.isBlank()) {
            throw new IllegalArgumentException(
                    "billing.admin-token (BILLING_ADMIN_TOKEN) must be set: it protects /admin/v1");
        }
        if (adminToken.length() < 16) {
            throw new IllegalArgumentException(
                    "billing.admin-token (BILLING_ADMIN_TOKEN) must be at least 16 characters");
        }
        if (!publicUrl.isAbsolute()
                || !(publicUrl.getScheme().equals("http")
                        || publicUrl.getScheme().equals("https"))) {
            throw new IllegalArgumentException(
                    "billing.public-url (BILLING_PUBLIC_URL) must be an absolute http(s) URL, got " + publicUrl);
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("billing.request-timeout must be positive, got " + requestTimeout);
        }
    }

    /** The constructor before {@link Auth} was added, so code that builds properties by hand keeps compiling. */
    public BillingProperties(
            String adminToken, URI publicUrl, Duration requestTimeout, Kafka kafka, RateLimits rateLimits, Demo demo) {
        this(adminToken, publicUrl, requestTimeout, kafka, rateLimits, demo, Auth.DEFAULTS);
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
            /**
             * Producer linger: batches concurrent commands into one request. Every create waits it out, but a
             * command then usually waits for the streams commit (30 ms) anyway; bench at 500 creates/s: 5 ms
             * gave a lower p99 than 2 ms by sparing the broker a request per command.
             */
            @DefaultValue("5ms") Duration producerLinger,
            /**
             * The Kafka Streams application id of the settlement service (module chain-indexer); health
             * {@code settlement} waits for its group: charges and refunds would only wait without it.
             */
            @DefaultValue("chain-indexer") String settlementApplicationId,
            /**
             * The projector's {@code group.instance.id} (static membership), or empty for none. A gateway restarted
             * after a crash with the same id takes its projector's old place in the group at once, instead of
             * waiting in health DOWN until the old member's session expires; two gateways running with one id would
             * fence each other, so it is only for an id that is this gateway's alone (the local stack sets one per
             * gateway it runs).
             */
            @DefaultValue("") String projectorInstanceId) {

        @ConstructorBinding
        public Kafka {}

        /** The constructor before the settlement service existed, so code that builds properties by hand keeps compiling. */
        public Kafka(
                String bootstrapServers,
                String streamsApplicationId,
                String projectorGroupId,
                Duration producerLinger) {
            this(bootstrapServers, streamsApplicationId, projectorGroupId, producerLinger, "chain-indexer", "");
        }
    }

    /** Per-key and per-IP request limits (429 {@code rate_limited}); can be switched off for load tests. */
    public record RateLimits(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("100") int perKeyPerSecond,
            @DefaultValue("30") int checkoutPerMinute) {

        public RateLimits {
            if (perKeyPerSecond < 1 || checkoutPerMinute < 1) {
                throw new IllegalArgumentException("rate limits must be at least 1, got perKeyPerSecond="
                        + perKeyPerSecond + " checkoutPerMinute=" + checkoutPerMinute);
            }
        }
    }

    /**
     * A demo merchant to make sure of at start (local stack): created when missing, its keys registered with exactly
     * these values when given, and its owner, who signs in to the dashboard with this email and password, made (or
     * given this password again) when both are given. Blank values (an unset environment variable) count as absent.
     */
    public record Demo(
            @DefaultValue("false") boolean enabled,
            @DefaultValue("Demo Merchant") String merchantName,
            @Nullable String payoutAddress,
            @Nullable String testKey,
            @Nullable String liveKey,
            @Nullable String ownerEmail,
            @Nullable String ownerPassword) {

        /** A demo merchant without an owner. */
        public Demo(
                boolean enabled,
                String merchantName,
                @Nullable String payoutAddress,
                @Nullable String testKey,
                @Nullable String liveKey) {
            this(enabled, merchantName, payoutAddress, testKey, liveKey, null, null);
        }

        private static final Pattern EVM_ADDRESS = Pattern.compile("^0x[0-9a-fA-F]{40}$");
        // Same shape as auth.ApiKeyFormat; repeated here so a bad value fails at binding, before any bean starts.
        private static final Pattern KEY = Pattern.compile("^abk_(test|live)_[A-Za-z0-9]{32,}$");

        @ConstructorBinding
        public Demo {
            payoutAddress = blankToNull(payoutAddress);
            testKey = blankToNull(testKey);
            liveKey = blankToNull(liveKey);
            if (merchantName.isBlank()) {
                throw new IllegalArgumentException(
                        "billing.demo.merchant-name (BILLING_DEMO_MERCHANT_NAME) must not be blank");
            }
            if (payoutAddress != null && !EVM_ADDRESS.matcher(payoutAddress).matches()) {
                throw new IllegalArgumentException(
                        "billing.demo.payout-address (BILLING_DEMO_PAYOUT_ADDRESS) must be 0x"
                                + " followed by 40 hexadecimal digits, got '" + payoutAddress + "'");
            }
            checkKey("billing.demo.test-key (BILLING_DEMO_TEST_KEY)", "abk_test_", testKey);
            checkKey("billing.demo.live-key (BILLING_DEMO_LIVE_KEY)", "abk_live_", liveKey);
            ownerEmail = blankToNull(ownerEmail);
            ownerPassword = ownerPassword == null || ownerPassword.isEmpty() ? null : ownerPassword;
            if ((ownerEmail == null) != (ownerPassword == null)) {
                throw new IllegalArgumentException(
                        "billing.demo.owner-email (BILLING_DEMO_OWNER_EMAIL) and"
                                + " billing.demo.owner-password (BILLING_DEMO_OWNER_PASSWORD) go together: set both or neither");
            }
            if (ownerPassword != null && ownerPassword.length() < 12) {
                throw new IllegalArgumentException(
                        "billing.demo.owner-password (BILLING_DEMO_OWNER_PASSWORD) must have at least 12 characters");
            }
        }

        private static void checkKey(String setting, String prefix, @Nullable String key) {
            if (key == null) {
                return;
            }
            // Never echo the key itself: it is a secret.
            if (!key.startsWith(prefix)) {
                throw new IllegalArgumentException(setting + " must start with '" + prefix + "'");
            }
            if (!KEY.matcher(key).matches()) {
                throw new IllegalArgumentException(setting + " must be '" + prefix
                        + "' followed by at least 32 letters or digits (A-Z, a-z, 0-9)");
            }
        }

        private static @Nullable String blankToNull(@Nullable String value) {
            return value == null || value.isBlank() ? null : value.strip();
        }
    }

    /**
     * API key authentication. Looked-up keys are cached in each gateway process for {@code keyCacheTtl}: a
     * rotation or revocation is immediate on the replica that served it and reaches the others within that
     * time (the bound on cross-replica staleness). Expiry of a rotated key is checked on every request.
     */
    public record Auth(@DefaultValue("5s") Duration keyCacheTtl) {

        public static final Auth DEFAULTS = new Auth(Duration.ofSeconds(5));

        public Auth {
            if (keyCacheTtl.isNegative() || keyCacheTtl.compareTo(Duration.ofMinutes(5)) > 0) {
                throw new IllegalArgumentException(
                        "billing.auth.key-cache-ttl (BILLING_AUTH_KEY_CACHE_TTL) must be between"
                                + " 0s (no cache) and 5m, got " + keyCacheTtl);
            }
        }
    }
}
