package io.abk.billing.bench.scenario;

import io.abk.billing.bench.api.BenchMerchant;
import io.abk.billing.bench.api.StackApi;
import io.abk.billing.bench.events.Quiescence;
import io.abk.billing.bench.events.ReadModelLag;
import io.abk.billing.bench.load.ClosedLoopLoad;
import io.abk.billing.bench.probe.StackProbe;
import io.abk.billing.bench.probe.Usage;
import io.abk.billing.bench.probe.UsageSampler;
import io.abk.billing.bench.recovery.StackProcess;
import io.abk.billing.bench.report.Row;
import io.abk.billing.bench.report.Section;
import io.abk.billing.bench.seed.SubscriptionSeeder;
import io.abk.billing.bench.workload.CreateSubscriptionWorkload;
import io.abk.billing.localstack.lifecycle.FreePorts;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stack as a child process (its runnable jar): a cold start on a new data directory ({@link #coldStart}), then
 * N active subscriptions set up fast, SIGKILL once the command path is at rest, and a restart on the same directory
 * ({@link #killAndRestart}). Each start is timed from the process's spawn to {@code /actuator/health} UP, to the
 * ready banner, and to the first {@code POST /v1/subscriptions} answered 201 (sent once health is UP, repeated until
 * one is). The row is the creates right after the restart; the notes hold the times and what was found again.
 */
public final class Recovery {

    public static final String NAME = "recovery";
    /** The stack's own start deadline is 3 minutes; a restart restoring 1,000,000 subscriptions' stores takes longer. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(10);
    /** How long the burst before the kill may take to be applied (about 50 s for 100,000 on 2 busy cores). */
    private static final Duration BURST_APPLIED_WITHIN = Duration.ofMinutes(6);
    /** Seeded subscriptions read back after the restart. */
    private static final int SAMPLE = 20;

    private static final SecureRandom RANDOM = new SecureRandom();
    /** The local stack's PostgreSQL user and password (its fixed development credentials). */
    private static final String DB_USER = "billing";

    private static final String DB_PASSWORD = "billing";

    /**
     * The three moments of one start, each from the process's spawn, how far behind the gateway's projector was when
     * health turned UP, and the answer to the first create sent then ({@code 201}, or what came instead).
     */
    public record Start(
            Duration healthy, long projectorBehind, Duration banner, Duration firstCreate, String answerOnceHealthy) {

        public String line() {
            return String.format(
                    Locale.ROOT,
                    "health UP after %.1f s (the gateway's projector then %d changes behind), the first create sent"
                            + " once health was UP answered %s, ready banner after %.1f s, first create answered 201"
                            + " after %.1f s",
                    healthy.toNanos() / 1e9,
                    projectorBehind,
                    answerOnceHealthy,
                    banner.toNanos() / 1e9,
                    firstCreate.toNanos() / 1e9);
        }
    }

    /** When a create answered 201, and what the first one sent answered. */
    private record FirstCreate(long answeredNanos, String firstAnswer) {}

    /** A stack started by {@link #coldStart}: its process, how the start went, and where to reach it. */
    public record Cold(StackProcess stack, Start start, Target target) implements AutoCloseable {

        @Override
        public void close() {
            stack.close();
        }
    }

    private Recovery() {}

    /** Starts the jar on a new data directory and times the start. */
    public static Cold coldStart(Path jar, Path dataDir, Path log, int partitions, AtomicLong sequence) {
        var setup = new StackProcess.Setup(
                jar,
                dataDir,
                FreePorts.pick(),
                FreePorts.pick(),
                FreePorts.pick(),
                partitions,
                secret("", 40),
                secret("abk_test_", 40),
                log);
        System.out.printf("bench: cold start of %s as a child process (log %s) ...%n", jar.getFileName(), log);
        var stack = StackProcess.start(setup);
        try {
            var start = timeStart(stack, setup, sequence);
            var target = new Target(
                    setup.baseUrl(),
                    setup.testKey(),
                    setup.bootstrap(),
                    setup.jdbcUrl(),
                    DB_USER,
                    DB_PASSWORD,
                    setup.adminToken(),
                    StackProbe.child(stack.handle(), dataDir),
                    partitions);
            return new Cold(stack, start, target);
        } catch (RuntimeException e) {
            stack.close();
            throw e;
        }
    }

    /**
     * Sets up {@code subscriptions} active subscriptions on the cold-started stack, then (with a {@code burst}) that
     * many more created at once, kills it and restarts it on the same data directory; the restarted stack is ended
     * before this returns.
     *
     * @param usedBefore whether other scenarios ran on the stack before (it then holds more than the subscriptions)
     * @param burst creates produced straight onto the command topic right before the kill, once billing-streams has
     *     applied them and while the gateway's projector is still behind (0: none): the restart then starts with a
     *     read model to catch up with, as after a crash under load
     */
    public static Section killAndRestart(
            Cold cold,
            boolean usedBefore,
            int subscriptions,
            int burst,
            Duration duration,
            int clients,
            AtomicLong sequence) {
        var setup = cold.stack().setup();
        var notes = new ArrayList<String>();
        notes.add("cold start (new data directory): " + cold.start().line());
        if (usedBefore) {
            notes.add(
                    "the other scenarios ran on this stack first (--stack process): it also held what they made when killed");
        }
        Optional<ProcessHandle> orphan = Optional.empty();
        try {
            System.out.printf("bench: recovery: setting up %d active subscriptions ...%n", subscriptions);
            BenchMerchant merchant;
            try (var api = new StackApi(setup.baseUrl())) {
                merchant = BenchMerchant.create(api, setup.adminToken(), NAME);
            }
            var seeded = SubscriptionSeeder.seed(
                    setup.bootstrap(),
                    merchant,
                    Instant.now().truncatedTo(ChronoUnit.MILLIS),
                    subscriptions,
                    Renewals.deadlineFor(subscriptions));
            boolean quiet = Quiescence.await(setup.bootstrap(), Duration.ofMinutes(2));
            notes.add(String.format(
                    Locale.ROOT,
                    "%d active subscriptions set up in %.1f s (commands produced onto billing.subscription-commands)",
                    subscriptions,
                    seeded.took().toNanos() / 1e9));
            if (burst > 0) {
                quiet = burst(setup, merchant, burst, notes);
            }
            System.out.println("bench: recovery: SIGKILL, then a restart on the same data directory ...");
            orphan = cold.stack().kill();
            notes.add(
                    quiet
                            ? "then SIGKILL with the command path at rest"
                            : "then SIGKILL (the command path was still busy)");
            try (var restarted = StackProcess.start(setup);
                    var api = new StackApi(setup.baseUrl())) {
                var restartUsage = UsageSampler.start(StackProbe.child(restarted.handle(), setup.dataDir()));
                var start = timeStart(restarted, setup, sequence);
                Usage usage = restartUsage.stop();
                notes.add("restart after SIGKILL with " + (subscriptions + burst) + " subscriptions: " + start.line()
                        + "; meanwhile " + usage.cpuText() + " CPU cores, " + usage.jvmRssText() + " MiB JVM RSS");
                notes.add(foundAgain(api, merchant, seeded));
                var probe = StackProbe.child(restarted.handle(), setup.dataDir());
                Row row;
                try (var workload = new CreateSubscriptionWorkload(URI.create(setup.baseUrl()), setup.testKey())) {
                    row = Phases.measured(
                            NAME,
                            probe,
                            () -> ClosedLoopLoad.run(workload, clients, Duration.ZERO, duration, sequence));
                }
                notes.add("the row: creates from the first one answered after the restart, closed loop, "
                        + duration.toSeconds()
                        + " s measured at once (no ramp: the restarted JVM is what is measured)");
                return new Section(NAME, List.of(row), notes);
            }
        } finally {
            // A restart stops the killed stack's PostgreSQL; if none came, it would hold the data directory forever.
            orphan.filter(ProcessHandle::isAlive).ifPresent(ProcessHandle::destroy);
        }
    }

    /**
     * Produces {@code count} creates at once and returns, once billing-streams has applied them all, whether the
     * command path is at rest; notes how far behind the gateway's projector is then.
     */
    private static boolean burst(StackProcess.Setup setup, BenchMerchant merchant, int count, List<String> notes) {
        System.out.printf("bench: recovery: a burst of %d creates before the kill ...%n", count);
        long started = System.nanoTime();
        SubscriptionSeeder.produceCreates(
                setup.bootstrap(), merchant, Instant.now().truncatedTo(ChronoUnit.MILLIS), count);
        long produced = System.nanoTime();
        // Killing the stack before the burst is applied would measure a restart that also catches up the command path.
        boolean quiet = Quiescence.await(setup.bootstrap(), BURST_APPLIED_WITHIN);
        long behind = ReadModelLag.changesBehind(setup.bootstrap(), setup.jdbcUrl(), DB_USER, DB_PASSWORD);
        notes.add(String.format(
                Locale.ROOT,
                "then %d creates produced straight onto billing.subscription-commands in %.1f s, applied by"
                        + " billing-streams %.1f s later; at the kill the gateway's projector was %d changes behind",
                count,
                (produced - started) / 1e9,
                (System.nanoTime() - produced) / 1e9,
                behind));
        return quiet;
    }

    private static Start timeStart(StackProcess stack, StackProcess.Setup setup, AtomicLong sequence) {
        long healthy = stack.awaitHealthy(START_TIMEOUT);
        // Before the create: what it would wait behind. Nothing else writes changes while the stack starts.
        long behind = ReadModelLag.changesBehind(setup.bootstrap(), setup.jdbcUrl(), DB_USER, DB_PASSWORD);
        var created = firstCreate(stack, setup, sequence);
        long banner = stack.awaitBanner(START_TIMEOUT);
        long spawned = stack.startedNanos();
        return new Start(
                Duration.ofNanos(healthy - spawned),
                behind,
                Duration.ofNanos(banner - spawned),
                Duration.ofNanos(created.answeredNanos() - spawned),
                created.firstAnswer());
    }

    /**
     * Sends creates, the first at once, until one answers 201; returns when it did, with what the first one answered:
     * a stack that says it is healthy must take a create at once, never answer it 503.
     */
    private static FirstCreate firstCreate(StackProcess stack, StackProcess.Setup setup, AtomicLong sequence) {
        long until = System.nanoTime() + START_TIMEOUT.toNanos();
        String firstAnswer = null;
        try (var workload = new CreateSubscriptionWorkload(URI.create(setup.baseUrl()), setup.testKey())) {
            while (true) {
                stack.requireAlive();
                try {
                    workload.execute(sequence.getAndIncrement()).join();
                    return new FirstCreate(System.nanoTime(), firstAnswer == null ? "201" : firstAnswer);
                } catch (CompletionException e) {
                    if (firstAnswer == null) {
                        // The workload's failure names the status ("status 503"), or what broke the exchange.
                        var cause = e.getCause();
                        firstAnswer = cause == null ? e.toString() : String.valueOf(cause.getMessage());
                    }
                    if (System.nanoTime() > until) {
                        throw new IllegalStateException(
                                "no create answered 201 within " + START_TIMEOUT.toSeconds() + " s of health UP", e);
                    }
                }
            }
        }
    }

    /** Reads a sample of the seeded subscriptions back, and cancels one: only its restored aggregate can accept that. */
    private static String foundAgain(StackApi api, BenchMerchant merchant, SubscriptionSeeder.Seeded seeded) {
        var ids = new ArrayList<>(seeded.subscriptionIds())
                .subList(0, Math.min(SAMPLE, seeded.subscriptionIds().size()));
        long active = ids.stream()
                .filter(id -> {
                    var reply = api.get("/v1/subscriptions/" + id, merchant.testKey());
                    return reply.status() == 200
                            && "active".equals(reply.expect(200).path("status").asString());
                })
                .count();
        var cancel = api.post(
                "/v1/subscriptions/" + ids.getFirst() + "/cancel", merchant.testKey(), Map.of("immediate", true));
        boolean canceled = cancel.status() == 200
                && "canceled"
                        .equals(cancel.expect(200)
                                .path("subscription")
                                .path("status")
                                .asString());
        return String.format(
                Locale.ROOT,
                "after the restart: %d of %d sampled subscriptions read back active; one canceled"
                        + " (its aggregate was restored): %s",
                active,
                ids.size(),
                canceled ? "yes" : "NO (" + cancel.status() + ": " + cancel.body() + ")");
    }

    private static String secret(String prefix, int length) {
        var alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        var out = new StringBuilder(prefix);
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return out.toString();
    }
}
