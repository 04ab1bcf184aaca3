package io.abk.billing.localstack.lifecycle;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes one part with a time limit, so a part that hangs on shutdown cannot keep the process alive: the close
 * runs on a daemon thread and is abandoned (with a warning) when it overruns.
 */
public final class BoundedClose {

    private static final Logger log = LoggerFactory.getLogger(BoundedClose.class);

    private BoundedClose() {}

    /** Runs {@code close} for at most {@code timeout}; failures and overruns are logged, never thrown. */
    public static void close(String part, Duration timeout, AutoCloseable close) {
        var started = System.nanoTime();
        var thread = Thread.ofPlatform()
                .daemon()
                .name("local-stack-close-" + part)
                .unstarted(() -> {
                    try {
                        close.close();
                    } catch (Exception e) {
                        log.warn("part={} close failed: {}", part, e.toString());
                    }
                });
        thread.start();
        try {
            if (!thread.join(timeout)) {
                log.warn("part={} did not stop within {} s; leaving it behind", part, timeout.toSeconds());
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.warn("part={} close interrupted", part);
            return;
        }
        log.debug("part={} stopped in {} ms", part, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }
}
