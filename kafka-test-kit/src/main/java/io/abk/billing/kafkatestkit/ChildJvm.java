package io.abk.billing.kafkatestkit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;

/**
 * A service's {@code main} run in a child JVM on this test run's class path, configured by {@code env} as a
 * deployment's environment, its output in a file: a whole service process, beside the broker of this JVM, that a test
 * can kill, stop (SIGTERM) or watch exit.
 */
public final class ChildJvm {

    private ChildJvm() {}

    /** Starts {@code mainClass}; its standard output and error go to {@code output}. */
    public static Process start(Class<?> mainClass, Map<String, String> env, Path output) throws IOException {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(env);
        return builder.start();
    }
}
