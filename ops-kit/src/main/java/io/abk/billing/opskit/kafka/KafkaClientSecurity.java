package io.abk.billing.opskit.kafka;

import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.config.Secret;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;
import org.jspecify.annotations.Nullable;

/**
 * How a Kafka client of this platform authenticates and encrypts: the one place that turns the
 * {@code BILLING_KAFKA_SECURITY_PROTOCOL}, {@code BILLING_KAFKA_SSL_*} and {@code BILLING_KAFKA_SASL_*} variables into
 * client settings, so that every producer, consumer, admin client and Kafka Streams app of every service gets the same
 * ones ({@link #applyTo}). Read and checked at start ({@link #fromEnv}): an unusable value names its variable. The
 * passwords and the JAAS configuration are secrets ({@link Env#secret}: a {@code _FILE} variable may name a file
 * holding each), never shown by {@link #toString()}.
 */
public final class KafkaClientSecurity {

    public static final String PROTOCOL = "BILLING_KAFKA_SECURITY_PROTOCOL";
    public static final String TRUSTSTORE_LOCATION = "BILLING_KAFKA_SSL_TRUSTSTORE_LOCATION";
    public static final String TRUSTSTORE_TYPE = "BILLING_KAFKA_SSL_TRUSTSTORE_TYPE";
    public static final String KEYSTORE_LOCATION = "BILLING_KAFKA_SSL_KEYSTORE_LOCATION";
    public static final String KEYSTORE_TYPE = "BILLING_KAFKA_SSL_KEYSTORE_TYPE";
    public static final String SASL_MECHANISM = "BILLING_KAFKA_SASL_MECHANISM";
    /**
     * A truststore holds the public certificates to trust, so its password only guards against tampering and is
     * often the JDK's well-known default: whoever made the store chose it, and it has no minimum length here.
     */
    public static final Secret TRUSTSTORE_PASSWORD =
            Secret.optional("BILLING_KAFKA_SSL_TRUSTSTORE_PASSWORD").issuedElsewhere();

    public static final Secret KEYSTORE_PASSWORD = Secret.optional("BILLING_KAFKA_SSL_KEYSTORE_PASSWORD");
    public static final Secret KEY_PASSWORD = Secret.optional("BILLING_KAFKA_SSL_KEY_PASSWORD");
    /** The whole {@code sasl.jaas.config}, user name and password included. */
    public static final Secret JAAS_CONFIG = Secret.optional("BILLING_KAFKA_SASL_JAAS_CONFIG");

    /** No authentication, no encryption: the local stack's in-process broker and the tests' brokers. */
    public static final KafkaClientSecurity PLAINTEXT = new KafkaClientSecurity(Map.of());

    private static final List<String> PROTOCOLS = List.of("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL");
    /** The mechanisms that need nothing but a JAAS line (OAUTHBEARER and GSSAPI need more than these settings). */
    private static final List<String> MECHANISMS = List.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");

    private final Map<String, String> settings;

    private KafkaClientSecurity(Map<String, String> settings) {
        this.settings = Map.copyOf(settings);
    }

