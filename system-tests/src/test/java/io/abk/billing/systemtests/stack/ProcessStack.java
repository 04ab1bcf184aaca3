package io.abk.billing.systemtests.stack;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import io.abk.billing.localstack.processes.ServiceFleet;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The one stack with every service as OS processes (two of each, six partitions per topic) that the process-mode
 * system tests share: {@link RejoinIT} first, then {@link ScaleOutIT}, which closes it. Both run alone
 * ({@code @Isolated}: after every class that runs beside others) with the shared stacks closed
 * ({@link SharedStacksClosed}), so no other stack runs beside its processes. A whole process stack takes a minute or two to start on a
 * 2-core machine. Test methods get a {@link Handle} as a parameter; the stack
 * starts on first use, and its processes' logs are kept for {@link LogSecretsIT} when it closes.
 */
public final class ProcessStack implements ParameterResolver {

    /** The order of {@link RejoinIT} among the classes that run alone; {@link ScaleOutIT} runs right after it. */
    public static final int ORDER = Order.DEFAULT - 2;

    static final int PARTITIONS = 6;
    static final int REPLICAS = 2;

    private static final Namespace NAMESPACE = Namespace.create(ProcessStack.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Handle.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return new Handle(context.getRoot().getStore(NAMESPACE));
    }

    /** The shared stack, started on first use, and its close. */
    public record Handle(ExtensionContext.Store store) {

        Running running() {
            return store.computeIfAbsent(Running.class, type -> Running.start(), Running.class);
        }

        /** Closes the stack now if it runs, so that the classes after the last user never run beside it. */
        void closeIfRunning() {
            var running = store.remove(Running.class, Running.class);
            if (running != null) {
                running.close();
            }
        }
    }

    /** The started stack, closed by JUnit at the end of the run (if no user closed it) as it is AutoCloseable. */
    record Running(LocalStack stack, Path dataDir) implements AutoCloseable {

        static Running start() {
            var dataDir = TempDirs.create("billing-process-tests-");
            var stack = LocalStack.start(
                    LocalStackSettings.forTest(dataDir, PARTITIONS).withProcesses(REPLICAS));
            System.out.printf(
                    "process stack: %d processes ready in %d ms%n",
                    stack.processes().orElseThrow().processes().size(),
                    stack.startDuration().toMillis());
            return new Running(stack, dataDir);
        }

        ServiceFleet fleet() {
            return stack.processes().orElseThrow();
        }

        /** Where each Streams process keeps its state (and its group instance id): {@code <this>/<process name>}. */
        Path stateRoot() {
            return dataDir.resolve("processes");
        }

        @Override
        public void close() {
            stack.close();
            try {
                // The processes' logs outlive the data directory for LogSecretsIT (and for a reader of a failed run).
                LogSecretsIT.keepProcessLogs(dataDir.resolve("logs"), "processes-");
            } catch (IOException e) {
                System.err.println("could not keep the process logs of " + dataDir + ": " + e);
            }
            TempDirs.deleteQuietly(dataDir);
        }
    }
}
