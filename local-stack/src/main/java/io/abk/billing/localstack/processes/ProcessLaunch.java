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

/**
 * How one service process is started, the first time and again after each exit: {@code java <options> -jar <jar>}
 * with the stack's environment added to this process's own (no secret on its command line, where {@code ps} would
 * show it), its output appended to its log file after a line that marks each start.
 */
record ProcessLaunch(String name, List<String> command, Map<String, String> environment, Path log) {

    ProcessLaunch {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
    }

    static ProcessLaunch of(
            String name, Path jar, List<String> javaOptions, Map<String, String> environment, Path logDir) {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(javaOptions);
        command.add("-jar");
        command.add(jar.toString());
        return new ProcessLaunch(name, command, environment, logDir.resolve(name + ".log"));
    }

    /** Starts it; {@code why} goes on the line that marks the start in its log ("starting", "restart 2"). */
    Process start(String why) {
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(
                    log,
                    "---- " + Instant.now() + " " + why + " " + name + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            var builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().putAll(environment);
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + ": " + e.getMessage(), e);
        }
    }
}
