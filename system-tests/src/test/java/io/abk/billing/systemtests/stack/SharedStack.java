package io.abk.billing.systemtests.stack;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The one {@link LocalStack} that every system test class of this JVM shares, started on first use and closed
 * (its data directory deleted) when the whole test run ends, through JUnit's root store. A whole stack takes
 * 15-40 s to start on a 2-core machine, so one start serves them all; each class keeps its data apart by
 * creating its own merchants. Test classes get an {@link Api} for it as a parameter (of {@code @BeforeAll}).
 */
public final class SharedStack implements ParameterResolver {

    /**
     * The {@link Order} of the classes that share the stack: after every class without one ({@link Order#DEFAULT}),
     * such as those that start a stack of their own (classes are ordered by {@code junit-platform.properties}). They
     * run two at a time (system-tests' failsafe configuration), beside those others ({@code @Execution(SAME_THREAD)}),
     * which run one after another.
     */
    public static final int ORDER = Order.DEFAULT + 1;
    /** Partitions of each topic: more than one, so per-key ordering and cross-partition reads are both exercised. */
    static final int PARTITIONS = 3;

    private static final Namespace NAMESPACE = Namespace.create(SharedStack.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        var type = parameter.getParameter().getType();
        return type == Api.class || type == LocalStack.class;
    }

    /**
     * An {@link Api} of the shared stack, or the {@link LocalStack} itself for a class that runs alone
     * ({@code @Isolated}) and reaches inside it.
     */
    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        var running = context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent(Running.class, type -> Running.start(), Running.class);
        return parameter.getParameter().getType() == LocalStack.class ? running.stack() : running.api();
    }

    /**
     * Closes the shared stack now if this run started it, so that a class that runs alone after every sharing class
     * ({@link ProcessStack}) never runs beside it; a sharing class after that would start it again.
     */
    static void closeIfRunning(ExtensionContext context) {
        var running = context.getRoot().getStore(NAMESPACE).remove(Running.class, Running.class);
        if (running != null) {
            running.close();
        }
    }

    /** The started stack, closed by JUnit at the end of the run because it is {@link AutoCloseable}. */
    record Running(LocalStack stack, Api api) implements AutoCloseable {

        static Running start() {
            var dataDir = TempDirs.create("billing-system-tests-");
            var stack = LocalStack.start(LocalStackSettings.forTest(dataDir, PARTITIONS));
            System.out.printf(
                    "shared local stack started in %d ms at %s%n",
                    stack.startDuration().toMillis(), stack.baseUrl());
            return new Running(stack, new Api(stack.info()));
        }

        @Override
        public void close() {
            stack.close();
            TempDirs.deleteQuietly(stack.dataDir());
        }
    }
}
