package io.abk.billing.usdt.config;

import io.abk.billing.opskit.SpringLaunch;
import io.abk.billing.opskit.config.Env;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.opskit.metrics.KafkaBacklog;
import io.abk.billing.schemas.topic.Deployment;
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
    VerifierDeployment verifierDeployment(UsdtProperties properties, Environment environment) {
        var verifier =
                VerifierDeployment.check(properties, environment.acceptsProfiles(Profiles.of(Env.PRODUCTION_PROFILE)));
        log.info(
                "event=usdt_verifier_configured production={} sandbox={} keys={} settings=\"{}\"",
                verifier.production(),
                verifier.sandbox(),
                verifier.keys().size(),
                properties);
        return verifier;
    }

    /**
     * The deployment whose names the verifier gives on the Kafka cluster ({@code BILLING_DEPLOYMENT_ID}): its topics,
     * its application id and its clients' ids (a settings map given to its start wins over the environment).
     */
    @Bean
    Deployment deployment(Environment environment) {
        return Deployment.of(SpringLaunch.env(environment).text(Deployment.VARIABLE, ""));
    }

    @Bean
    IntentPolicy intentPolicy(UsdtProperties properties) {
        return new IntentPolicy(
                properties.intentLifetime(),
                new MatchPolicy(
                        properties.chain().confirmations(), properties.match().tolerancePercent()));
    }

    @Bean
    TransactionSource transactions(VerifierDeployment verifier, UsdtProperties properties) {
        if (verifier.sandbox()) {
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
            UsdtProperties properties,
            KafkaClientSecurity security,
            OutcomeWaiters waiters,
            // Taken so that the deployment's checks run first: a refused setting ends the start before Kafka is read.
            VerifierDeployment verifier,
            Deployment deployment)
            throws InterruptedException {
        var kafka = properties.kafka();
        var feed = OutcomeFeed.start(
                kafka.bootstrapServers(),
                security,
                deployment,
                applicationId(properties, deployment) + "-outcome-feed",
                waiters);
        if (!feed.awaitReady(FEED_START_WAIT)) {
            log.warn("event=outcome_feed_not_ready_at_start waitedMs={}", FEED_START_WAIT.toMillis());
        }
        return feed;
    }

    @Bean(destroyMethod = "close")
    CommandBus commandBus(
            UsdtProperties properties,
            KafkaClientSecurity security,
            Deployment deployment,
            OutcomeWaiters waiters,
            OutcomeFeed feed) {
        var kafka = properties.kafka();
        return new CommandBus(
                kafka.bootstrapServers(),
                security,
                deployment,
                applicationId(properties, deployment) + "-commands",
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
            VerifierDeployment verifier,
            Deployment deployment) {
        var kafka = properties.kafka();
        var applicationId = applicationId(properties, deployment);
        var props = streamsProperties(properties, security, deployment);
        var settings = topologySettings(properties, policy, verifier);
        var topology = IntentTopology.build(deployment, settings, props);
        var layout = TopicLayout.of(deployment, IntentTopology.topics(settings));
        var app = StreamsApp.create(
                applicationId, topology, props, new TopicRequirements(layout.names(), layout::problems));
        app.bindMetrics(registry);
        // billing_consumer_group_lag{group="usdt-verifier"}, as every Streams service reports it; no dead-letter topic.
        app.closeWith(KafkaBacklog.start(app.adminConfig(), registry, app.consumerGroups(), Set.of(), BACKLOG_EVERY));
        log.info(
                "event=streams_starting applicationId={} stateDir={} commitIntervalMs={}",
                applicationId,
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
            UsdtProperties properties, IntentPolicy policy, VerifierDeployment verifier) {
        var chain = properties.chain();
        return new IntentTopology.Settings(
                policy,
                chain.chainId(),
                verifier.sandbox() ? null : new IntentTopology.ChainToken(chain.tokenAddress(), chain.tokenDecimals()));
    }

    /**
     * The application id the Streams part runs under ({@code BILLING_USDT_APPLICATION_ID} in {@code deployment}): its
     * consumer group, its internal topics' prefix, and the prefix of the verifier's other clients' ids.
     */
    static String applicationId(UsdtProperties properties, Deployment deployment) {
        return deployment.name(properties.kafka().applicationId());
    }

    /** The Kafka Streams settings of the intents' app: the shared exactly-once set, and its exception handlers. */
    static Properties streamsProperties(
            UsdtProperties properties, KafkaClientSecurity security, Deployment deployment) {
        var kafka = properties.kafka();
        var props = StreamsProperties.exactlyOnce(
                kafka.bootstrapServers(),
                applicationId(properties, deployment),
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
