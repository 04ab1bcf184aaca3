package io.abk.billing.localstack.services;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@code streamsApps} in the in-process gateway's health: UP once the Kafka Streams apps of the command path running
 * in the stack's JVM (billing-streams, chain-indexer) are ready, each RUNNING with its active tasks' stores restored.
 * As processes each answers this on its own {@code /ready}; inside the stack, the gateway's health, which the stack
 * waits for and reports, carries it. Their consumer groups being stable (components {@code billingStreams},
 * {@code settlement}) is not enough: a group is stable while its members still restore their stores after a crash,
 * and a command sent then waits for the restoration.
 */
public final class StreamsAppsHealth implements HealthIndicator {

    /** The bean name: Spring names the component after it, without the suffix. */
    static final String BEAN_NAME = "streamsAppsHealthIndicator";

    private final Map<String, StreamsService> apps;

    /** @param apps the apps by name */
    public StreamsAppsHealth(Map<String, StreamsService> apps) {
        this.apps = Map.copyOf(apps);
    }

    @Override
    public Health health() {
        var up = true;
        var details = new LinkedHashMap<String, Object>();
        for (var entry : new TreeMap<>(apps).entrySet()) {
            var readiness = entry.getValue().readiness();
            up &= readiness.up();
            details.put(entry.getKey(), readiness.details());
        }
        return (up ? Health.up() : Health.down()).withDetails(details).build();
    }
}
