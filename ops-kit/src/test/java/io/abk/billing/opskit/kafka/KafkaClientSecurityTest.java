package io.abk.billing.opskit.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.opskit.config.Env;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaClientSecurityTest {

    private static final String JAAS = "org.apache.kafka.common.security.scram.ScramLoginModule required"
            + " username=\"billing\" password=\"kq3vP9xZr2Lm8Tn5Wc7Yb4Hd6Gf1Js0A\";";

    @Test
    void shouldLeaveAClientAsItIsWhenNothingIsSet() {
        var security = KafkaClientSecurity.fromEnv(new Env(Map.of()));

        assertThat(security).isSameAs(KafkaClientSecurity.PLAINTEXT);
        assertThat(security.with(Map.of("bootstrap.servers", "k:9092"))).containsOnlyKeys("bootstrap.servers");
    }

    @Test
    void shouldGiveEveryClientTheSslAndSaslSettingsOfTheEnvironment(@TempDir Path dir) throws Exception {
        var truststore = Files.writeString(dir.resolve("truststore.p12"), "not read here");
        var jaasFile = Files.writeString(dir.resolve("jaas"), JAAS + "\n");

        var security = KafkaClientSecurity.fromEnv(new Env(Map.of(
                "BILLING_KAFKA_SECURITY_PROTOCOL", "sasl_ssl",
                "BILLING_KAFKA_SSL_TRUSTSTORE_LOCATION", truststore.toString(),
                "BILLING_KAFKA_SSL_TRUSTSTORE_TYPE", "pkcs12",
                "BILLING_KAFKA_SSL_TRUSTSTORE_PASSWORD", "changeit",
                "BILLING_KAFKA_SASL_MECHANISM", "SCRAM-SHA-512",
                "BILLING_KAFKA_SASL_JAAS_CONFIG_FILE", jaasFile.toString())));

        var streams = security.applyTo(new Properties());
        var producer = security.with(Map.of("acks", "all"));
        assertThat(producer)
                .containsEntry("acks", "all")
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("ssl.truststore.location", truststore.toString())
                .containsEntry("ssl.truststore.type", "PKCS12")
                .containsEntry("ssl.truststore.password", "changeit")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .containsEntry("sasl.jaas.config", JAAS);
        assertThat(new HashMap<Object, Object>(streams)).containsEntry("security.protocol", "SASL_SSL");
        assertThat(security.toString())
                .isEqualTo("KafkaClientSecurity[protocol=SASL_SSL, mechanism=SCRAM-SHA-512]")
                .doesNotContain("password");
    }

    @Test
    void shouldNameTheVariableOfASettingItCannotUse(@TempDir Path dir) {
        assertThatThrownBy(() -> KafkaClientSecurity.fromEnv(new Env(Map.of("BILLING_KAFKA_SECURITY_PROTOCOL", "TLS"))))
                .hasMessageStartingWith("BILLING_KAFKA_SECURITY_PROTOCOL must be one of");
        assertThatThrownBy(() -> KafkaClientSecurity.fromEnv(new Env(Map.of(
                        "BILLING_KAFKA_SECURITY_PROTOCOL", "SASL_SSL", "BILLING_KAFKA_SASL_MECHANISM", "PLAIN"))))
                .hasMessageStartingWith("BILLING_KAFKA_SASL_JAAS_CONFIG (or BILLING_KAFKA_SASL_JAAS_CONFIG_FILE)");
        assertThatThrownBy(() -> KafkaClientSecurity.fromEnv(new Env(Map.of(
                        "BILLING_KAFKA_SECURITY_PROTOCOL",
                        "SSL",
                        "BILLING_KAFKA_SSL_KEYSTORE_LOCATION",
                        dir.resolve("absent.p12").toString()))))
                .hasMessageStartingWith("BILLING_KAFKA_SSL_KEYSTORE_LOCATION names");
        assertThatThrownBy(() -> KafkaClientSecurity.fromEnv(new Env(Map.of("BILLING_KAFKA_SASL_MECHANISM", "PLAIN"))))
                .hasMessageStartingWith(
                        "BILLING_KAFKA_SASL_MECHANISM is set but BILLING_KAFKA_SECURITY_PROTOCOL is" + " PLAINTEXT");
    }

    @Test
    void shouldRefuseAShortKeystorePasswordUnderTheProductionProfile(@TempDir Path dir) throws Exception {
        var keystore = Files.writeString(dir.resolve("keystore.p12"), "not read here");

        assertThatThrownBy(() -> KafkaClientSecurity.fromEnv(new Env(Map.of(
                        Env.PROFILES_VARIABLE,
                        "production",
                        "BILLING_KAFKA_SECURITY_PROTOCOL",
                        "SSL",
                        "BILLING_KAFKA_SSL_KEYSTORE_LOCATION",
                        keystore.toString(),
                        "BILLING_KAFKA_SSL_KEYSTORE_PASSWORD",
                        "secret"))))
                .hasMessage("BILLING_KAFKA_SSL_KEYSTORE_PASSWORD must be at least 32 characters under the production"
                        + " profile, was 6");
    }
}
