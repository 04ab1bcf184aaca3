package io.abk.billing.systemtests.stack;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * PostgreSQL stopped for a few seconds under a create and charge load and started again on the same data directory and
 * port: the gateway answers 503 with Retry-After meanwhile (none hangs), and afterwards every request retried with its
 * Idempotency-Key is done exactly once. It runs its own stack (not the shared one), alone ({@code @Isolated}): its
 * bounds on the answers' times hold on a machine that runs nothing else.
 * Guards against the webhook sender's fan-out stopping for good when PostgreSQL drops its connection mid-batch.
 */
@Isolated
@ExtendWith(SharedStacksClosed.class)
class PostgresOutageIT {

    @TempDir
    Path dataDir;

    @Test
    void shouldAnswerEveryRequestAndLoseOrRepeatNothingWhenPostgresStopsAndStartsAgainUnderLoad() {
        try (var stack = LocalStack.start(LocalStackSettings.forTest(dataDir, SharedStack.PARTITIONS))) {
            OutageCheck.rideOut(stack, "postgres-outage", new OutageCheck.Fault() {
                @Override
                public void stop() {
                    stack.postgres().stop();
                }

                @Override
                public void restart() {
                    stack.postgres().restart();
                }
            });
        }
    }
}
