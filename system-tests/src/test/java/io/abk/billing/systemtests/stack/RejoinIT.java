package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.abk.billing.localstack.processes.ServiceFleet;
import io.abk.billing.localstack.processes.ServiceKind;
import io.abk.billing.localstack.processes.ServiceProcess;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.LoggerFactory;

/**
 * Every service as processes, two of each ({@link ProcessStack}): a replica that stands still past its session (a
 * long GC pause, a frozen VM) rejoins without dying while the other replica carries its work, and a process that
 * exits by itself is started again by the stack's supervisor.
 */
@ExtendWith(ProcessStack.class)
@Order(ProcessStack.ORDER)
@Isolated
@ExtendWith(SharedStacksClosed.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RejoinIT {

    /**
     * The session timeout of the consumers of every service here: the Streams services' and the projector's (their
     * default) and the webhook sender's (FleetEnvironment gives it the same).
     */
    private static final Duration SESSION = Duration.ofSeconds(10);
    /** Twice the session: every paused member's session has expired before it wakes. */
    private static final Duration PAUSE = SESSION.multipliedBy(2);
    /** Answered operations before the pause and after the rejoin: a few over each partition. */
    private static final int STEP = 30;

    private static final int CONCURRENCY = 4;
    private static final Duration LIMIT = Duration.ofMinutes(3);

    @Test
    @Order(1)
    void shouldRejoinAndApplyEachCommandOnceWhenOneReplicaOfEachServiceStandsStillForTwiceItsSession(
            ProcessStack.Handle processes) throws Exception {
        // Protects against a replica that died after a pause: a Streams thread whose commit was refused with
        // InvalidTxnStateException shut its client down, and the process exited.
        var running = processes.running();
        var stack = running.stack();
        var fleet = running.fleet();
        var api = new Api(stack.info());
        var merchant = api.newMerchant("rejoin");
        var key = merchant.testKey();
        // The load leaves out a paused gateway, as a load balancer does once its health check fails.
        var standingStill = ConcurrentHashMap.<Integer>newKeySet();
        Supplier<List<String>> gateways = () -> fleet.gatewayUrls().stream()
                .filter(url -> !standingStill.contains(URI.create(url).getPort()))
                .toList();
        try (var groups = new ProcessGroups(stack.kafkaBootstrapServers(), running.stateRoot());
                var load = new ScaleOutLoad(gateways, key, ScaleOutLoad.newPaymentLink(api, key), "rj")) {
            load.start(CONCURRENCY);
            awaitAnswered(load, STEP);
            groups.awaitEveryMemberHasPartitions(ProcessStack.REPLICAS, LIMIT);
            var members = groups.memberCounts();

            // given one replica of every service standing still (SIGSTOP) for twice its session, all at once, while
            // the load goes on over the other replicas
            var paused = Arrays.stream(ServiceKind.values())
                    .map(kind -> firstLive(fleet, kind))
                    .toList();
            var pids = paused.stream().map(ServiceProcess::pid).toList();
            int answeredBefore = load.answered();
            long pausedAt = System.nanoTime();
            paused.stream()
                    .filter(process -> process.kind() == ServiceKind.API_GATEWAY)
                    .forEach(gateway -> standingStill.add(gateway.port()));
            paused.forEach(ServiceProcess::pause);
            try {
                // (the other replicas take the paused ones' partitions once their sessions expire, and serve on)
                try {
                    await().atMost(PAUSE.plus(LIMIT))
                            .until(() -> System.nanoTime() - pausedAt >= PAUSE.toNanos()
                                    && load.answered() >= answeredBefore + STEP / 3);
                } catch (ConditionTimeoutException stalled) {
                    throw new AssertionError(
                            "the replicas left running answered "
                                    + (load.answered() - answeredBefore) + " operations in "
                                    + Duration.ofNanos(System.nanoTime() - pausedAt)
                                            .toSeconds() + " s\n"
                                    + stateOf(fleet, load, paused),
                            stalled);
                }
            } finally {
                // when they run on
                paused.forEach(ServiceProcess::resume);
                standingStill.clear();
            }
            System.out.printf(
                    "rejoin: %s paused %d ms, %d operations answered meanwhile%n",
                    paused.stream().map(ServiceProcess::name).toList(),
                    Duration.ofNanos(System.nanoTime() - pausedAt).toMillis(),
                    load.answered() - answeredBefore);

            // then each is the same process, never restarted, back in its groups with partitions, and ready
            long resumedAt = System.nanoTime();
            assertThat(paused.stream().map(ServiceProcess::pid).toList()).isEqualTo(pids);
            for (var process : paused) {
                groups.awaitHoldsPartitions(process, members, LIMIT);
                fleet.awaitReady(process, LIMIT);
            }
            System.out.printf(
                    "rejoin: every paused replica holds partitions again %d ms after the resume%n",
                    Duration.ofNanos(System.nanoTime() - resumedAt).toMillis());
            assertThat(paused)
                    .allSatisfy(process -> assertThat(process.isAlive()).isTrue())
                    .allSatisfy(process -> assertThat(process.restarts()).isZero());
            assertThat(paused.stream().map(ServiceProcess::pid).toList()).isEqualTo(pids);

            // and every command sent meanwhile was applied exactly once
            awaitAnswered(load, load.answered() + STEP);
            load.close();
            var topics = new TopicLog(stack.kafkaBootstrapServers());
            AppliedOnce.assertEachCommandAppliedOnce(topics, merchant.id());
            AppliedOnce.assertEachAcceptedCreateMadeOneSubscription(api, key, load, load.outcomes());
        }
    }

    @Test
    @Order(2)
    void shouldStartAProcessAgainAndLogItsExitWhenItDiesByItself(ProcessStack.Handle processes) {
        // Protects against a stack that ran on without a service whose process had exited: nothing started it again.
        var fleet = processes.running().fleet();
        var victim = firstLive(fleet, ServiceKind.RENEWAL_SCHEDULER);
        long pid = victim.pid();
        var supervisorLog = (Logger) LoggerFactory.getLogger("io.abk.billing.localstack.processes.ProcessSupervisor");
        var logged = new ListAppender<ILoggingEvent>();
        logged.start();
        supervisorLog.addAppender(logged);
        try {
            var lastLine = victim.logTail(1);

            // when its process is killed from outside the stack (the OOM killer, an operator's kill -9)
            assertThat(ProcessHandle.of(pid).orElseThrow().destroyForcibly()).isTrue();

            // then the supervisor starts it again and it becomes ready
            await().atMost(LIMIT).until(() -> victim.restarts() == 1 && victim.isAlive());
            fleet.awaitReady(victim, LIMIT);
            assertThat(victim.pid()).isNotEqualTo(pid);
            // and the log says how it ended, with the end of its log
            assertThat(logged.list)
                    .map(ILoggingEvent::getFormattedMessage)
                    .anySatisfy(line -> assertThat(line)
                            .contains("event=process_exited name=" + victim.name() + " pid=" + pid)
                            .contains("status=137 (SIGKILL)")
                            .contains("action=restart")
                            .contains(lastLine));
        } finally {
            supervisorLog.detachAppender(logged);
        }
    }

    private static ServiceProcess firstLive(ServiceFleet fleet, ServiceKind kind) {
        return fleet.of(kind).stream()
                .filter(ServiceProcess::isAlive)
                .findFirst()
                .orElseThrow();
    }

    /**
     * What a stall looked like: the load's last answers and, for each process, whether it is paused, alive and
     * restarted, with its last log lines (the paused ones' say nothing new).
     */
    private static String stateOf(ServiceFleet fleet, ScaleOutLoad load, List<ServiceProcess> paused) {
        var state = new StringBuilder("last answers (operation number status):");
        var outcomes = load.outcomes();
        outcomes.subList(Math.max(0, outcomes.size() - 12), outcomes.size())
                .forEach(outcome -> state.append(' ')
                        .append(outcome.operation())
                        .append(outcome.number())
                        .append('=')
                        .append(outcome.status()));
        for (var process : fleet.processes()) {
            state.append("\n")
                    .append(process.name())
                    .append(paused.contains(process) ? " paused" : "")
                    .append(process.isAlive() ? " alive" : " dead")
                    .append(" restarts=")
                    .append(process.restarts());
            if (!paused.contains(process)) {
                process.logTail(3)
                        .lines()
                        .forEach(line -> state.append("\n    ").append(line, 0, Math.min(line.length(), 200)));
            }
        }
        return state.toString();
    }

    private static void awaitAnswered(ScaleOutLoad load, int count) {
        await().atMost(LIMIT).until(() -> load.answered() >= count);
    }
}
