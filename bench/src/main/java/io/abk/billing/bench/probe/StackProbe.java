package io.abk.billing.bench.probe;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Reads the stack's processes: its JVM (this one for the in-process stack, through the JVM's own
 * {@code OperatingSystemMXBean}; a child's through {@code /proc/<pid>}) and its PostgreSQL server with its backends
 * (found anew at every reading, so a restarted server is followed).
 *
 * @param self whether {@code jvm} is this JVM, read through its own {@code OperatingSystemMXBean}
 * @param description what is read, in words for the bench's report
 */
public record StackProbe(ProcessHandle jvm, boolean self, Path dataDir, String description) {

    /** One reading: CPU time so far of the JVM and of each PostgreSQL process by pid, and resident sets. */
    record Reading(
            long nanoTime,
            OptionalLong jvmCpuNanos,
            Map<Long, Long> postgresCpuNanos,
            OptionalLong jvmRssBytes,
            OptionalLong postgresRssBytes) {}

    /** The stack runs in this JVM on {@code dataDir}, beside the bench's own load generators (their CPU counts too). */
    public static StackProbe inProcess(Path dataDir) {
        return new StackProbe(
                ProcessHandle.current(),
                true,
                dataDir,
                "the bench's own JVM (the stack runs in it, so the load generators' CPU counts too) and the stack's PostgreSQL processes");
    }

    /** The stack is the child process {@code process} (the local-stack jar) on {@code dataDir}. */
    public static StackProbe child(ProcessHandle process, Path dataDir) {
        return new StackProbe(
                process,
                false,
                dataDir,
                "the stack's process (pid " + process.pid() + ") and its PostgreSQL processes");
    }

    /** The stack's JVM: this one for the in-process stack. */
    public long jvmPid() {
        return jvm.pid();
    }

    Reading read() {
        var postgres = new HashMap<Long, Long>();
        long postgresRss = 0;
        boolean anyRss = false;
        var processes = Postmaster.of(dataDir).stream()
                .flatMap(server -> Stream.concat(Stream.of(server), server.descendants()))
                .toList();
        for (var process : processes) {
            var cpu = ProcFiles.cpuNanos(process.pid());
            if (cpu.isPresent()) {
                postgres.put(process.pid(), cpu.getAsLong());
            }
            var rss = ProcFiles.rssBytes(process.pid());
            if (rss.isPresent()) {
                postgresRss += rss.getAsLong();
                anyRss = true;
            }
        }
        return new Reading(
                System.nanoTime(),
                jvmCpuNanos(),
                postgres,
                ProcFiles.rssBytes(jvm.pid()),
                anyRss ? OptionalLong.of(postgresRss) : OptionalLong.empty());
    }

    private OptionalLong jvmCpuNanos() {
        if (self
                && ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            return nanos < 0 ? OptionalLong.empty() : OptionalLong.of(nanos);
        }
        return ProcFiles.cpuNanos(jvm.pid());
    }
}
