package io.abk.billing.localstack.processes;

/**
 * The services that run as processes, in start order: the stream services first (the gateway's health waits for
 * billing-streams and settlement), then the gateways, then the webhook senders (which read the database the gateways
 * migrate). Each is its module's runnable jar; {@code readyPath} answers 200 once the process does its work.
 */
public enum ServiceKind {
    BILLING_STREAMS("billing-streams", "/ready"),
    CHAIN_INDEXER("chain-indexer", "/ready"),
    RENEWAL_SCHEDULER("renewal-scheduler", "/ready"),
    API_GATEWAY("api-gateway", "/actuator/health"),
    WEBHOOK_SENDER("webhook-sender", "/ready");

    private final String module;
    private final String readyPath;

    ServiceKind(String module, String readyPath) {
        this.module = module;
        this.readyPath = readyPath;
    }

    /** The module and service name, also the prefix of its processes' names ({@code billing-streams-2}). */
    public String module() {
        return module;
    }

    public String readyPath() {
        return readyPath;
    }
}
