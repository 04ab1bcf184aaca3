package io.abk.billing.localstack;

import io.abk.billing.localstack.chain.LocalChain;
import io.abk.billing.localstack.lifecycle.Deadline;
import io.abk.billing.localstack.processes.FleetEnvironment;
import io.abk.billing.localstack.processes.ServiceFleet;
import io.abk.billing.localstack.processes.ServiceJars;
import io.abk.billing.localstack.processes.ServiceKind;
import io.abk.billing.localstack.services.GatewayArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The services of a stack that runs each as its own process ({@code --processes}): the fleet of them, from the runnable
 * jars of this repository, and the JVM options each process gets.
 */
final class ServiceProcesses {

    private ServiceProcesses() {}

    /**
     * Every service of {@code kinds} (all of them but in some tests) as its own process ({@code --processes}),
     * {@code replicas} of each, from the runnable jars of this repository; returns once every process is ready.
     */
    static ServiceFleet start(
            LocalStackSettings config,
            GatewayArgs gatewayArgs,
            @Nullable LocalChain chain,
            Map<String, String> processEnvironment,
            Set<ServiceKind> kinds,
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
                kinds,
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
}
