package io.abk.billing.localstack.chain;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * anvil runs as a child process: when a previous local stack was killed hard (kill -9, a forced exit), its anvil
 * outlives it, keeps the port and has not yet written its state. This finds such an orphan by its command line (an
 * anvil whose {@code --state} is this data directory's file) and stops it with SIGTERM, so it writes the state
 * before the new one loads it. Safe because the stack holds the data directory's lock: no live stack owns it.
 */
final class StaleAnvil {

    private static final Logger log = LoggerFactory.getLogger(StaleAnvil.class);
    /** anvil writes its state and exits within a second; a large state file may take a few. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(15);

    private StaleAnvil() {}

    static void stopIfRunning(Path stateFile) {
        var state = stateFile.toAbsolutePath().normalize().toString();
        ProcessHandle.allProcesses()
                .filter(process -> process.info()
                        .command()
                        .map(command -> command.endsWith("anvil"))
                        .orElse(false))
                .filter(process ->
                        usesState(process.info().arguments().map(Arrays::asList).orElse(List.of()), state))
                .forEach(StaleAnvil::stop);
    }

    static boolean usesState(List<String> arguments, String stateFile) {
        var at = arguments.indexOf("--state");
        return at >= 0 && at + 1 < arguments.size() && arguments.get(at + 1).equals(stateFile);
    }

    private static void stop(ProcessHandle process) {
        log.warn("event=stale_anvil_found pid={} action=stop", process.pid());
        process.destroy();
        try {
            process.onExit().get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            log.warn("event=stale_anvil_kill pid={} reason=no_exit_after_sigterm", process.pid());
            process.destroyForcibly();
        } catch (ExecutionException e) {
            log.debug("waiting for pid={} failed: {}", process.pid(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping a leftover anvil", e);
        }
    }
}
