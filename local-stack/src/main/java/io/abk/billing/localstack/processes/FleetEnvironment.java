package io.abk.billing.localstack.processes;

import io.abk.billing.localstack.services.GatewayArgs;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The environment each service process gets: what a deployment would set for it ({@code BILLING_*} variables the
 * service documents), pointing at the stack's broker, database, chain and data directory. Everything else in this
 * process's own environment (the {@code BILLING_WEBHOOKS_*} schedule, dunning, ...) is inherited as it is.
 *
 * @param gateway       the gateway settings; each gateway gets its own port and the stack's public URL
 * @param chainIndexer  {@code BILLING_CHAINS_TEST_*} of the local chain, or empty for the sandbox
 * @param stateRoot     the directory under which each stream process keeps its local state, one directory each
 * @param usdtKeys      the companion verifier's keys ({@code BILLING_USDT_KEYS}; empty: its development key)
 * @param overrides     variables every process gets last, over all of the above (a test's shorter timeouts)
 */
public record FleetEnvironment(
        GatewayArgs gateway,
        Map<String, String> chainIndexer,
        Path stateRoot,
        String usdtKeys,
        Map<String, String> overrides) {

    /**
     * Failover settings of the process mode: a killed webhook sender's deliveries move to another one after this
     * session timeout (the Streams services and the gateway's projector use 10 s by default).
     */
    static final String SENDER_SESSION_TIMEOUT = "10s";

    public FleetEnvironment {
        chainIndexer = Map.copyOf(chainIndexer);
        overrides = Map.copyOf(overrides);
    }

    /** The variables of the process {@code name} of {@code kind}, answering on {@code port}. */
    Map<String, String> forProcess(ServiceKind kind, String name, int port) {
        var env = new HashMap<String, String>();
        env.put("BILLING_SERVICE_NAME", kind.module());
        env.put("BILLING_KAFKA_BOOTSTRAP_SERVERS", gateway.kafkaBootstrapServers());
        switch (kind) {
            case BILLING_STREAMS -> {
                env.put("BILLING_MANAGEMENT_PORT", Integer.toString(port));
                env.put("BILLING_STREAMS_STATE_DIR", stateRoot.resolve(name).toString());
                env.put("BILLING_PUBLIC_URL", gateway.publicUrl());
            }
            case CHAIN_INDEXER -> {
                env.put("BILLING_MANAGEMENT_PORT", Integer.toString(port));
                env.put(
                        "BILLING_CHAIN_INDEXER_STATE_DIR",
                        stateRoot.resolve(name).toString());
                env.putAll(chainIndexer);
            }
            case RENEWAL_SCHEDULER -> {
                env.put("BILLING_MANAGEMENT_PORT", Integer.toString(port));
                env.put("BILLING_SCHEDULER_STATE_DIR", stateRoot.resolve(name).toString());
            }
            case API_GATEWAY -> {
                env.putAll(gateway.withHttpPort(port).toEnvironment());
                // Each process name is one replica's alone and kept when that replica is started again.
                env.put("BILLING_KAFKA_PROJECTOR_INSTANCE_ID", name);
            }
            case WEBHOOK_SENDER -> {
                env.put("BILLING_MANAGEMENT_PORT", Integer.toString(port));
                env.put("BILLING_JDBC_URL", gateway.jdbcUrl());
                env.put("BILLING_DB_USER", gateway.dbUser());
                env.put("BILLING_DB_PASSWORD", gateway.dbPassword());
                env.put(
                        "BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST",
                        Boolean.toString(gateway.webhooksAllowLoopbackInTest()));
                env.put("BILLING_KAFKA_SESSION_TIMEOUT", SENDER_SESSION_TIMEOUT);
                env.put("BILLING_USDT_WEBHOOK_MODE", "test");
                env.putAll(gateway.sealingEnvironment());
            }
            case USDT_VERIFIER -> {
                env.put("BILLING_USDT_HTTP_PORT", Integer.toString(port));
                env.put("BILLING_USDT_SANDBOX", "true");
                env.put("BILLING_USDT_KEYS", usdtKeys);
                env.put("BILLING_USDT_STATE_DIR", stateRoot.resolve(name).toString());
            }
        }
        env.putAll(overrides);
        return env;
    }
}
