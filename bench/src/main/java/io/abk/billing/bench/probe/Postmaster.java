package io.abk.billing.bench.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The PostgreSQL server of a local stack's data directory. It is not a descendant of the stack's JVM (the server
 * daemonizes), so it is found the way PostgreSQL itself records it: the pid on the first line of
 * {@code postmaster.pid}; its backends are its children.
 */
public final class Postmaster {

    private Postmaster() {}

    /** The running server of {@code stackDataDir}, if any. */
    public static Optional<ProcessHandle> of(Path stackDataDir) {
        var pidFile = stackDataDir.resolve("postgres").resolve("postmaster.pid");
        try {
            var lines = Files.readAllLines(pidFile);
            if (lines.isEmpty() || !lines.getFirst().strip().matches("\\d+")) {
                return Optional.empty();
            }
            return ProcessHandle.of(Long.parseLong(lines.getFirst().strip())).filter(ProcessHandle::isAlive);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
