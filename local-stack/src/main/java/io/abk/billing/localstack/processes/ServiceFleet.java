package io.abk.billing.localstack.processes;

import io.abk.billing.localstack.lifecycle.Deadline;
import io.abk.billing.localstack.lifecycle.FreePorts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every service of the stack as OS processes: {@code replicas} of each (the gateways on consecutive ports from the
 * first one), started together and ready once each gateway's health is UP and every other process answers its
 * readiness route. It supervises them ({@link ProcessSupervisor}): a process that was ready and then exits by itself
 * is started again with backoff, its exit status and the tail of its log logged, while the rest of the stack runs
 * on. Processes can be killed (then they stay down) and added while it runs (the scale-out tests do), and closing
 * stops them in the reverse order of their kinds (webhook senders first, billing-streams last), each with SIGTERM
 * and, after a bounded wait, SIGKILL.
 */
public final class ServiceFleet implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ServiceFleet.class);
    private static final Duration POLL = Duration.ofMillis(250);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration STOP_PATIENCE = Duration.ofSeconds(30);

    private final ServiceJars jars;
    private final FleetEnvironment environment;
    private final List<String> javaOptions;
    private final Path logDir;
    private final Map<ServiceKind, Integer> firstPorts;
    private final List<ServiceProcess> processes = new CopyOnWriteArrayList<>();
    private final ProcessSupervisor supervisor = new ProcessSupervisor();
    private final EnumMap<ServiceKind, Integer> started = new EnumMap<>(ServiceKind.class);
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();

    private ServiceFleet(
            ServiceJars jars,
            FleetEnvironment environment,
            List<String> javaOptions,
            Path logDir,
            Map<ServiceKind, Integer> firstPorts) {
        this.jars = jars;
        this.environment = environment;
        this.javaOptions = List.copyOf(javaOptions);
        this.logDir = logDir;
        this.firstPorts = Map.copyOf(firstPorts);
    }

    /**
     * Starts {@code replicas} processes of each service of {@code kinds} and returns once all are ready.
     *
     * @param firstPorts the first port of the services that serve an API (the gateway, the USDT verifier; the next
     *                   replicas follow it); 0 or absent gives each process a free port
     * @throws IllegalStateException naming the process that stopped or did not become ready, with its log's tail
     */
    public static ServiceFleet start(
            ServiceJars jars,
            FleetEnvironment environment,
            List<String> javaOptions,
            Path logDir,
            int replicas,
            Set<ServiceKind> kinds,
            Map<ServiceKind, Integer> firstPorts,
            Deadline deadline) {
        var fleet = new ServiceFleet(jars, environment, javaOptions, logDir, firstPorts);
        try {
            var all = new ArrayList<ServiceProcess>();
            for (var kind : ServiceKind.values()) {
                if (!kinds.contains(kind)) {
                    continue;
                }
                for (int i = 0; i < replicas; i++) {
                    all.add(fleet.launch(kind));
                }
            }
            for (var process : all) {
                fleet.awaitReady(process, deadline.remaining());
            }
            return fleet;
        } catch (RuntimeException e) {
            fleet.close();
            throw e;
        }
    }

    /** Every replica started and not removed, in start order (killed ones included until {@link #remove}). */
    public List<ServiceProcess> processes() {
        return List.copyOf(processes);
    }

    public List<ServiceProcess> of(ServiceKind kind) {
        return processes.stream().filter(process -> process.kind() == kind).toList();
    }

    /** The base URL of each live gateway, in start order. */
    public List<String> gatewayUrls() {
        return of(ServiceKind.API_GATEWAY).stream()
                .filter(ServiceProcess::isAlive)
                .map(gateway -> "http://localhost:" + gateway.port())
                .toList();
    }

    /** Starts one more process of {@code kind} and returns once it is ready. */
    public ServiceProcess add(ServiceKind kind, Duration timeout) {
        return addAll(List.of(kind), timeout).getFirst();
    }

    /** Starts one more process of each of {@code kinds} together and returns once all are ready. */
    public List<ServiceProcess> addAll(List<ServiceKind> kinds, Duration timeout) {
        var deadline = Deadline.in(timeout);
        var added = kinds.stream().map(this::launch).toList();
        added.forEach(process -> awaitReady(process, deadline.remaining()));
        return added;
    }

    /** Forgets a process that was killed or stopped (it no longer counts among the live ones). */
    public void remove(ServiceProcess process) {
        process.stop(STOP_PATIENCE);
        processes.remove(process);
    }

    /**
     * Waits until {@code process} is ready; from then on it is supervised. A process that was ready before may be down
     * meanwhile, waiting for its restart: that is waited for too.
     *
     * @throws IllegalStateException when it exits before it was ever ready, or the timeout passes, with the tail of
     *     its log
     */
    public void awaitReady(ServiceProcess process, Duration timeout) {
        var request = HttpRequest.newBuilder(
                        URI.create(process.baseUrl() + process.kind().readyPath()))
                .timeout(REQUEST_TIMEOUT)
                .GET()
                .build();
        var ready = Deadline.in(timeout).poll(POLL, () -> {
            if (!process.isAlive() && !supervisor.supervises(process)) {
                throw new IllegalStateException(process.name() + " exited with status " + process.exitStatus()
                        + " before it was ready; the end of " + process.log() + ":\n" + process.logTail(30));
            }
            try {
                var response = http.send(request, HttpResponse.BodyHandlers.ofString());
                return response.statusCode() == 200 ? Optional.of(true) : Optional.empty();
            } catch (java.io.IOException notYet) {
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + process.name(), e);
            }
        });
        if (ready.isEmpty()) {
            throw new IllegalStateException(process.name() + " was not ready within " + timeout.toSeconds()
                    + " s; the end of " + process.log() + ":\n" + process.logTail(30));
        }
        supervisor.supervise(process);
        log.info("event=process_ready name={} pid={} port={}", process.name(), process.pid(), process.port());
    }

    private synchronized ServiceProcess launch(ServiceKind kind) {
        int number = started.merge(kind, 1, Integer::sum);
        var name = kind.module() + "-" + number;
        int first = firstPorts.getOrDefault(kind, 0);
        int port = first > 0 ? first + number - 1 : FreePorts.pick();
        var process = ServiceProcess.start(
                kind,
                port,
                ProcessLaunch.of(
                        name,
                        Objects.requireNonNull(jars.jars().get(kind), kind + " has no jar"),
                        javaOptions,
                        environment.forProcess(kind, name, port),
                        logDir));
        processes.add(process);
        return process;
    }

    @Override
    public void close() {
        supervisor.close();
        var kinds = ServiceKind.values();
        for (int k = kinds.length - 1; k >= 0; k--) {
            var kind = kinds[k];
            // One kind at a time, its processes together: what a kind commits while it stops is still applied by the
            // kinds after it (the scheduler's commands by billing-streams, say). A replica down between two of its
            // processes is stopped too: its restart may be under way.
            var stopping = of(kind).stream()
                    .map(process ->
                            Thread.ofPlatform().name("stop-" + process.name()).start(() -> process.stop(STOP_PATIENCE)))
                    .toList();
            for (var thread : stopping) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        http.close();
        log.info("event=processes_stopped count={}", processes.size());
    }
}
