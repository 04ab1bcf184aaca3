package io.abk.billing.bench.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** Reads one process's CPU time and resident set from Linux's {@code /proc}; empty where there is none (macOS). */
final class ProcFiles {

    /**
     * Linux reports utime and stime in clock ticks of {@code USER_HZ}, which is 100 on every architecture the stack
     * runs on (it is fixed in the kernel's ABI, whatever the kernel's own HZ); {@code getconf CLK_TCK} prints it.
     */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private ProcFiles() {}

    /** User plus system CPU time of {@code pid} so far (its own threads, not its children's). */
    static OptionalLong cpuNanos(long pid) {
        try {
            return cpuNanos(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** User plus system CPU time from the text of a {@code /proc/<pid>/stat} file. */
    static OptionalLong cpuNanos(String stat) {
        try {
            // The command name (field 2) is in parentheses and may hold spaces and parentheses: count from its last
            // ')'.
            var fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // Fields 14 and 15 of the whole line (utime, stime) are the 12th and 13th after the name.
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            return OptionalLong.of(ticks * NANOS_PER_TICK);
        } catch (RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** The resident set ({@code VmRSS}) of {@code pid}, in bytes. */
    static OptionalLong rssBytes(long pid) {
        return rssBytes(Path.of("/proc", Long.toString(pid), "status"));
    }

    static OptionalLong rssBytes(Path status) {
        try (var lines = Files.lines(status)) {
            return lines.filter(line -> line.startsWith("VmRSS:"))
                    .findFirst()
                    .map(line -> OptionalLong.of(Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024))
                    .orElse(OptionalLong.empty());
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }
}
