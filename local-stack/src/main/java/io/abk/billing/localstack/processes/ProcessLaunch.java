package io.abk.billing.localstack.processes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How one service process is started, the first time and again after each exit: {@code java <options> -jar <jar>},
 * the jar extracted and its AOT cache mapped or recorded ({@link StartupCache}), with the stack's environment added to
 * this process's own (no secret on its command line, where {@code ps} would show it), its output appended to its log
 * file after a line that marks each start.
 */
record ProcessLaunch(
        String name, List<String> javaOptions, StartupCache jar, Map<String, String> environment, Path log) {

    ProcessLaunch {
        javaOptions = List.copyOf(javaOptions);
        environment = Map.copyOf(environment);
    }

    static ProcessLaunch of(
            String name, Path jar, List<String> javaOptions, Map<String, String> environment, Path logDir) {
        return new ProcessLaunch(
                name, javaOptions, StartupCache.of(jar, javaOptions), environment, logDir.resolve(name + ".log"));
    }

    /**
     * A started process; {@code recordingConfiguration} when it records the AOT cache ({@link StartupCache.Start}).
     */
    record Launched(Process process, @Nullable Path recordingConfiguration) {}

    /** {@code java <options> <the start's arguments>}, with the java of this JVM. */
    static List<String> command(List<String> javaOptions, StartupCache.Start start) {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(javaOptions);
        command.addAll(start.arguments());
        return command;
    }

    /** Starts it; {@code why} goes on the line that marks the start in its log ("starting", "restart 2"). */
    Launched start(String why) {
        try {
            var start = jar.next();
            Files.createDirectories(log.getParent());
            Files.writeString(
                    log,
                    "---- " + Instant.now() + " " + why + " " + name
                            + (start.cache().isEmpty() ? "" : " (" + start.cache() + ")") + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            var builder = new ProcessBuilder(command(javaOptions, start))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(environment);
            Process process;
            try {
                process = builder.start();
            } catch (IOException e) {
                start.exited().run();
                throw e;
            }
            process.onExit().thenRun(start.exited());
            return new Launched(process, start.recordingConfiguration());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + e.getMessage(), e);
        }
    }
}
