package io.abk.billing.localstack;

import io.abk.billing.localstack.bootstrap.LocalSecrets;
import io.abk.billing.localstack.chain.LocalChain;
import io.abk.billing.localstack.chain.LocalChainInfo;
import io.abk.billing.localstack.kafka.KafkaBroker;
import io.abk.billing.localstack.lifecycle.BoundedClose;
import io.abk.billing.localstack.lifecycle.DataDirLock;
import io.abk.billing.localstack.lifecycle.Deadline;
import io.abk.billing.localstack.lifecycle.FreePorts;
import io.abk.billing.localstack.lifecycle.StartPhases;
import io.abk.billing.localstack.postgres.PostgresServer;
import io.abk.billing.localstack.processes.FleetEnvironment;
import io.abk.billing.localstack.processes.ServiceFleet;
import io.abk.billing.localstack.processes.ServiceJars;
import io.abk.billing.localstack.processes.ServiceKind;
import io.abk.billing.localstack.services.DemoMerchantLookup;
import io.abk.billing.localstack.services.GatewayArgs;
import io.abk.billing.localstack.services.GatewayService;
import io.abk.billing.localstack.services.Readiness;
import io.abk.billing.localstack.services.StreamsAppsHealth;
import io.abk.billing.localstack.services.StreamsService;
import io.abk.billing.localstack.services.UsdtVerifierService;
import io.abk.billing.localstack.services.WebhookSenderHealth;
import io.abk.billing.localstack.services.WebhookSenderService;
import io.abk.billing.localstack.topics.StackTopics;
import io.abk.billing.usdt.http.auth.ServiceKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
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
    /**
     * Default payout address of the demo merchant: the well-known "dead" burn address, valid EVM syntax that
     * nobody controls, so a local or test-chain payment can never reach a real wallet by accident.
     */
    public static final String DEMO_PAYOUT_ADDRESS = "0x000000000000000000000000000000000000dEaD";

    private static final Logger log = LoggerFactory.getLogger(LocalStack.class);

    private final Info info;
    private final Deque<Part> parts;
    private final @Nullable ServiceFleet fleet;
    private final @Nullable WebhookSenderService webhooks;
    private final KafkaBroker kafka;
    private final PostgresServer postgres;
    private boolean closed;

    private LocalStack(
            Info info,
            Deque<Part> parts,
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
            String sealingKeys) {

        public Info {
            gatewayUrls = List.copyOf(gatewayUrls);
            processes = List.copyOf(processes);
        }

        /** The demo merchant's payout address: anvil account 2 on the local chain, else the burn address. */
        public String payoutAddress() {
            return localChain.map(LocalChainInfo::payoutAddress).orElse(DEMO_PAYOUT_ADDRESS);
        }
    }

    /** A started part and how long its close may take. */
    private record Part(String name, Duration closeTimeout, AutoCloseable closer) {}

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
        if (!processEnvironment.isEmpty() && !config.processes()) {
            throw new IllegalArgumentException("process variables need " + LocalStackSettings.PROCESSES_ARGUMENT);
        }
        var startedAt = System.nanoTime();
        var phases = new StartPhases();
        var deadline = Deadline.in(config.readyTimeout());
        var parts = new ArrayDeque<Part>();
        try {
            var dataDir = config.dataDir();
            Files.createDirectories(dataDir);
            parts.push(new Part("data-dir-lock", Duration.ofSeconds(5), DataDirLock.acquire(dataDir)));
            // The sealing keyring's variables are read here, as the services would: a given keyring is used as is.
            var secrets = LocalSecrets.resolve(
                    dataDir,
                    config.adminToken(),
                    config.demoTestKey(),
                    config.demoLiveKey(),
                    System.getenv("BILLING_SECRETS_KEYS"),
                    System.getenv("BILLING_SECRETS_ACTIVE_KEY"));

            // The chain comes first and stops last: the relayer and the chain follower in chain-indexer talk to it
            // until they are closed, and a deployment problem shows before the slower parts start.
            LocalChain chain = null;
            if (config.localChain()) {
                chain = phases.timed("local-chain", () -> LocalChain.start(dataDir, config.localChainPort()));
                parts.push(new Part("local-chain", Duration.ofSeconds(20), chain));
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
            parts.push(new Part("postgres", Duration.ofSeconds(30), postgres));
            parts.push(new Part("kafka", Duration.ofSeconds(60), kafka));

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
                    secrets.sealingActiveKey());
            ServiceFleet fleet = null;
            WebhookSenderService webhooks = null;
            String baseUrl;
            String usdtUrl;
            if (config.processes()) {
                var localChain = chain;
                fleet = phases.timed(
                        "service-processes",
                        () -> startProcesses(config, gatewayArgs, localChain, processEnvironment, deadline));
                parts.push(new Part("service processes", Duration.ofSeconds(150), fleet));
                baseUrl = fleet.gatewayUrls().getFirst();
                usdtUrl = "http://localhost:"
                        + fleet.of(ServiceKind.USDT_VERIFIER).getFirst().port();
            } else {
                var started = startInProcess(config, gatewayArgs, chain, kafka, postgres, parts, deadline, phases);
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
                    secrets.sealingKeys());
            log.info(
                    "local stack ready baseUrl={} startMs={} cold={} processes={} phases=\"{}\"",
                    baseUrl,
                    info.startDuration().toMillis(),
                    info.coldStart(),
                    fleet == null ? 0 : fleet.processes().size(),
                    phases.summary());
            return new LocalStack(info, parts, fleet, webhooks, kafka, postgres);
        } catch (IOException e) {
            closeAll(parts);
            throw new UncheckedIOException(
                    "could not prepare the data directory " + config.dataDir() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeAll(parts);
            throw e;
        }
    }

    /** Where the in-process services answer, and the webhook sender among them. */
    private record InProcess(String baseUrl, String usdtUrl, WebhookSenderService webhooks) {}

    /**
     * Every service inside this JVM; returns once the gateway reports UP and the scheduler runs. The Streams apps start
     * in the background; the USDT verifier, which needs neither the gateway nor the database, starts on a thread of
     * its own while the gateway and then the webhook sender start on this one.
     */
    private static InProcess startInProcess(
            LocalStackSettings config,
            GatewayArgs gatewayArgs,
            @Nullable LocalChain chain,
            KafkaBroker kafka,
            PostgresServer postgres,
            Deque<Part> parts,
            Deadline deadline,
            StartPhases phases) {
        var dataDir = config.dataDir();
        var streams = phases.timed(
                "billing-streams",
                () -> StreamsService.billingStreams(kafka.bootstrapServers(), dataDir.resolve("streams")));
        parts.push(new Part("billing-streams", Duration.ofSeconds(30), streams));

        // Settlement answers billing-streams' requests with commands billing-streams applies, so it runs inside
        // billing-streams' lifetime: started after it and closed before it, which lets the last results it
        // commits while closing still be applied before billing-streams stops.
        var settlement = phases.timed(
                "chain-indexer",
                () -> StreamsService.settlement(
                        kafka.bootstrapServers(),
                        dataDir.resolve("chain-indexer"),
                        chain == null ? null : chain.indexerSettings()));
        parts.push(new Part("chain-indexer", Duration.ofSeconds(30), settlement));

        // The scheduler's commands are applied by billing-streams (and its charges settled by chain-indexer), so it
        // runs inside their lifetime: started after them and closed first, so that what it commits while closing is
        // still applied.
        var scheduler = phases.timed(
                "renewal-scheduler",
                () -> StreamsService.scheduler(kafka.bootstrapServers(), dataDir.resolve("renewal-scheduler")));
        parts.push(new Part("renewal-scheduler", Duration.ofSeconds(30), scheduler));

        // Two Spring applications start at once below: the JVM-wide settings they share are made first.
        GatewayService.configureJvm();
        var usdtStart = phases.inBackground(
                "usdt-verifier",
                () -> UsdtVerifierService.start(
                        kafka.bootstrapServers(),
                        config.usdtHttpPort(),
                        config.usdtKeys(),
                        dataDir.resolve("usdt-verifier")));
        var webhookHealth = new WebhookSenderHealth();
        var streamsHealth = new StreamsAppsHealth(Map.of("billing-streams", streams, "chain-indexer", settlement));
        GatewayService gateway;
        WebhookSenderService webhooks;
        try {
            gateway =
                    phases.timed("api-gateway", () -> GatewayService.start(gatewayArgs, webhookHealth, streamsHealth));
            parts.push(new Part("api-gateway", Duration.ofSeconds(30), gateway));
            // The sender reads what the gateway writes (endpoints) and starts once the gateway has migrated the
            // database; it is closed first, so attempts in flight drain before anything they need stops.
            webhooks = phases.timed(
                    "webhook-sender",
                    () -> WebhookSenderService.start(
                            kafka.bootstrapServers(),
                            postgres.jdbcUrl(),
                            PostgresServer.USER,
                            PostgresServer.PASSWORD,
                            config.webhooksAllowLoopbackInTest(),
                            gatewayArgs.sealingEnvironment()));
            parts.push(new Part("webhook-sender", Duration.ofSeconds(30), webhooks));
            webhookHealth.watch(webhooks);
        } catch (RuntimeException e) {
            usdtStart.closeAfter(e);
            throw e;
        }
        var usdt = usdtStart.join();
        parts.push(new Part("usdt-verifier", Duration.ofSeconds(30), usdt));

        var baseUrl = "http://localhost:" + gateway.port();
        var alive = new LinkedHashMap<String, BooleanSupplier>();
        alive.put("billing-streams", streams::isAlive);
        alive.put("chain-indexer", settlement::isAlive);
        alive.put("renewal-scheduler", scheduler::isAlive);
        alive.put("webhook-sender", webhooks::isRunning);
        // The gateway's health is UP only once billing-streams and settlement (chain-indexer) are both ready, their
        // stores restored, and its projector has caught up. It does not watch the scheduler (the API serves without
        // it; renewals would only be late), so the stack waits for the scheduler here, and a first due item never
        // waits on a rebalance.
        phases.timed("health", () -> Readiness.awaitUp(baseUrl, deadline.remaining(), alive));
        phases.timed(
                "scheduler-running",
                () -> Readiness.awaitRunning("renewal-scheduler", deadline.remaining(), scheduler::isReady));
        return new InProcess(baseUrl, "http://localhost:" + usdt.port(), webhooks);
    }

    /**
     * Every service as its own process ({@code --processes}), {@code replicas} of each, from the runnable jars of this
     * repository; returns once every process is ready.
     */
    private static ServiceFleet startProcesses(
            LocalStackSettings config,
            GatewayArgs gatewayArgs,
            @Nullable LocalChain chain,
            Map<String, String> processEnvironment,
            Deadline deadline) {
        var jars = ServiceJars.locate(ServiceJars.repositoryRoot());
        var environment = new FleetEnvironment(
                gatewayArgs,
                chain == null ? Map.of() : chain.indexerEnvironment(),
                config.dataDir().resolve("processes"),
                config.usdtKeys(),
                processEnvironment);
        return ServiceFleet.start(
                jars,
                environment,
                processJavaOptions(),
                config.dataDir().resolve("logs"),
                config.replicas(),
                Map.of(ServiceKind.API_GATEWAY, config.httpPort(), ServiceKind.USDT_VERIFIER, config.usdtHttpPort()),
                deadline);
    }

    /**
     * The JVM options of each service process: small heaps and the serial collector (a machine running ten of them
     * has two cores, not twenty), the access Kafka and RocksDB need on JDK 24+, then {@code BILLING_PROCESS_JAVA_OPTS}.
     */
    static List<String> processJavaOptions() {
        var options = new ArrayList<>(List.of("-XX:+UseSerialGC", "-Xms64m", "-Xmx512m", "-XX:TieredStopAtLevel=1"));
        if (Runtime.version().feature() >= 24) {
            options.add("--sun-misc-unsafe-memory-access=allow");
        }
        var extra = System.getenv("BILLING_PROCESS_JAVA_OPTS");
        if (extra != null && !extra.isBlank()) {
            options.addAll(List.of(extra.trim().split("\\s+")));
        }
        return options;
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
        closeAll(parts);
        log.info(
                "local stack stopped stopMs={}",
                Duration.ofNanos(System.nanoTime() - stoppedAt).toMillis());
    }

    private static void closeAll(Deque<Part> parts) {
        while (!parts.isEmpty()) {
            var part = parts.pop();
            BoundedClose.close(part.name(), part.closeTimeout(), part.closer());
        }
    }
}
