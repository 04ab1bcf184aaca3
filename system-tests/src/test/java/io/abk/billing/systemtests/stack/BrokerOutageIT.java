package io.abk.billing.systemtests.stack;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The broker stopped for a few seconds under a create and charge load and started again on the same log directory and
 * port: the gateway answers 503 with Retry-After meanwhile (none hangs), and afterwards every request retried with its
 * Idempotency-Key is done exactly once. It runs its own stack (not the shared one), alone ({@code @Isolated}): its
 * bounds on the answers' times hold on a machine that runs nothing else.
 */
@Isolated
@ExtendWith(SharedStacksClosed.class)
class BrokerOutageIT {

    @TempDir
    Path dataDir;

    @Test
    void shouldAnswerEveryRequestAndLoseOrRepeatNothingWhenTheBrokerStopsAndStartsAgainUnderLoad() {
        try (var stack = LocalStack.start(LocalStackSettings.forTest(dataDir, SharedStack.PARTITIONS))) {
            OutageCheck.rideOut(stack, "broker-outage", new OutageCheck.Fault() {
                @Override
                public void stop() {
                    stack.kafka().stop();
                }

                @Override
                public void restart() {
                    stack.kafka().restart(Duration.ofSeconds(60));
                }
            });
        }
    }
}
