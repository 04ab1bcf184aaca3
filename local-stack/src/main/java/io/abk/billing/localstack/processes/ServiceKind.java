package io.abk.billing.localstack.processes;

/**
 * The services that run as processes, in start order: the stream services first (the gateway's health waits for
 * billing-streams and settlement), then the gateways, then the webhook senders (which read the database the gateways
 * migrate), then the companion USDT verifier. Each is its module's runnable jar; {@code readyPath} answers 200 once the process does its work.
 */
public enum ServiceKind {
    BILLING_STREAMS("billing-streams", Endpoints.MANAGEMENT_SERVER),
    CHAIN_INDEXER("chain-indexer", Endpoints.MANAGEMENT_SERVER),
    RENEWAL_SCHEDULER("renewal-scheduler", Endpoints.MANAGEMENT_SERVER),
    API_GATEWAY("api-gateway", Endpoints.ACTUATOR),
    WEBHOOK_SENDER("webhook-sender", Endpoints.MANAGEMENT_SERVER),
    USDT_VERIFIER("usdt-verifier", Endpoints.ACTUATOR);

    /**
     * Where a process answers readiness and metrics: ops-kit's management server on its management port, or Spring
     * Boot's actuator on the API port of a Spring Boot web service.
     */
    private record Endpoints(String readyPath, String metricsPath) {
        static final Endpoints MANAGEMENT_SERVER = new Endpoints("/ready", "/metrics");
        static final Endpoints ACTUATOR = new Endpoints("/actuator/health", "/actuator/prometheus");
    }

    private final String module;
    private final Endpoints endpoints;

    ServiceKind(String module, Endpoints endpoints) {
        this.module = module;
        this.endpoints = endpoints;
    }

    /** Where its Prometheus metrics are: its management port, or the API port of a Spring Boot web service. */
    public String metricsPath() {
        return endpoints.metricsPath();
    }

    /** The module and service name, also the prefix of its processes' names ({@code billing-streams-2}). */
    public String module() {
        return module;
    }

    public String readyPath() {
        return endpoints.readyPath();
    }
}
