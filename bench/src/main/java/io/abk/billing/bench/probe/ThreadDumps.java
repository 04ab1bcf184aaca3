package io.abk.billing.bench.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * side included (a client that stalls looks the same from the percentiles).
 */
public final class ThreadDumps {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("HHmmss.SSS");
    /** A dump of a few hundred threads takes well under a second; a JVM that does not answer in 30 s is stuck itself. */
    private static final long JCMD_PATIENCE_SECONDS = 30;

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
            for (var pid : pids) {
                var file = directory.resolve("stall-" + stamp + "-pid" + pid + ".txt");
                Files.writeString(file, "# " + reason + "\n");
                var jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
                var process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print", "-l")
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(file.toFile()))
                        .start();
                if (!process.waitFor(JCMD_PATIENCE_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    Files.writeString(
                            file,
                            "\n# jcmd did not answer within " + JCMD_PATIENCE_SECONDS + " s\n",
                            java.nio.file.StandardOpenOption.APPEND);
                }
                written.add(file);
            }
        } catch (IOException e) {
            System.err.println("bench: could not write thread dumps into " + directory + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return written;
    }
}
