package io.abk.billing.bench.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Thread dumps ({@code jcmd <pid> Thread.print -l}) of the stack's JVM and of the bench's own, written into one
 * directory, one file a JVM and a capture: what every thread was doing while requests stalled, the load generators'
 * side included (a client that stalls looks the same from the percentiles). Each capture also writes what the
 * machine was doing outside those JVMs (processes by CPU over one second, {@code vmstat}'s CPU split with I/O wait,
 * and the kernel's CPU and I/O pressure): a stack waiting on PostgreSQL or on a starved core shows only there.
 */
public final class ThreadDumps {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("HHmmss.SSS");
    /** A dump of a few hundred threads takes well under a second; a JVM that does not answer in 30 s is stuck itself. */
    private static final long JCMD_PATIENCE_SECONDS = 30;
    /** top and vmstat sample for a second each; the pressure files are read at once. */
    private static final List<List<String>> MACHINE_COMMANDS = List.of(
            List.of("top", "-b", "-n", "2", "-d", "1", "-o", "%CPU", "-w", "200"),
            List.of("vmstat", "1", "2"),
            List.of("cat", "/proc/loadavg", "/proc/pressure/cpu", "/proc/pressure/io"));

    private final Path directory;
    private final List<Long> pids;

    private ThreadDumps(Path directory, List<Long> pids) {
        this.directory = directory;
        this.pids = pids;
    }

    /** Dumps of the stack's JVM ({@code probe}'s; none for a stack run elsewhere) and of this one, into {@code directory}. */
    public static ThreadDumps of(Path directory, @Nullable StackProbe probe) {
        var pids = new LinkedHashSet<Long>();
        if (probe != null) {
            pids.add(probe.jvmPid());
        }
        pids.add(ProcessHandle.current().pid());
        return new ThreadDumps(directory, List.copyOf(pids));
    }

    public Path directory() {
        return directory;
    }

    /**
     * One capture: a dump of each JVM, named after the time and {@code reason}'s first word; returns the files written
     * (a JVM that has exited or does not answer is skipped, said in the file).
     */
    public List<Path> capture(String reason) {
        var written = new ArrayList<Path>();
        var stamp = LocalTime.now().format(STAMP);
        try {
            Files.createDirectories(directory);
            var jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
            for (var pid : pids) {
                var file = directory.resolve("stall-" + stamp + "-pid" + pid + ".txt");
                Files.writeString(file, "# " + reason + "\n");
                run(List.of(jcmd, Long.toString(pid), "Thread.print", "-l"), file);
                written.add(file);
            }
            var machine = directory.resolve("stall-" + stamp + "-machine.txt");
            Files.writeString(machine, "# " + reason + "\n");
            for (var command : MACHINE_COMMANDS) {
                Files.writeString(machine, "\n# " + String.join(" ", command) + "\n", StandardOpenOption.APPEND);
                run(command, machine);
            }
            written.add(machine);
        } catch (IOException e) {
            System.err.println("bench: could not write thread dumps into " + directory + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return written;
    }

    /** Runs {@code command} with its output appended to {@code file}; one that does not end in time is killed, said in the file. */
    private static void run(List<String> command, Path file) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(file.toFile()))
                    .start();
        } catch (IOException e) {
            Files.writeString(file, "# could not run: " + e.getMessage() + "\n", StandardOpenOption.APPEND);
            return;
        }
        if (!process.waitFor(JCMD_PATIENCE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            Files.writeString(
                    file,
                    "\n# " + command.getFirst() + " did not answer within " + JCMD_PATIENCE_SECONDS + " s\n",
                    StandardOpenOption.APPEND);
        }
    }
}
