package io.abk.billing.localstack;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * {@code ./billing run [--local-chain]}: starts the stack from the environment (and that one argument), prints the banner and runs until Ctrl-C (or
 * SIGTERM), then stops every part in order and exits 0. The signals are handled here rather than left to the
 * JVM, whose exit status for them is 130/143 and whose shutdown hooks run in no fixed order. A second Ctrl-C
 * while stopping forces the exit.
 */
public final class LocalStackMain {

    private static final Logger log = LoggerFactory.getLogger(LocalStackMain.class);
    private static final CountDownLatch STOP_REQUESTED = new CountDownLatch(1);
    private static final AtomicReference<LocalStack> STACK = new AtomicReference<>();

    private LocalStackMain() {}

    public static void main(String[] args) {
        LocalStackSettings config;
        try {
            config = LocalStackSettings.fromEnv(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("billing: " + e.getMessage());
            System.exit(2);
            return;
        }
        handleSignal("INT");
        handleSignal("TERM");
        // For exits that are not a handled signal (SIGHUP, System.exit elsewhere): still stop in order.
        Runtime.getRuntime()
                .addShutdownHook(
                        Thread.ofPlatform().name("local-stack-shutdown").unstarted(LocalStackMain::closeStack));

        try {
            STACK.set(LocalStack.start(config));
        } catch (RuntimeException e) {
            log.debug("start failed", e);
            System.err.println("billing: the local stack did not start: " + e.getMessage());
            System.exit(1);
            return;
        }
        if (STOP_REQUESTED.getCount() > 0) {
            System.out.println(Banner.render(STACK.get().info()));
        }
        try {
            STOP_REQUESTED.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeStack();
        System.out.println("Stopped. State is kept in " + config.dataDir());
        System.exit(0);
    }

    private static void closeStack() {
        var stack = STACK.get();
        if (stack != null) {
            stack.close();
        }
    }

    private static void handleSignal(String name) {
        try {
            Signal.handle(new Signal(name), signal -> {
                if (STOP_REQUESTED.getCount() == 0) {
                    System.err.println("\nForced exit: parts may not have stopped cleanly.");
                    Runtime.getRuntime().halt(1);
                }
                System.out.println(
                        STACK.get() == null
                                ? "\nStopping once the start completes (Ctrl-C again to force)..."
                                : "\nStopping the local stack (Ctrl-C again to force)...");
                STOP_REQUESTED.countDown();
            });
        } catch (IllegalArgumentException e) {
            log.debug("signal={} cannot be handled on this platform", name);
        }
    }
}