    /**
     * Reads the variables; unset (or blank) means {@link #PLAINTEXT}.
     *
     * @throws IllegalArgumentException naming the variable that cannot be used
     */
    public static KafkaClientSecurity fromEnv(Env env) {
        var given = env.text(PROTOCOL, "").strip().toUpperCase(Locale.ROOT);
        // Blank is unset: docker-compose passes an empty value for a setting .env leaves out.
        var protocol = given.isEmpty() ? "PLAINTEXT" : given;
        if (!PROTOCOLS.contains(protocol)) {
            throw new IllegalArgumentException(PROTOCOL + " must be one of " + PROTOCOLS + ", was '" + protocol + "'");
        }
        var settings = new LinkedHashMap<String, String>();
        var ssl = protocol.endsWith("SSL");
        var sasl = protocol.startsWith("SASL");
        var truststorePassword = env.secret(TRUSTSTORE_PASSWORD);
        var keystorePassword = env.secret(KEYSTORE_PASSWORD);
        var keyPassword = env.secret(KEY_PASSWORD);
        var jaas = env.secret(JAAS_CONFIG);
        if (!ssl) {
            refuseUnlessBlank(env, protocol, TRUSTSTORE_LOCATION, KEYSTORE_LOCATION);
        }
        if (!sasl) {
            refuseUnlessBlank(env, protocol, SASL_MECHANISM);
            if (!jaas.isEmpty()) {
                throw new IllegalArgumentException(JAAS_CONFIG.name() + " is set but " + PROTOCOL + " is " + protocol
                        + ": only SASL_SSL and SASL_PLAINTEXT use it");
            }
        }
        settings.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, protocol);
        if (ssl) {
            store(env, settings, TRUSTSTORE_LOCATION, TRUSTSTORE_TYPE, truststorePassword, true);
            store(env, settings, KEYSTORE_LOCATION, KEYSTORE_TYPE, keystorePassword, false);
            if (!keyPassword.isEmpty()) {
                settings.put(SslConfigs.SSL_KEY_PASSWORD_CONFIG, keyPassword);
            }
        }
        if (sasl) {
            var mechanism = env.text(SASL_MECHANISM, "").strip().toUpperCase(Locale.ROOT);
            if (!MECHANISMS.contains(mechanism)) {
                throw new IllegalArgumentException(SASL_MECHANISM + " must be one of " + MECHANISMS + " with "
                        + protocol + ", was '" + mechanism + "'");
            }
            if (jaas.isEmpty()) {
                throw new IllegalArgumentException(JAAS_CONFIG.name() + " (or " + JAAS_CONFIG.fileVariable()
                        + ") must hold the client's JAAS login line with " + protocol);
            }
            settings.put(SaslConfigs.SASL_MECHANISM, mechanism);
            settings.put(SaslConfigs.SASL_JAAS_CONFIG, jaas);
        }
        return protocol.equals("PLAINTEXT") ? PLAINTEXT : new KafkaClientSecurity(settings);
    }

    /** Puts the security settings into {@code props} (a client's configuration or Kafka Streams properties). */
    public <M extends Map<? super String, ? super String>> M applyTo(M props) {
        props.putAll(settings);
        return props;
    }

    /** A copy of {@code props} with the security settings added, for a client built from an immutable map. */
    public Map<String, Object> with(Map<String, ?> props) {
        return applyTo(new HashMap<String, Object>(props));
    }

    /** The environment's settings put into {@code props}: the shortest call for a client configured on the spot. */
    public static <M extends Map<? super String, ? super String>> M apply(M props, Env env) {
        return fromEnv(env).applyTo(props);
    }

    /** {@code security.protocol}: PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL. */
    public String protocol() {
        return settings.getOrDefault(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "PLAINTEXT");
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof KafkaClientSecurity that && settings.equals(that.settings);
    }

    @Override
    public int hashCode() {
        return settings.hashCode();
    }

    /** The protocol and mechanism only: the rest may be secret. */
    @Override
    public String toString() {
        return "KafkaClientSecurity[protocol=" + protocol()
                + (settings.containsKey(SaslConfigs.SASL_MECHANISM)
                        ? ", mechanism=" + settings.get(SaslConfigs.SASL_MECHANISM)
                        : "")
                + "]";
    }

    private static void store(
            Env env,
            Map<String, String> settings,
            String locationVariable,
            String typeVariable,
            String password,
            boolean trust) {
        var location = env.text(locationVariable, "").strip();
        if (location.isEmpty()) {
            // No truststore: the JVM's own (public certificate authorities); no keystore: no client certificate.
            return;
        }
        if (!Files.isReadable(Path.of(location))) {
            throw new IllegalArgumentException(locationVariable + " names " + location + ", which cannot be read");
        }
        settings.put(
                trust ? SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG : SslConfigs.SSL_KEYSTORE_LOCATION_CONFIG, location);
        var type = env.text(typeVariable, "").strip().toUpperCase(Locale.ROOT);
        if (!type.isEmpty()) {
            if (!List.of("JKS", "PKCS12", "PEM").contains(type)) {
                throw new IllegalArgumentException(typeVariable + " must be JKS, PKCS12 or PEM, was '" + type + "'");
            }
            settings.put(trust ? SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG : SslConfigs.SSL_KEYSTORE_TYPE_CONFIG, type);
        }
        if (!password.isEmpty()) {
            settings.put(
                    trust ? SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG : SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG,
                    password);
        }
    }

    private static void refuseUnlessBlank(Env env, String protocol, String... variables) {
        for (var variable : variables) {
            if (!env.text(variable, "").isBlank()) {
                throw new IllegalArgumentException(
                        variable + " is set but " + PROTOCOL + " is " + protocol + ", which does not use it");
            }
        }
    }
}
