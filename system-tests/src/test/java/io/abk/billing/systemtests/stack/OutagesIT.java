package io.abk.billing.systemtests.stack;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The broker and PostgreSQL, each stopped for a few seconds under a create and charge load and started again on the
 * same directory and port: the gateway answers 503 with Retry-After meanwhile (none hangs), and afterwards every
 * request retried with its Idempotency-Key is done exactly once ({@link OutageCheck}). The PostgreSQL outage also
 * guards against the webhook sender's fan-out stopping for good when PostgreSQL drops its connection mid-batch.
 *
 * <p>Each outage has a stack of its own (not the shared one), and the two run side by side, apart from every other
 * class ({@code @Isolated}): their bounds on the answers' times hold on a machine that runs nothing else, and a stack
 * waiting out its outage uses a fraction of a core. (JUnit runs the methods of an isolated class one after another, so
 * one method runs both.)
 */
@Isolated
@ExtendWith(SharedStacksClosed.class)
class OutagesIT {

    @TempDir
    Path dataDir;

    @Test
    void shouldAnswerEveryRequestAndLoseOrRepeatNothingWhenTheBrokerOrPostgresStopsAndStartsAgainUnderLoad()
            throws Throwable {
        List<Future<?>> outages;
        try (var threads = Executors.newFixedThreadPool(2)) {
            outages = List.of(
                    threads.submit(() -> rideOut("broker-outage", stack -> new OutageCheck.Fault() {
                        @Override
                        public void stop() {
                            stack.kafka().stop();
                        }

                        @Override
                        public void restart() {
                            stack.kafka().restart(Duration.ofSeconds(60));
                        }
                    })),
                    threads.submit(() -> rideOut("postgres-outage", stack -> new OutageCheck.Fault() {
                        @Override
                        public void stop() {
                            stack.postgres().stop();
                        }

                        @Override
                        public void restart() {
                            stack.postgres().restart();
                        }
                    })));
        }
        // Both ran to their end (closing the threads waits for them): each failure is reported, the second suppressed.
        var failures = outages.stream()
                .filter(outage -> outage.state() == Future.State.FAILED)
                .map(Future::exceptionNow)
                .toList();
        if (!failures.isEmpty()) {
            var first = failures.getFirst();
            failures.stream().skip(1).forEach(first::addSuppressed);
            throw first;
        }
    }

    /** One outage on a stack of its own in {@code <dataDir>/<name>}. */
    private void rideOut(String name, Function<LocalStack, OutageCheck.Fault> fault) {
        var config = LocalStackSettings.forTest(dataDir.resolve(name), SharedStack.PARTITIONS);
        try (var stack = LocalStack.start(config)) {
            OutageCheck.rideOut(stack, name, fault.apply(stack));
        }
    }
}
