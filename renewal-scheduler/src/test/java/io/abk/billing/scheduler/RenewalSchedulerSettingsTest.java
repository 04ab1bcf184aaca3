package io.abk.billing.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.scheduler.domain.DuePolicy;
import io.abk.billing.scheduler.errors.ChangeFailureHandler;
import io.abk.billing.scheduler.errors.UnreadableRecordHandler;
import io.abk.billing.scheduler.topology.SchedulerTopology;
import io.abk.billing.schemas.topic.Deployment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class RenewalSchedulerSettingsTest {

    @Test
    void shouldUseTheDefaultsWhenTheEnvironmentIsEmpty() {
        var config = RenewalSchedulerSettings.fromEnv(Map.of());

        assertThat(config.bootstrapServers()).isEqualTo("localhost:9092");
        assertThat(config.applicationId()).isEqualTo("renewal-scheduler");
        assertThat(config.stateDir().getFileName()).hasToString("renewal-scheduler");
        assertThat(config.tick()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void shouldReadEveryVariableWhenSet() {
        var config = RenewalSchedulerSettings.fromEnv(Map.of(
                "BILLING_KAFKA_BOOTSTRAP_SERVERS", "kafka:9093",
                "BILLING_SCHEDULER_APPLICATION_ID", "renewal-scheduler-b",
                "BILLING_SCHEDULER_STATE_DIR", "/var/lib/renewal-scheduler",
                "BILLING_SCHEDULER_TICK", " PT2S ",
                "BILLING_SCHEDULER_FIRES_PER_TICK", "250",
                "BILLING_FUNDING_CHECK_LEAD", "P7D",
                "BILLING_USAGE_GRACE", "PT15M"));

        assertThat(config)
                .isEqualTo(new RenewalSchedulerSettings(
                        "kafka:9093",
                        "renewal-scheduler-b",
                        Path.of("/var/lib/renewal-scheduler"),
                        Duration.ofSeconds(2),
                        KafkaClientSecurity.PLAINTEXT,
                        Deployment.DEFAULT,
                        250,
                        new DuePolicy(Duration.ofDays(7), Duration.ofMinutes(15))));
    }

    @Test
    void shouldFireAtMostTheTopologysDefaultPerTickWhenTheVariableIsUnset() {
        assertThat(RenewalSchedulerSettings.fromEnv(Map.of()).firesPerTick())
                .isEqualTo(SchedulerTopology.FIRES_PER_TICK);
    }

    @Test
    void shouldCheckFundingThreeDaysAheadUnlessTheLeadIsSet() {
        assertThat(RenewalSchedulerSettings.fromEnv(Map.of()).policy().fundingLead())
                .isEqualTo(Duration.ofDays(3));
        assertThat(RenewalSchedulerSettings.fromEnv(Map.of("BILLING_FUNDING_CHECK_LEAD", "PT0S"))
                        .policy()
                        .fundingLead())
                .isZero();
        for (var lead : List.of("3", "-P1D", "three days")) {
            assertThatThrownBy(() -> RenewalSchedulerSettings.fromEnv(Map.of("BILLING_FUNDING_CHECK_LEAD", lead)))
                    .as(lead)
                    .hasMessageContaining("BILLING_FUNDING_CHECK_LEAD");
        }
    }

    @Test
    void shouldWaitAnHourAfterAMeteredPeriodUnlessTheGraceIsSet() {
        assertThat(RenewalSchedulerSettings.fromEnv(Map.of()).policy().usageGrace())
                .isEqualTo(Duration.ofHours(1));
        assertThat(RenewalSchedulerSettings.fromEnv(Map.of("BILLING_USAGE_GRACE", "PT0S"))
                        .policy()
                        .usageGrace())
                .isZero();
        for (var grace : List.of("1h", "-PT1H", "an hour")) {
            assertThatThrownBy(() -> RenewalSchedulerSettings.fromEnv(Map.of("BILLING_USAGE_GRACE", grace)))
                    .as(grace)
                    .hasMessageContaining("BILLING_USAGE_GRACE");
        }
    }

    @Test
    void shouldNameTheVariableWhenTheTickIsUnusable() {
        assertThatThrownBy(() -> RenewalSchedulerSettings.fromEnv(Map.of("BILLING_SCHEDULER_TICK", "500")))
                .hasMessageContaining("BILLING_SCHEDULER_TICK");
        assertThatThrownBy(() -> RenewalSchedulerSettings.fromEnv(Map.of("BILLING_SCHEDULER_TICK", "PT0S")))
                .hasMessageContaining("BILLING_SCHEDULER_TICK");
        for (var firesPerTick : List.of("0", "-1", "many", "4294967296")) {
            assertThatThrownBy(() ->
                            RenewalSchedulerSettings.fromEnv(Map.of("BILLING_SCHEDULER_FIRES_PER_TICK", firesPerTick)))
                    .as(firesPerTick)
                    .hasMessageContaining("BILLING_SCHEDULER_FIRES_PER_TICK");
        }
        assertThatThrownBy(() -> RenewalSchedulerSettings.fromEnv(Map.of("BILLING_SCHEDULER_APPLICATION_ID", " ")))
                .hasMessageContaining("applicationId");
    }

    @Test
    void shouldKeepEverythingButTheBrokerAndStateDirWhenALauncherSetsItsOwn() {
        var config = RenewalSchedulerSettings.fromEnv(Map.of("BILLING_SCHEDULER_TICK", "PT1S"))
                .withKafka("localhost:19092", Path.of("/data/renewal-scheduler"));

        assertThat(config)
                .isEqualTo(new RenewalSchedulerSettings(
                        "localhost:19092",
                        "renewal-scheduler",
                        Path.of("/data/renewal-scheduler"),
                        Duration.ofSeconds(1)));
    }

    @Test
    void shouldRunExactlyOnceWithExplicitNamesAndHandlersWhenBuildingProperties() {
        var props = RenewalSchedulerSettings.defaults("kafka:9092", Path.of("state"))
                .streamsProperties();

        assertThat(props.getProperty(StreamsConfig.APPLICATION_ID_CONFIG)).isEqualTo("renewal-scheduler");
        assertThat(props.getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo("exactly_once_v2");
        assertThat(props.getProperty(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG))
                .isEqualTo("true");
        assertThat(props.getProperty(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG))
                .isEqualTo(ChangeFailureHandler.class.getName());
        assertThat(props.getProperty(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG))
                .isEqualTo(UnreadableRecordHandler.class.getName());
        assertThat(new StreamsConfig(props).getLong(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG))
                .isEqualTo(50);
    }

    /** Protects a deployment whose Kafka wants a login: every client of the app (consumers, producers, admin) takes it. */
    @Test
    void shouldGiveEveryKafkaClientOfTheAppTheSecuritySettingsOfTheEnvironmentAndKeepThemForALauncher() {
        var config = RenewalSchedulerSettings.fromEnv(TestBroker.saslClientEnvironment())
                .withKafka("localhost:19092", Path.of("state"));

        var streams = new StreamsConfig(config.streamsProperties());

        assertThat(streams.getMainConsumerConfigs("group", "client", 0))
                .containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "PLAIN");
        assertThat(streams.getProducerConfigs("client")).containsEntry("security.protocol", "SASL_PLAINTEXT");
        assertThat(streams.getAdminConfigs("client")).containsKey("sasl.jaas.config");
    }
}
