package io.abk.billing.localstack.processes;

/**
 * The services that run as processes, in start order: the stream services first (the gateway's health waits for
 * billing-streams and settlement), then the gateways, then the webhook senders (which read the database the gateways
 * migrate), then the companion USDT verifier. Each is its module's runnable jar; {@code readyPath} answers 200 once the process does its work.
 */
public enum ServiceKind {
    BILLING_STREAMS("billing-streams", "/ready", "/metrics"),
    CHAIN_INDEXER("chain-indexer", "/ready", "/metrics"),
    RENEWAL_SCHEDULER("renewal-scheduler", "/ready", "/metrics"),
    API_GATEWAY("api-gateway", "/actuator/health", "/actuator/prometheus"),
    WEBHOOK_SENDER("webhook-sender", "/ready", "/metrics"),
    USDT_VERIFIER("usdt-verifier", "/actuator/health", "/actuator/prometheus");

    private final String module;
    private final String readyPath;
    private final String metricsPath;

    ServiceKind(String module, String readyPath, String metricsPath) {
        this.module = module;
        this.readyPath = readyPath;
        this.metricsPath = metricsPath;
    }

    /** Where its Prometheus metrics are: its management port, or the API port of a Spring Boot web service. */
    public String metricsPath() {
        return metricsPath;
    }

    /** The module and service name, also the prefix of its processes' names ({@code billing-streams-2}). */
    public String module() {
        return module;
    }

    public String readyPath() {
        return readyPath;
    }
}
