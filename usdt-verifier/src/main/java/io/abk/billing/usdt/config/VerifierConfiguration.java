package io.abk.billing.usdt.config;

import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.opskit.metrics.KafkaBacklog;
import io.abk.billing.streamskit.config.StreamsProperties;
import io.abk.billing.streamskit.lifecycle.StreamsApp;
import io.abk.billing.streamskit.lifecycle.TopicRequirements;
import io.abk.billing.topics.TopicLayout;
import io.abk.billing.usdt.chain.ChainUnavailableException;
import io.abk.billing.usdt.chain.RpcTransactions;
import io.abk.billing.usdt.chain.SandboxTransactions;
import io.abk.billing.usdt.chain.TransactionSource;
import io.abk.billing.usdt.command.CommandBus;
import io.abk.billing.usdt.command.OutcomeFeed;
import io.abk.billing.usdt.command.OutcomeWaiters;
import io.abk.billing.usdt.domain.intent.IntentPolicy;
import io.abk.billing.usdt.domain.match.MatchPolicy;
import io.abk.billing.usdt.streams.IntentTopology;
import io.abk.billing.usdt.streams.UsdtProcessingFailureHandler;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.DeserializationFeature;

/**
 * The verifier's parts: its deployment checks, the source of transactions (the chain or the sandbox), the intents'
 * Kafka Streams app, the outcome feed and the command bus the routes send through, and the routes themselves.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(UsdtProperties.class)
@ComponentScan("io.abk.billing.usdt.http")
public class VerifierConfiguration {

    private static final Logger log = LoggerFactory.getLogger(VerifierConfiguration.class);
    /** How long the start waits for the outcome feed to find its topic, before serving 503s until it does. */
    private static final Duration FEED_START_WAIT = Duration.ofSeconds(15);
    /** How often the group's lag is read from the broker: about one Prometheus scrape interval. */
    private static final Duration BACKLOG_EVERY = Duration.ofSeconds(15);

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    Deployment deployment(UsdtProperties properties, Environment environment) {
        var deployment = Deployment.check(properties, environment.acceptsProfiles(Profiles.of(Env.PRODUCTION_PROFILE)));
        log.info(
                "event=usdt_verifier_configured production={} sandbox={} keys={} settings=\"{}\"",
                deployment.production(),
                deployment.sandbox(),
                deployment.keys().size(),
                properties);
        return deployment;
    }

    @Bean
    IntentPolicy intentPolicy(UsdtProperties properties) {
        return new IntentPolicy(
                properties.intentLifetime(),
                new MatchPolicy(
                        properties.chain().confirmations(), properties.match().tolerancePercent()));
    }

    @Bean
    TransactionSource transactions(Deployment deployment, UsdtProperties properties) {
        if (deployment.sandbox()) {
            return new SandboxTransactions();
        }
        var chain = properties.chain();
        var rpc = new RpcTransactions(
                chain.rpcUrls(),
                chain.rpcApiKeyHeader(),
                chain.rpcApiKey(),
                chain.rpcTimeout(),
                chain.tokenAddress(),
                chain.tokenDecimals());
        try {
            long answered = rpc.chainId();
            if (answered != chain.chainId()) {
                rpc.close();
                throw new IllegalArgumentException("BILLING_USDT_CHAIN_ID is " + chain.chainId() + " but the chain at"
                        + " BILLING_USDT_RPC_URLS answers chain id " + answered);
            }
        } catch (ChainUnavailableException e) {
            log.warn(
                    "event=chain_unreachable_at_start chainId={} message=\"the chain id is not checked; verify and"
                            + " confirm answer 503 chain_unavailable until the RPC answers\"",
                    chain.chainId());
        }
        return rpc;
    }

    /**
     * How every Kafka client of the verifier connects: the {@link KafkaClientSecurity} of its settings (a settings map
     * given to its start wins over the environment, as for its other settings).
     */
    @Bean
    KafkaClientSecurity kafkaClientSecurity(Environment environment) {
        return KafkaClientSecurity.fromEnv(SpringLaunch.env(environment));
    }

    @Bean
    OutcomeWaiters outcomeWaiters() {
        return new OutcomeWaiters();
    }

    @Bean(destroyMethod = "close")
    OutcomeFeed outcomeFeed(
            UsdtProperties properties, KafkaClientSecurity security, OutcomeWaiters waiters, Deployment deployment)
            throws InterruptedException {
        var kafka = properties.kafka();
        var feed =
                OutcomeFeed.start(kafka.bootstrapServers(), security, kafka.applicationId() + "-outcome-feed", waiters);
        if (!feed.awaitReady(FEED_START_WAIT)) {
            log.warn("event=outcome_feed_not_ready_at_start waitedMs={}", FEED_START_WAIT.toMillis());
        }
        return feed;
    }

    @Bean(destroyMethod = "close")
    CommandBus commandBus(
            UsdtProperties properties, KafkaClientSecurity security, OutcomeWaiters waiters, OutcomeFeed feed) {
        var kafka = properties.kafka();
        return new CommandBus(
                kafka.bootstrapServers(),
                security,
                kafka.applicationId() + "-commands",
                waiters,
                feed,
                properties.requestTimeout());
    }

    /** The intents' Kafka Streams app; it starts once its topics exist, and closes leaving its group. */
    @Bean(destroyMethod = "close")
    StreamsApp intentStreams(
            UsdtProperties properties,
            KafkaClientSecurity security,
            IntentPolicy policy,
            MeterRegistry registry,
            Deployment deployment) {
        var kafka = properties.kafka();
        var props = streamsProperties(properties, security);
        var settings = topologySettings(properties, policy, deployment);
        var topology = IntentTopology.build(settings, props);
        var layout = TopicLayout.of(IntentTopology.topics(settings));
        var app = StreamsApp.create(
                kafka.applicationId(), topology, props, new TopicRequirements(layout.names(), layout::problems));
        app.bindMetrics(registry);
        // billing_consumer_group_lag{group="usdt-verifier"}, as every Streams service reports it; no dead-letter topic.
        app.closeWith(KafkaBacklog.start(app.adminConfig(), registry, app.consumerGroups(), Set.of(), BACKLOG_EVERY));
        log.info(
                "event=streams_starting applicationId={} stateDir={} commitIntervalMs={}",
                kafka.applicationId(),
                kafka.stateDirectory(),
                kafka.commitInterval().toMillis());
        app.startWhenTopicsExist();
        return app;
    }

    /**
     * The topology's settings: on a chain, its USDT too, whose transfers chain-indexer publishes to the addresses the
     * books watch; in the sandbox (no chain) none, so nothing is watched and chain.transfers is not read.
     */
    static IntentTopology.Settings topologySettings(
            UsdtProperties properties, IntentPolicy policy, Deployment deployment) {
        var chain = properties.chain();
        return new IntentTopology.Settings(
                policy,
                chain.chainId(),
                deployment.sandbox()
                        ? null
                        : new IntentTopology.ChainToken(chain.tokenAddress(), chain.tokenDecimals()));
    }

    /** The Kafka Streams settings of the intents' app: the shared exactly-once set, and its exception handlers. */
    static Properties streamsProperties(UsdtProperties properties, KafkaClientSecurity security) {
        var kafka = properties.kafka();
        var props = StreamsProperties.exactlyOnce(
                kafka.bootstrapServers(),
                kafka.applicationId(),
                kafka.stateDirectory(),
                kafka.commitInterval(),
                security);
        props.put(
                StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, UsdtProcessingFailureHandler.class.getName());
        props.put(
                StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                LogAndContinueExceptionHandler.class.getName());
        return props;
    }

    /** Money stays exact through JSON: floats read as BigDecimal, decimals written plainly. */
    @Bean
    JsonMapperBuilderCustomizer exactNumbers() {
        return builder -> builder.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN);
    }
}
