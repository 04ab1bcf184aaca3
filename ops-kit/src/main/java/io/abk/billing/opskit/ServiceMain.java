package io.abk.billing.opskit;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The frame of a service's {@code main}: a setting that cannot be used (its configuration throws
 * {@link IllegalArgumentException} naming the variable) ends the process at once with one clear line on standard
 * error and exit status 2, instead of a stack trace or a process that waits for nothing; any other failure to start
 * exits with status 1 after logging it. A supervisor (systemd, Docker, Kubernetes) sees the status and restarts or
 * reports the process.
 */
public final class ServiceMain {

    private static final Logger log = LoggerFactory.getLogger(ServiceMain.class);

    /** What a service does in its {@code main}: start, then block until it stops. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    private ServiceMain() {}

    /**
     * The {@link IllegalArgumentException} that names a bad setting, also when a framework wrapped it (Spring's
     * binding of configuration properties does); null when the failure is something else.
     */
    static @Nullable IllegalArgumentException invalidSetting(Throwable failure) {
        for (var cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof IllegalArgumentException invalid) {
                return invalid;
            }
        }
        return null;
    }

    public static void run(String service, Body body) {
        try {
            body.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.exit(1);
        } catch (Exception e) {
            var invalid = invalidSetting(e);
            if (invalid != null) {
                System.err.println(service + ": invalid configuration: " + invalid.getMessage());
                log.error("event=config_invalid service={} message=\"{}\"", service, invalid.getMessage());
                System.exit(2);
            }
            log.error("event=start_failed service={}", service, e);
            System.err.println(service + ": failed to start: " + e);
            System.exit(1);
        }
    }
}
