package io.abk.billing.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.streams.errors.CommandFailureHandler;
import io.abk.billing.streams.payment.domain.PaymentPolicy;
import io.abk.billing.streams.subscription.PortalLinks;
import io.abk.billing.streams.subscription.domain.DunningPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class BillingStreamsSettingsTest {

    @Test
    void shouldUseDefaultsWhenEnvironmentIsEmpty() {
        var config = BillingStreamsSettings.fromEnv(Map.of());

        assertThat(config.bootstrapServers()).isEqualTo("localhost:9092");
        assertThat(config.applicationId()).isEqualTo("billing-streams");
        assertThat(config.streamThreads()).isEqualTo(1);
        assertThat(config.commitInterval()).isEqualTo(Duration.ofMillis(30));
        assertThat(config.overrides()).isEmpty();
        assertThat(config.dunning()).isEqualTo(DunningPolicy.DEFAULT);
        assertThat(config.dunning().retryDelays())
                .containsExactly(Duration.ofDays(1), Duration.ofDays(2), Duration.ofDays(4));
        assertThat(config.payments().expiry()).isEqualTo(Duration.ofHours(24));
    }

    @Test
    void shouldReadThePaymentExpiryWhenSetAndNameTheVariableWhenItIsMalformed() {
        var config = BillingStreamsSettings.fromEnv(Map.of("BILLING_PAYMENT_EXPIRY", " PT30M "));

        assertThat(config.payments()).isEqualTo(new PaymentPolicy(Duration.ofMinutes(30)));
        assertThatThrownBy(() -> BillingStreamsSettings.fromEnv(Map.of("BILLING_PAYMENT_EXPIRY", "24h")))
                .hasMessageContaining("BILLING_PAYMENT_EXPIRY");
        assertThatThrownBy(() -> BillingStreamsSettings.fromEnv(Map.of("BILLING_PAYMENT_EXPIRY", "-PT1H")))
                .hasMessageContaining("BILLING_PAYMENT_EXPIRY")
                .hasMessageContaining("positive");
        // A launcher moving the app to its own broker and directory, or adding overrides, keeps the expiry.
        assertThat(config.at("kafka:1", Path.of("x")).payments()).isEqualTo(config.payments());
        assertThat(config.withOverrides(Map.of("a", "b")).payments()).isEqualTo(config.payments());
    }

    @Test
    void shouldReadTheDunningScheduleWhenSetAndNameTheVariableWhenItIsMalformed() {
        var config = BillingStreamsSettings.fromEnv(Map.of("BILLING_DUNNING_RETRY_DELAYS", "PT6H, P1D"));

        assertThat(config.dunning().retryDelays()).containsExactly(Duration.ofHours(6), Duration.ofDays(1));
        assertThat(config.dunning().maxAttempts()).isEqualTo(3);
        assertThatThrownBy(() -> BillingStreamsSettings.fromEnv(Map.of("BILLING_DUNNING_RETRY_DELAYS", "1 day")))
                .hasMessageContaining("BILLING_DUNNING_RETRY_DELAYS");
        assertThatThrownBy(() -> BillingStreamsSettings.fromEnv(Map.of("BILLING_DUNNING_RETRY_DELAYS", "P1D,PT0S")))
                .hasMessageContaining("BILLING_DUNNING_RETRY_DELAYS");
        // A launcher moving the app to its own broker and directory keeps the schedule.
        assertThat(config.at("kafka:1", Path.of("x")).dunning()).isEqualTo(config.dunning());
    }

    @Test
    void shouldReadEveryVariableWhenSet() {
        var config = BillingStreamsSettings.fromEnv(Map.of(
                "BILLING_KAFKA_BOOTSTRAP_SERVERS", "kafka:9093",
                "BILLING_STREAMS_APPLICATION_ID", "billing-streams-b",
                "BILLING_STREAMS_STATE_DIR", "/var/lib/streams",
                "BILLING_STREAMS_THREADS", "4",
                "BILLING_STREAMS_COMMIT_INTERVAL_MS", "20",
                "BILLING_USAGE_COMMIT_INTERVAL_MS", "500",
                "BILLING_STREAMS_PROPERTIES", "producer.linger.ms=0, num.standby.replicas=1",
                "BILLING_PUBLIC_URL", "https://pay.example.com/"));

        assertThat(config)
                .isEqualTo(new BillingStreamsSettings(
                        "kafka:9093",
                        "billing-streams-b",
                        Path.of("/var/lib/streams"),
                        4,
                        Duration.ofMillis(20),
                        Duration.ofMillis(500),
                        Map.of("producer.linger.ms", "0", "num.standby.replicas", "1"),
                        DunningPolicy.DEFAULT,
                        PaymentPolicy.DEFAULT,
                        KafkaClientSecurity.PLAINTEXT,
                        Deployment.DEFAULT,
                        new PortalLinks("https://pay.example.com")));
    }

    @Test
    void shouldRunTheUsageProcessorAsItsOwnApplicationCommittingEverySecondWhenNothingIsSet() {
        var config = BillingStreamsSettings.fromEnv(Map.of(
                Deployment.VARIABLE,
                "blue",
                "BILLING_STREAMS_PROPERTIES",
                "commit.interval.ms=50,application.id=other,num.standby.replicas=0"));

        var aggregates = config.streamsProperties();
        var usage = config.usageStreamsProperties();

        assertThat(config.usageApplicationId()).isEqualTo("blue.billing-streams-usage");
        assertThat(usage.getProperty(StreamsConfig.APPLICATION_ID_CONFIG)).isEqualTo("blue.billing-streams-usage");
        assertThat(usage.getProperty(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)).isEqualTo("1000");
        // The overrides are the aggregates' application's, and the usage one's apart from its id and commit interval.
        assertThat(aggregates.getProperty(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG))
                .isEqualTo("50");
        // Every aggregate task reads one partition, so it skips the idle wait; the usage processor's read two.
        assertThat(aggregates.getProperty(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG))
                .isEqualTo("-1");
        assertThat(usage.getProperty(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG)).isNull();
        assertThat(usage.getProperty(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG)).isEqualTo("0");
        assertThat(usage.getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG))
                .isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        assertThatThrownBy(() -> BillingStreamsSettings.fromEnv(Map.of("BILLING_USAGE_COMMIT_INTERVAL_MS", "0")))
                .hasMessageContaining("usageCommitInterval");
    }

    @Test
    void shouldLinkThePortalUnderThePublicUrlWhenOneIsSet() {
        assertThat(BillingStreamsSettings.fromEnv(Map.of()).portal().signIn("mer_1", Mode.TEST))
                .isEqualTo("http://localhost:8080/portal/sign-in?merchant=mer_1&mode=test");
        assertThat(BillingStreamsSettings.fromEnv(Map.of("BILLING_PUBLIC_URL", "https://pay.example.com"))
                        .portal()
                        .signIn("mer_1", Mode.LIVE))
                .isEqualTo("https://pay.example.com/portal/sign-in?merchant=mer_1&mode=live");
        assertThatThrownBy(() -> BillingStreamsSettings.fromEnv(Map.of("BILLING_PUBLIC_URL", "pay.example.com")))
                .hasMessageContaining("BILLING_PUBLIC_URL");
    }

    @Test
    void shouldNameTheVariableWhenANumberIsMalformed() {
        assertThatThrownBy(() -> BillingStreamsSettings.fromEnv(Map.of("BILLING_STREAMS_THREADS", "two")))
                .hasMessageContaining("BILLING_STREAMS_THREADS");
        assertThatThrownBy(() -> BillingStreamsSettings.fromEnv(Map.of("BILLING_STREAMS_THREADS", "0")))
                .hasMessageContaining("streamThreads");
    }

    @Test
    void shouldRunExactlyOnceWithDeadLetterHandlersAndLetOverridesWinWhenBuildingProperties() {
        var props = BillingStreamsSettings.defaults("kafka:9092", Path.of("state"))
                .withOverrides(Map.of(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "10"))
                .streamsProperties();

        assertThat(props.getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo("exactly_once_v2");
        assertThat(props.getProperty(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG))
                .isEqualTo("true");
        assertThat(props.getProperty(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG))
                .isEqualTo(CommandFailureHandler.class.getName());
        assertThat(props.getProperty(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)).isEqualTo("10");
        assertThat(props.getProperty(StreamsConfig.STATE_DIR_CONFIG))
                .isEqualTo(Path.of("state").toAbsolutePath().toString());
        // Kafka itself accepts the whole set.
        assertThat(new StreamsConfig(props).getLong(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG))
                .isEqualTo(10);
    }

    /** Protects a deployment whose Kafka wants a login: every client of the app (consumers, producers, admin) takes it. */
    @Test
    void shouldGiveEveryKafkaClientOfTheAppTheSecuritySettingsOfTheEnvironment() {
        var env = new java.util.HashMap<>(TestBroker.saslClientEnvironment());
        env.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", "kafka:9093");

        var config = new StreamsConfig(BillingStreamsSettings.fromEnv(env).streamsProperties());

        assertThat(config.getMainConsumerConfigs("group", "client", 0))
                .containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "PLAIN");
        assertThat(config.getProducerConfigs("client")).containsEntry("security.protocol", "SASL_PLAINTEXT");
        assertThat(config.getAdminConfigs("client")).containsKey("sasl.jaas.config");
    }
}
