package io.abk.billing.localstack;

import io.abk.billing.localstack.chain.LocalChain;
import io.abk.billing.localstack.kafka.KafkaBroker;
import io.abk.billing.localstack.lifecycle.Deadline;
import io.abk.billing.localstack.lifecycle.StartPhases;
import io.abk.billing.localstack.lifecycle.StartedParts;
import io.abk.billing.localstack.postgres.PostgresServer;
import io.abk.billing.localstack.services.GatewayArgs;
import io.abk.billing.localstack.services.GatewayService;
import io.abk.billing.localstack.services.Readiness;
import io.abk.billing.localstack.services.StreamsAppsHealth;
import io.abk.billing.localstack.services.StreamsService;
import io.abk.billing.localstack.services.UsdtVerifierService;
import io.abk.billing.localstack.services.WebhookSenderHealth;
import io.abk.billing.localstack.services.WebhookSenderService;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The services of a stack that runs them inside this JVM (not {@code --processes}): billing-streams, chain-indexer
 * and renewal-scheduler, the api-gateway, the webhook sender and the USDT verifier, each added to the stack's
 * {@link StartedParts} once started, in the order that lets each be closed before what it needs.
 */
final class InProcessServices {

    /** Where the in-process services answer, and the webhook sender among them. */
    record Started(String baseUrl, String usdtUrl, WebhookSenderService webhooks) {}

    private InProcessServices() {}

    /**
     * Every service inside this JVM; returns once the gateway reports UP and the scheduler runs. The Streams apps start
     * in the background; the USDT verifier, which needs neither the gateway nor the database, starts on a thread of
     * its own while the gateway and then the webhook sender start on this one.
     */
    static Started start(
            LocalStackSettings config,
            GatewayArgs gatewayArgs,
            @Nullable LocalChain chain,
            KafkaBroker kafka,
            PostgresServer postgres,
            StartedParts parts,
            Deadline deadline,
            StartPhases phases) {
        var dataDir = config.dataDir();
        var streams = phases.timed(
                "billing-streams",
                () -> StreamsService.billingStreams(
                        kafka.bootstrapServers(), dataDir.resolve("streams"), gatewayArgs.publicUrl()));
        parts.add("billing-streams", Duration.ofSeconds(30), streams);

        // Settlement answers billing-streams' requests with commands billing-streams applies, so it runs inside
        // billing-streams' lifetime: started after it and closed before it, which lets the last results it
        // commits while closing still be applied before billing-streams stops.
        var settlement = phases.timed(
                "chain-indexer",
                () -> StreamsService.settlement(
                        kafka.bootstrapServers(),
                        dataDir.resolve("chain-indexer"),
                        chain == null ? null : chain.indexerSettings()));
        parts.add("chain-indexer", Duration.ofSeconds(30), settlement);

        // The scheduler's commands are applied by billing-streams (and its charges settled by chain-indexer), so it
        // runs inside their lifetime: started after them and closed first, so that what it commits while closing is
        // still applied.
        var scheduler = phases.timed(
                "renewal-scheduler",
                () -> StreamsService.scheduler(kafka.bootstrapServers(), dataDir.resolve("renewal-scheduler")));
        parts.add("renewal-scheduler", Duration.ofSeconds(30), scheduler);

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
            parts.add("api-gateway", Duration.ofSeconds(30), gateway);
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
            parts.add("webhook-sender", Duration.ofSeconds(30), webhooks);
            webhookHealth.watch(webhooks);
        } catch (RuntimeException e) {
            usdtStart.closeAfter(e);
            throw e;
        }
        var usdt = usdtStart.join();
        parts.add("usdt-verifier", Duration.ofSeconds(30), usdt);

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
        return new Started(baseUrl, "http://localhost:" + usdt.port(), webhooks);
    }
}
