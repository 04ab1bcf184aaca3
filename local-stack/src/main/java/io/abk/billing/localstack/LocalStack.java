package io.abk.billing.localstack;

import io.abk.billing.localstack.bootstrap.LocalSecrets;
import io.abk.billing.localstack.chain.LocalChain;
import io.abk.billing.localstack.chain.LocalChainInfo;
import io.abk.billing.localstack.kafka.KafkaBroker;
import io.abk.billing.localstack.lifecycle.DataDirLock;
import io.abk.billing.localstack.lifecycle.Deadline;
import io.abk.billing.localstack.lifecycle.FreePorts;
import io.abk.billing.localstack.lifecycle.StartPhases;
import io.abk.billing.localstack.lifecycle.StartedParts;
import io.abk.billing.localstack.postgres.PostgresServer;
import io.abk.billing.localstack.processes.ServiceFleet;
import io.abk.billing.localstack.processes.ServiceKind;
import io.abk.billing.localstack.services.DemoMerchantLookup;
import io.abk.billing.localstack.services.GatewayArgs;
import io.abk.billing.localstack.services.WebhookSenderService;
import io.abk.billing.localstack.topics.StackTopics;
import io.abk.billing.usdt.http.auth.ServiceKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole platform in this process: the local chain (with {@code BILLING_LOCAL_CHAIN=anvil}), PostgreSQL, a Kafka
 * broker, the catalog topics, billing-streams, chain-indexer (sandbox settlement, or the local chain),
 * renewal-scheduler, the api-gateway and the webhook sender, started in that order and closed in the reverse one.
 * {@link #start} returns only once the gateway reports UP, i.e. every part is ready.
 */
public final class LocalStack implements AutoCloseable {

    /** Name of the merchant the gateway bootstraps for the local stack. */
    public static final String DEMO_MERCHANT_NAME = "Demo Merchant";
    /** Who signs in to the dashboard as the demo merchant's owner, unless {@code BILLING_DEMO_OWNER_EMAIL} says. */
    public static final String DEMO_OWNER_EMAIL = "owner@demo.example";
    /**
     * Default payout address of the demo merchant: the well-known "dead" burn address, valid EVM syntax that
     * nobody controls, so a local or test-chain payment can never reach a real wallet by accident.
     */
    public static final String DEMO_PAYOUT_ADDRESS = "0x000000000000000000000000000000000000dEaD";

    private static final Logger log = LoggerFactory.getLogger(LocalStack.class);

    private final Info info;
    private final StartedParts parts;
    private final @Nullable ServiceFleet fleet;
    private final @Nullable WebhookSenderService webhooks;
    private final KafkaBroker kafka;
    private final PostgresServer postgres;
    private boolean closed;

    private LocalStack(
            Info info,
            StartedParts parts,
            @Nullable ServiceFleet fleet,
            @Nullable WebhookSenderService webhooks,
            KafkaBroker kafka,
            PostgresServer postgres) {
        this.info = info;
        this.parts = parts;
        this.fleet = fleet;
        this.webhooks = webhooks;
        this.kafka = kafka;
        this.postgres = postgres;
    }

    /** What a started stack offers: where to reach it and with which secrets. */
    public record Info(
            String baseUrl,
            String publicUrl,
            String adminToken,
            String demoTestKey,
            String demoLiveKey,
            Optional<String> demoMerchantId,
            String kafkaBootstrapServers,
            String jdbcUrl,
            Path dataDir,
            boolean coldStart,
            Duration startDuration,
            Optional<LocalChainInfo> localChain,
            List<String> gatewayUrls,
            List<String> processes,
            String usdtUrl,
            String usdtKey,
            String sealingKeys,
            String demoOwnerEmail,
            String demoOwnerPassword) {

        public Info {
            gatewayUrls = List.copyOf(gatewayUrls);
            processes = List.copyOf(processes);
        }

        /** The demo merchant's payout address: anvil account 2 on the local chain, else the burn address. */
        public String payoutAddress() {
            return localChain.map(LocalChainInfo::payoutAddress).orElse(DEMO_PAYOUT_ADDRESS);
        }
    }

    /**
     * Starts every part and waits until the gateway is UP.
     *
     * @throws IllegalStateException naming what did not become ready; whatever had started is stopped again
     */
    public static LocalStack start(LocalStackSettings config) {
        return start(config, Map.of());
    }

    /**
     * As {@link #start(LocalStackSettings)}, every service process ({@code --processes}) getting {@code
     * processEnvironment} on top of its own variables: a test's settings that no stack option sets (a shorter chain
     * lease session, say).
     *
     * @throws IllegalArgumentException when variables are given to a stack that runs no processes
     */
    public static LocalStack start(LocalStackSettings config, Map<String, String> processEnvironment) {
        return start(config, processEnvironment, EnumSet.allOf(ServiceKind.class));
    }

    /**
     * As {@link #start(LocalStackSettings, Map)}, starting only the service processes of {@code processKinds}: a test
     * that needs some services (the gateway, the streams and the chain indexer to pay a payment, say) spares the
     * machine the others' JVMs. Without the USDT verifier, {@link Info#usdtUrl()} is empty.
     *
     * @throws IllegalArgumentException when variables or a subset are given to a stack that runs no processes
     */
    public static LocalStack start(
            LocalStackSettings config, Map<String, String> processEnvironment, Set<ServiceKind> processKinds) {
        var everyKind = processKinds.containsAll(EnumSet.allOf(ServiceKind.class));
        if ((!processEnvironment.isEmpty() || !everyKind) && !config.processes()) {
            throw new IllegalArgumentException("process variables need " + LocalStackSettings.PROCESSES_ARGUMENT);
        }
        var startedAt = System.nanoTime();
        var phases = new StartPhases();
        var deadline = Deadline.in(config.readyTimeout());
        var parts = new StartedParts();
        try {
            var dataDir = config.dataDir();
            Files.createDirectories(dataDir);
            parts.add("data-dir-lock", Duration.ofSeconds(5), DataDirLock.acquire(dataDir));
            // The sealing keyring's and the demo owner's variables are read here, as the services would: a given value
            // is used as is.
            var secrets = LocalSecrets.resolve(
                    dataDir,
                    config.adminToken(),
                    config.demoTestKey(),
                    config.demoLiveKey(),
                    blankToNull(System.getenv("BILLING_DEMO_OWNER_PASSWORD")),
                    System.getenv("BILLING_SECRETS_KEYS"),
                    System.getenv("BILLING_SECRETS_ACTIVE_KEY"));
            var ownerEmail = Objects.requireNonNullElse(
                    blankToNull(System.getenv("BILLING_DEMO_OWNER_EMAIL")), DEMO_OWNER_EMAIL);

            // The chain comes first and stops last: the relayer and the chain follower in chain-indexer talk to it
            // until they are closed, and a deployment problem shows before the slower parts start.
            LocalChain chain = null;
            if (config.localChain()) {
                chain = phases.timed("local-chain", () -> LocalChain.start(dataDir, config.localChainPort()));
                parts.add("local-chain", Duration.ofSeconds(20), chain);
            }

            // PostgreSQL and the broker need nothing of each other: each starts while the other does (after a crash,
            // stopping the old PostgreSQL and the broker's log recovery are the two longest waits).
            var postgresStart = phases.inBackground(
                    "postgres", () -> PostgresServer.start(dataDir.resolve("postgres"), config.postgresPort()));
            KafkaBroker kafka;
            try {
                kafka = phases.timed(
                        "kafka",
                        () -> KafkaBroker.start(dataDir.resolve("kafka"), config.kafkaPort(), deadline.remaining()));
            } catch (RuntimeException e) {
                postgresStart.closeAfter(e);
                throw e;
            }
            PostgresServer postgres;
            try {
                postgres = postgresStart.join();
            } catch (RuntimeException e) {
                kafka.close();
                throw e;
            }
            parts.add("postgres", Duration.ofSeconds(30), postgres);
            parts.add("kafka", Duration.ofSeconds(60), kafka);

            phases.timed(
                    "topics",
                    () -> StackTopics.provision(kafka.bootstrapServers(), config.partitions(), deadline.remaining()));

            var httpPort = config.processes() ? config.httpPort() : FreePorts.resolve(config.httpPort());
            var gatewayArgs = new GatewayArgs(
                    httpPort,
                    config.publicUrlFor(httpPort),
                    postgres.r2dbcUrl(),
                    postgres.jdbcUrl(),
                    PostgresServer.USER,
                    PostgresServer.PASSWORD,
                    kafka.bootstrapServers(),
                    secrets.adminToken(),
                    DEMO_MERCHANT_NAME,
                    chain == null ? DEMO_PAYOUT_ADDRESS : chain.info().payoutAddress(),
                    secrets.demoTestKey(),
                    secrets.demoLiveKey(),
                    config.rateLimitsEnabled(),
                    config.rateLimitPerKeyPerSecond(),
                    config.rateLimitCheckoutPerMinute(),
                    config.webhooksAllowLoopbackInTest(),
                    chain == null ? null : gatewayChain(chain.info()),
                    secrets.sealingKeys(),
                    secrets.sealingActiveKey(),
                    ownerEmail,
                    secrets.demoOwnerPassword());
            ServiceFleet fleet = null;
            WebhookSenderService webhooks = null;
            String baseUrl;
            String usdtUrl;
            if (config.processes()) {
                var localChain = chain;
                fleet = phases.timed(
                        "service-processes",
                        () -> ServiceProcesses.start(
                                config, gatewayArgs, localChain, processEnvironment, processKinds, deadline));
                parts.add("service processes", Duration.ofSeconds(150), fleet);
                baseUrl = fleet.gatewayUrls().getFirst();
                usdtUrl = fleet.of(ServiceKind.USDT_VERIFIER).stream()
                        .findFirst()
                        .map(verifier -> "http://localhost:" + verifier.port())
                        .orElse("");
            } else {
                var started =
                        InProcessServices.start(config, gatewayArgs, chain, kafka, postgres, parts, deadline, phases);
                baseUrl = started.baseUrl();
                usdtUrl = started.usdtUrl();
                webhooks = started.webhooks();
            }
            var publicUrl = config.publicUrlFor(URI.create(baseUrl).getPort());
            var info = new Info(
                    baseUrl,
                    publicUrl,
                    secrets.adminToken(),
                    secrets.demoTestKey(),
                    secrets.demoLiveKey(),
                    DemoMerchantLookup.find(postgres.dataSource(), DEMO_MERCHANT_NAME),
                    kafka.bootstrapServers(),
                    postgres.jdbcUrl(),
                    dataDir,
                    kafka.formattedNow(),
                    Duration.ofNanos(System.nanoTime() - startedAt),
                    Optional.ofNullable(chain).map(LocalChain::info),
                    fleet == null ? List.of(baseUrl) : fleet.gatewayUrls(),
                    fleet == null
                            ? List.of()
                            : fleet.processes().stream()
                                    .map(process ->
                                            process.name() + "  pid " + process.pid() + ", " + process.baseUrl())
                                    .toList(),
                    usdtUrl,
                    usdtKey(config),
                    secrets.sealingKeys(),
                    ownerEmail,
                    secrets.demoOwnerPassword());
            log.info(
                    "local stack ready baseUrl={} startMs={} cold={} processes={} phases=\"{}\"",
                    baseUrl,
                    info.startDuration().toMillis(),
                    info.coldStart(),
                    fleet == null ? 0 : fleet.processes().size(),
                    phases.summary());
            return new LocalStack(info, parts, fleet, webhooks, kafka, postgres);
        } catch (IOException e) {
            parts.closeAll();
            throw new UncheckedIOException(
                    "could not prepare the data directory " + config.dataDir() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            parts.closeAll();
            throw e;
        }
    }

    private static @Nullable String blankToNull(@Nullable String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** The key the banner shows for the verifier: the first one configured, else its development key. */
    static String usdtKey(LocalStackSettings config) {
        var configured = config.usdtKeys().split(",")[0].strip();
        return configured.isEmpty() ? ServiceKeys.DEVELOPMENT_KEY : configured;
    }

    private static GatewayArgs.TestChain gatewayChain(LocalChainInfo chain) {
        return new GatewayArgs.TestChain(
                LocalChain.NAME,
                chain.chainId(),
                chain.tokenAddress(),
                chain.vaultAddress(),
                chain.rpcUrl(),
                LocalChain.CONFIRMATIONS);
    }

    public Info info() {
        return info;
    }

    /**
     * The webhook sender running in this JVM (none with {@code --processes}), whose listener containers a test may
     * stop through its context to see the stack's health report it.
     */
    public Optional<WebhookSenderService> webhookSender() {
        return Optional.ofNullable(webhooks);
    }

    /** The service processes, when the stack runs them as processes ({@code --processes}). */
    public Optional<ServiceFleet> processes() {
        return Optional.ofNullable(fleet);
    }

    /**
     * The stack's broker, which a test may {@linkplain KafkaBroker#stop stop} and {@linkplain KafkaBroker#restart start
     * again} under the running services to see them ride out an outage.
     */
    public KafkaBroker kafka() {
        return kafka;
    }

    /** The stack's PostgreSQL, which a test may stop and start again as it may {@linkplain #kafka the broker}. */
    public PostgresServer postgres() {
        return postgres;
    }

    public String baseUrl() {
        return info.baseUrl();
    }

    public String adminToken() {
        return info.adminToken();
    }

    public String demoTestKey() {
        return info.demoTestKey();
    }

    public String demoLiveKey() {
        return info.demoLiveKey();
    }

    /** The demo merchant's id, when the gateway's control plane could be read for it. */
    public Optional<String> demoMerchantId() {
        return info.demoMerchantId();
    }

    public String kafkaBootstrapServers() {
        return info.kafkaBootstrapServers();
    }

    public String jdbcUrl() {
        return info.jdbcUrl();
    }

    public Path dataDir() {
        return info.dataDir();
    }

    /** From the call to {@link #start} until the gateway reported UP. */
    public Duration startDuration() {
        return info.startDuration();
    }

    /**
     * Stops the webhook sender, the gateway, renewal-scheduler, chain-indexer, billing-streams, the broker,
     * PostgreSQL and the local chain (when it runs), in that order, each within a time limit.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        var stoppedAt = System.nanoTime();
        parts.closeAll();
        log.info(
                "local stack stopped stopMs={}",
                Duration.ofNanos(System.nanoTime() - stoppedAt).toMillis());
    }
}
