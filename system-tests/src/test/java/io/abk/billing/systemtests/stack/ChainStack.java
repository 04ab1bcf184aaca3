package io.abk.billing.systemtests.stack;

import io.abk.billing.localstack.LocalStack;
import io.abk.billing.localstack.LocalStackSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The one {@link LocalStack} with the local chain ({@code BILLING_LOCAL_CHAIN=anvil}: test mode settles on anvil)
 * that the chain system test classes of this JVM share, started on first use and closed with the run, like
 * {@link SharedStack}. Test classes get an {@link Api} and a {@link TestChain} for it as parameters. Each test makes
 * its own merchant (a test clock of its own) and its own wallets, so tests never see each other's money.
 */
public final class ChainStack implements ParameterResolver {

    /**
     * The {@link Order} of the chain classes: after those without one. They run one after another (never two at once:
     * {@code ChainReorgIT} reorganises the chain they share), beside the sandbox classes of {@link SharedStack}.
     */
    public static final int ORDER = SharedStack.ORDER + 1;

    /**
     * The longest wait for anything the chain settles: blocks (one a second, two deep) and Kafka round trips take
     * seconds, more on a loaded 2-core machine (the relayer's new charge after a reorganisation took its first one
     * back passed 45 s on a busy machine), never this long.
     */
    static final Duration SETTLES = Duration.ofSeconds(90);

    /**
     * The gateway's per-key limit is on, at the production default, so the client libraries' scenario meets a real 429
     * ({@link ClientLibrariesIT}); each class has keys of its own and polls far below it.
     */
    static final int RATE_LIMIT_PER_KEY_PER_SECOND = 100;
    /** The hosted checkout's limit per client address: every browser test comes from 127.0.0.1, so it is out of reach. */
    private static final int CHECKOUT_PER_MINUTE = 100_000;

    private static final Namespace NAMESPACE = Namespace.create(ChainStack.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        var type = parameter.getParameter().getType();
        return type == Api.class || type == TestChain.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        var running = context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent(Running.class, type -> Running.start(), Running.class);
        return parameter.getParameter().getType() == Api.class ? running.api() : running.chain();
    }

    /** Closes the stack now if this run started it, as {@link SharedStack#closeIfRunning} does. */
    static void closeIfRunning(ExtensionContext context) {
        var running = context.getRoot().getStore(NAMESPACE).remove(Running.class, Running.class);
        if (running != null) {
            running.close();
        }
    }

    /** The started stack and the test's client of its chain, closed by JUnit at the end of the run. */
    record Running(LocalStack stack, Api api, TestChain chain) implements AutoCloseable {

        static Running start() {
            java.nio.file.Path dataDir;
            try {
                dataDir = Files.createTempDirectory("billing-chain-system-tests-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            var stack = LocalStack.start(LocalStackSettings.forTest(dataDir, SharedStack.PARTITIONS)
                    .withLocalChain(0)
                    .withRateLimits(RATE_LIMIT_PER_KEY_PER_SECOND, CHECKOUT_PER_MINUTE));
            System.out.printf(
                    "local stack with the local chain started in %d ms at %s%n",
                    stack.startDuration().toMillis(), stack.baseUrl());
            var info = stack.info();
            return new Running(
                    stack, new Api(info), new TestChain(info.localChain().orElseThrow()));
        }

        @Override
        public void close() {
            chain.close();
            stack.close();
            TempDirs.deleteQuietly(stack.dataDir());
        }
    }
}
