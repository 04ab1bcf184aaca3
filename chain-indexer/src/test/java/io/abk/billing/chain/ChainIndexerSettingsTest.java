package io.abk.billing.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.errors.ChainRequestFailureHandler;
import io.abk.billing.chain.errors.UnreadableRequestHandler;
import io.abk.billing.chain.relay.Relayer;
import io.abk.billing.kafkatestkit.TestBroker;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class ChainIndexerSettingsTest {

    private static final String KEYED_URL = "https://base-sepolia.example.com/v2/secret-api-key";

    @Test
    void shouldUseTheSandboxDefaultsWhenTheEnvironmentIsEmpty() {
        var config = ChainIndexerSettings.fromEnv(Map.of());

        assertThat(config.bootstrapServers()).isEqualTo("localhost:9092");
        assertThat(config.applicationId()).isEqualTo("chain-indexer");
        assertThat(config.stateDir().getFileName()).hasToString("chain-indexer");
        assertThat(config.commitInterval()).isEqualTo(Duration.ofMillis(30));
        assertThat(config.leaseSessionTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(config.chains().configured(Mode.TEST)).isFalse();
        assertThat(config.chains().configured(Mode.LIVE)).isFalse();
        // The default networks' ids, which tag the relayer's gas metrics.
        assertThat(config.chains().chainId(Mode.TEST)).isEqualTo(84_532);
        assertThat(config.chains().chainId(Mode.LIVE)).isEqualTo(8_453);
        assertThat(config.chains().name(Mode.TEST)).isEqualTo("Base Sepolia");
        assertThat(config.chains().name(Mode.LIVE)).isEqualTo("Base");
    }

    /** Protects two deployments on one cluster: a shared application id or relayer group would fence or split them. */
    @Test
    void shouldPrefixTheApplicationIdRelayerGroupsAndDeadLettersWithTheDeploymentIdWhenOneIsSet() {
        var config = ChainIndexerSettings.fromEnv(Map.of(Deployment.VARIABLE, "blue"));

        assertThat(config.applicationId()).isEqualTo("blue.chain-indexer");
        assertThat(config.streamsProperties().getProperty(StreamsConfig.APPLICATION_ID_CONFIG))
                .isEqualTo("blue.chain-indexer");
        assertThat(config.streamsProperties().getProperty(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG))
                .isEqualTo("blue.chain.indexer-dlt");
        assertThat(Relayer.groupId(config.applicationId(), config.testChain()))
                .isEqualTo("blue.chain-indexer-relayer-test");
        assertThat(Relayer.groupId(ChainIndexerSettings.fromEnv(Map.of()).applicationId(), config.testChain()))
                .isEqualTo("chain-indexer-relayer-test");
        assertThatThrownBy(() -> ChainIndexerSettings.fromEnv(Map.of(Deployment.VARIABLE, "Blue")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Deployment.VARIABLE);
    }

    @Test
    void shouldUseTheDefaultChainNameWhenTheVariableIsBlank() {
        var config =
                ChainIndexerSettings.fromEnv(Map.of("BILLING_CHAINS_TEST_NAME", " ", "BILLING_CHAINS_LIVE_NAME", ""));

        assertThat(config.chains().name(Mode.TEST)).isEqualTo("Base Sepolia");
        assertThat(config.chains().name(Mode.LIVE)).isEqualTo("Base");
    }

    @Test
    void shouldReadEveryVariableWhenSet() {
        var config = ChainIndexerSettings.fromEnv(Map.of(
                "BILLING_KAFKA_BOOTSTRAP_SERVERS", "kafka:9093",
                "BILLING_CHAIN_INDEXER_APPLICATION_ID", "chain-indexer-b",
                "BILLING_CHAIN_INDEXER_STATE_DIR", "/var/lib/chain-indexer",
                "BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS", "20",
                "BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS", "6000",
                "BILLING_CHAINS_TEST_RPC_URL", " " + KEYED_URL + " ",
                "BILLING_CHAINS_LIVE_RPC_URL", "",
                "BILLING_CHAINS_TEST_NAME", "Anvil",
                "BILLING_CHAINS_LIVE_NAME", "Base mainnet"));

        assertThat(config.bootstrapServers()).isEqualTo("kafka:9093");
        assertThat(config.applicationId()).isEqualTo("chain-indexer-b");
        assertThat(config.stateDir()).isEqualTo(Path.of("/var/lib/chain-indexer"));
        assertThat(config.commitInterval()).isEqualTo(Duration.ofMillis(20));
        assertThat(config.leaseSessionTimeout()).isEqualTo(Duration.ofSeconds(6));
        assertThat(config.testChain().rpcUrls()).containsExactly(KEYED_URL);
        assertThat(config.liveChain().rpcUrls()).isEmpty();
        assertThat(config.chains())
                .isEqualTo(new ConfiguredChains(
                        true,
                        false,
                        "Anvil",
                        "Base mainnet",
                        config.testChain().chainId(),
                        config.liveChain().chainId()));
    }

    @Test
    void shouldKeepEverythingButTheBrokerAndStateDirWhenALauncherSetsItsOwn() {
        var fromEnv = ChainIndexerSettings.fromEnv(Map.of(
                "BILLING_CHAINS_TEST_RPC_URL",
                KEYED_URL,
                "BILLING_CHAINS_TEST_NAME",
                "Anvil",
                "BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS",
                "20",
                "BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS",
                "7000"));

        var config = fromEnv.withKafka("localhost:19092", Path.of("/data/chain-indexer"));

        assertThat(config)
                .isEqualTo(new ChainIndexerSettings(
                        "localhost:19092",
                        "chain-indexer",
                        Path.of("/data/chain-indexer"),
                        Duration.ofMillis(20),
                        fromEnv.testChain(),
                        fromEnv.liveChain(),
                        Duration.ofSeconds(7),
                        AutoSettlementSettings.DEFAULT_PENDING_VAULT_EVENT_RETENTION,
                        KafkaClientSecurity.PLAINTEXT,
                        Deployment.DEFAULT));
        assertThat(config.chains())
                .isEqualTo(new ConfiguredChains(
                        true,
                        false,
                        "Anvil",
                        "Base",
                        config.testChain().chainId(),
                        config.liveChain().chainId()));
    }

    @Test
    void shouldNameTheVariableWithoutEchoingTheUrlWhenAnRpcUrlIsUnusable() {
        assertThatThrownBy(() ->
                        ChainIndexerSettings.fromEnv(Map.of("BILLING_CHAINS_LIVE_RPC_URL", "ftp://secret-host/x")))
                .hasMessageContaining("BILLING_CHAINS_LIVE_RPC_URL")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> ChainIndexerSettings.fromEnv(Map.of("BILLING_CHAINS_TEST_RPC_URL", "secret key")))
                .hasMessageContaining("BILLING_CHAINS_TEST_RPC_URL")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(
                        () -> ChainIndexerSettings.fromEnv(Map.of("BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS", "soon")))
                .hasMessageContaining("BILLING_CHAIN_INDEXER_COMMIT_INTERVAL_MS");
    }

    @Test
    void shouldRefuseALeaseSessionTimeoutWhenTheBrokerWouldRefuseIt() {
        // The broker refuses a session outside 6 s..30 min by default: the chains would then run nowhere.
        var variable = "BILLING_CHAIN_INDEXER_LEASE_SESSION_TIMEOUT_MS";
        assertThatThrownBy(() -> ChainIndexerSettings.fromEnv(Map.of(variable, "5999")))
                .hasMessageContaining(variable)
                .hasMessageContaining("5999");
        assertThatThrownBy(() -> ChainIndexerSettings.fromEnv(Map.of(variable, "1800001")))
                .hasMessageContaining(variable);
        assertThat(ChainIndexerSettings.fromEnv(Map.of(variable, "1800000")).leaseSessionTimeout())
                .isEqualTo(Duration.ofMinutes(30));
    }

    @Test
    void shouldReadThePendingVaultEventRetentionAndRefuseOneThatIsNotPositive() {
        var variable = "BILLING_CHAIN_INDEXER_PENDING_VAULT_EVENT_RETENTION_MS";
        assertThat(ChainIndexerSettings.fromEnv(Map.of()).pendingVaultEventRetention())
                .isEqualTo(Duration.ofDays(7));
        assertThat(ChainIndexerSettings.fromEnv(Map.of(variable, "86400000")).pendingVaultEventRetention())
                .isEqualTo(Duration.ofDays(1));
        assertThatThrownBy(() -> ChainIndexerSettings.fromEnv(Map.of(variable, "0")))
                .hasMessageContaining(variable);
    }

    @Test
    void shouldNeverShowAnRpcUrlWhenPrinted() {
        // An RPC URL often carries the provider's API key, and configs end up in logs.
        var config = ChainIndexerSettings.fromEnv(Map.of(
                "BILLING_CHAINS_TEST_RPC_URL",
                KEYED_URL,
                "BILLING_CHAINS_LIVE_RPC_URL",
                KEYED_URL + "," + KEYED_URL,
                "BILLING_CHAINS_LIVE_RELAYER_KEY",
                "0x" + "ab".repeat(32)));

        assertThat(config.toString())
                .doesNotContain("secret-api-key")
                .doesNotContain("abab")
                .contains("testChainConfigured=true")
                .contains("relayerKey=set (hidden)");
    }

    @Test
    void shouldRunExactlyOnceWithExplicitNamesAndHandlersWhenBuildingProperties() {
        var props =
                ChainIndexerSettings.defaults("kafka:9092", Path.of("state")).streamsProperties();

        assertThat(props.getProperty(StreamsConfig.APPLICATION_ID_CONFIG)).isEqualTo("chain-indexer");
        assertThat(props.getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo("exactly_once_v2");
        assertThat(props.getProperty(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG))
                .isEqualTo("true");
        assertThat(props.getProperty(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG))
                .isEqualTo(ChainRequestFailureHandler.class.getName());
        assertThat(props.getProperty(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG))
                .isEqualTo(UnreadableRequestHandler.class.getName());
        assertThat(props.getProperty(StreamsConfig.producerPrefix("linger.ms"))).isEqualTo("25");
        // Kafka itself accepts the whole set.
        assertThat(new StreamsConfig(props).getLong(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG))
                .isEqualTo(30);
    }

    /** Protects a deployment whose Kafka wants a login: every client of the app (consumers, producers, admin) takes it. */
    @Test
    void shouldGiveEveryKafkaClientOfTheAppTheSecuritySettingsOfTheEnvironmentAndKeepThemForALauncher() {
        var config = ChainIndexerSettings.fromEnv(TestBroker.saslClientEnvironment())
                .withKafka("localhost:19092", Path.of("state"));

        var streams = new StreamsConfig(config.streamsProperties());

        assertThat(config.kafkaSecurity().protocol()).isEqualTo("SASL_PLAINTEXT");
        assertThat(streams.getMainConsumerConfigs("group", "client", 0))
                .containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "PLAIN");
        assertThat(streams.getProducerConfigs("client")).containsEntry("security.protocol", "SASL_PLAINTEXT");
        assertThat(streams.getAdminConfigs("client")).containsKey("sasl.jaas.config");
        assertThat(config.toString()).doesNotContain(TestBroker.SASL_PASSWORD);
    }
}
