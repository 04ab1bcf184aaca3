package io.abk.billing.localstack.postgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL runs as a child process: when a previous local stack was killed hard (kill -9, a crashed IDE), its
 * server can outlive it and hold the data directory, so the next start would fail with "lock file already
 * exists". This stops such an orphan, found through the pid in {@code postmaster.pid}, before starting anew.
 */
final class StalePostmaster {

    private static final Logger log = LoggerFactory.getLogger(StalePostmaster.class);
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);

    private StalePostmaster() {}

    static void stopIfRunning(Path dataDir) throws IOException {
        var pidFile = dataDir.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        var lines = Files.readAllLines(pidFile);
        if (lines.isEmpty() || !lines.getFirst().strip().matches("\\d+")) {
            return;
        }
        var pid = Long.parseLong(lines.getFirst().strip());
        var process = ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(handle -> handle.info()
                        .command()
                        .map(command -> command.contains("postgres"))
                        .orElse(false));
        if (process.isEmpty()) {
            return;
        }
        log.warn("postgres from a previous run still holds dir={} pid={}; stopping it", dataDir, pid);
        // SIGTERM is PostgreSQL's "smart" shutdown: the dead run's clients are gone, so it stops at once.
        process.get().destroy();
        try {
            process.get().onExit().get(STOP_WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("the PostgreSQL server of a previous run (pid " + pid + ") holds " + dataDir
                    + " and did not stop within " + STOP_WAIT.toSeconds() + " s; stop it and start again");
        }
    }
}
