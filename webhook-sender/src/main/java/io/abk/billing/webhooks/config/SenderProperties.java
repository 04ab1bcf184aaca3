package io.abk.billing.webhooks.config;

import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything the sender is configured with under {@code billing.*}; {@code webhook-sender.yml} maps the
 * {@code BILLING_*} environment variables (and the settings given to
 * {@link io.abk.billing.webhooks.WebhookSenderApplication#start}) onto it. Checked at start so a bad value fails
 * with a clear message.
 */
@ConfigurationProperties("billing")
public record SenderProperties(
        @DefaultValue Kafka kafka,
        @DefaultValue Db db,
        @DefaultValue Webhooks webhooks,
        @DefaultValue Management management,
        @DefaultValue Usdt usdt,
        @DefaultValue Secrets secrets) {

    /**
     * The keyring that opens the endpoints' sealed signing secrets and seals the companion's (BILLING_SECRETS_KEYS,
     * BILLING_SECRETS_ACTIVE_KEY: the gateway's settings, with the same values); checked with the production profile
     * by {@link io.abk.billing.webhookverify.sealing.SealingKeys#of} when the sealer is made.
     */
    public record Secrets(
            @DefaultValue("") String keys, @DefaultValue("") String activeKey) {

        /** Never shows a key. */
        @Override
        public String toString() {
            return "Secrets[keys=" + (keys.isBlank() ? "none" : "set (hidden)") + ", activeKey=" + activeKey + "]";
        }
    }

    /**
     * Where the companion USDT interface's {@code payment.confirmed} events go: the endpoint URLs
     * (BILLING_USDT_WEBHOOK_URLS, comma-separated; none: the events are only recorded in the event log), the
     * {@code whsec_} secret they are signed with (BILLING_USDT_WEBHOOK_SECRET) and the mode whose delivery rules apply
     * (BILLING_USDT_WEBHOOK_MODE: {@code live}, https to public addresses only; {@code test} also allows loopback when
     * BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST is on).
     */
    public record Usdt(
            @DefaultValue List<String> webhookUrls,
            @Nullable String webhookSecret,
            @DefaultValue("live") String webhookMode) {

        public Usdt {
            webhookUrls = webhookUrls.stream()
                    .map(String::strip)
                    .filter(url -> !url.isEmpty())
                    .distinct()
                    .toList();
            if (!webhookMode.equals("live") && !webhookMode.equals("test")) {
                throw new IllegalArgumentException(
                        "billing.usdt.webhook-mode (BILLING_USDT_WEBHOOK_MODE) must be live or test, got '"
                                + webhookMode + "'");
            }
            if (!webhookUrls.isEmpty()) {
                if (webhookSecret == null || webhookSecret.isBlank()) {
                    throw new IllegalArgumentException(
                            "billing.usdt.webhook-secret (BILLING_USDT_WEBHOOK_SECRET) must be set when"
                                    + " BILLING_USDT_WEBHOOK_URLS is");
                }
                if (!isSigningSecret(webhookSecret)) {
                    throw new IllegalArgumentException(
                            "billing.usdt.webhook-secret (BILLING_USDT_WEBHOOK_SECRET) must be whsec_"
                                    + " followed by the base64 of 32 bytes");
                }
            }
            for (var url : webhookUrls) {
                if (url.length() > 2048 || !(url.startsWith("https://") || url.startsWith("http://"))) {
                    throw new IllegalArgumentException(
                            "billing.usdt.webhook-urls (BILLING_USDT_WEBHOOK_URLS) must be http(s)"
                                    + " URLs of at most 2048 characters");
                }
            }
        }

        /** {@code whsec_} and the base64 of 32 random bytes, as the platform's own secrets are. */
        private static boolean isSigningSecret(String secret) {
            if (!secret.startsWith("whsec_")) {
                return false;
            }
            try {
                return java.util.Base64.getDecoder().decode(secret.substring("whsec_".length())).length == 32;
            } catch (IllegalArgumentException notBase64) {
                return false;
            }
        }

        @Override
        public String toString() {
            return "Usdt[webhookUrls=" + webhookUrls.size() + ", webhookSecret="
                    + (webhookSecret == null ? "none" : "set (hidden)") + ", webhookMode=" + webhookMode + "]";
        }
    }

    /**
     * The management port of the sender's own process (BILLING_MANAGEMENT_PORT, 9104; 0 picks a free one):
     * {@code /health}, {@code /ready}, {@code /metrics}. Off when the sender runs inside another application (the
     * local stack's single JVM), whose own management routes cover it.
     */
    public record Management(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("9104") int port) {

        public Management {
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException(
                        "billing.management.port (BILLING_MANAGEMENT_PORT) must be a port number"
                                + " (0 picks a free one), got " + port);
            }
        }
    }

    public record Kafka(
            @DefaultValue("localhost:9092") String bootstrapServers,
            /**
             * How long the group waits for a consumer that stopped heartbeating (a killed sender) before its
             * partitions move to the others (BILLING_KAFKA_SESSION_TIMEOUT); Kafka's default.
             */
            @DefaultValue("45s") Duration sessionTimeout) {

        public Kafka {
            if (bootstrapServers.isBlank()) {
                throw new IllegalArgumentException(
                        "billing.kafka.bootstrap-servers (BILLING_KAFKA_BOOTSTRAP_SERVERS) must be set");
            }
            if (sessionTimeout.toMillis() < 1_000) {
                throw new IllegalArgumentException(
                        "billing.kafka.session-timeout (BILLING_KAFKA_SESSION_TIMEOUT) must be at least 1s");
            }
        }
    }

    public record Db(
            @DefaultValue("jdbc:postgresql://localhost:5432/billing")
            String url,

            @DefaultValue("billing") String user,
            @DefaultValue("billing") String password) {

        public Db {
            if (!url.startsWith("jdbc:postgresql:")) {
                throw new IllegalArgumentException("billing.db.url (BILLING_JDBC_URL) must be a jdbc:postgresql: URL");
            }
        }

        @Override
        public String toString() {
            return "Db[url=" + url + ", user=" + user + "]";
        }
    }

    /**
     * The webhook settings (docs/operations.md, "Configuration"); durations like {@code 5s}, {@code 30m}, {@code 12h},
     * {@code 3d}.
     */
    public record Webhooks(
            /** The first retries' delays, in order (BILLING_WEBHOOKS_RETRY_DELAYS). */
            @DefaultValue({"5s", "5m", "30m", "2h", "5h", "10h", "10h"})
            List<Duration> retryDelays,
            /** Then one retry this often (BILLING_WEBHOOKS_RETRY_EVERY) ... */
            @DefaultValue("12h") Duration retryEvery,
            /** ... as long as it falls within this long after the first attempt (BILLING_WEBHOOKS_RETRY_FOR). */
            @DefaultValue("3d") Duration retryFor,
            /** One attempt's HTTP timeout (BILLING_WEBHOOKS_TIMEOUT). */
            @DefaultValue("15s") Duration timeout,
            /** An endpoint failing continuously this long is disabled (BILLING_WEBHOOKS_DISABLE_AFTER). */
            @DefaultValue("5d") Duration disableAfter,
            /** Event log rows older than this are deleted (BILLING_WEBHOOKS_EVENT_RETENTION). */
            @DefaultValue("30d") Duration eventRetention,
            /** Test-mode endpoints may be http and loopback (BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST). */
            @DefaultValue("false") boolean allowLoopbackInTest,
            /** Attempts in flight at once across the delivery listeners (BILLING_WEBHOOKS_MAX_IN_FLIGHT). */
            @DefaultValue("1000") int maxInFlight,
            /**
             * The most attempts in flight at once to one endpoint (BILLING_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT): the
             * ceiling of each endpoint's adaptive window (it starts at 4, grows with fast answers, halves on overloads).
             * A delivery to an endpoint at its window that answers nothing for a second is deferred a second on a retry
             * topic, so a slow endpoint cannot take every permit.
             */
            @DefaultValue("20") int maxInFlightPerEndpoint,
            /** Consumer threads of each delivery listener container (BILLING_WEBHOOKS_CONCURRENCY). */
            @DefaultValue("2") int concurrency) {

        public Webhooks {
            retryDelays = List.copyOf(retryDelays);
            for (var delay : retryDelays) {
                positive("retry-delays (BILLING_WEBHOOKS_RETRY_DELAYS)", delay);
            }
            positive("retry-every (BILLING_WEBHOOKS_RETRY_EVERY)", retryEvery);
            if (retryFor.isNegative()) {
                throw new IllegalArgumentException(
                        "billing.webhooks.retry-for (BILLING_WEBHOOKS_RETRY_FOR) must not be negative");
            }
            positive("timeout (BILLING_WEBHOOKS_TIMEOUT)", timeout);
            positive("disable-after (BILLING_WEBHOOKS_DISABLE_AFTER)", disableAfter);
            positive("event-retention (BILLING_WEBHOOKS_EVENT_RETENTION)", eventRetention);
            if (maxInFlight < 1 || concurrency < 1) {
                throw new IllegalArgumentException(
                        "billing.webhooks.max-in-flight and concurrency (BILLING_WEBHOOKS_MAX_IN_FLIGHT,"
                                + " BILLING_WEBHOOKS_CONCURRENCY) must be at least 1, got " + maxInFlight + " and "
                                + concurrency);
            }
            if (maxInFlightPerEndpoint < 1) {
                throw new IllegalArgumentException(
                        "billing.webhooks.max-in-flight-per-endpoint (BILLING_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT)"
                                + " must be at least 1, got " + maxInFlightPerEndpoint);
            }
        }

        private static void positive(String setting, Duration value) {
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException("billing.webhooks." + setting + " must be positive, got " + value);
            }
        }
    }
}
