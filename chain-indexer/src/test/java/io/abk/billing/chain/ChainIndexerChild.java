package io.abk.billing.chain;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;

/**
 * chain-indexer run whole in a child JVM, from its {@code main} on this test run's class path, configured by
 * {@code env} as a deployment's environment, its output in a file: a replica the tests can kill, stop or watch exit.
 */
public final class ChainIndexerChild {

    private ChainIndexerChild() {}

    /** Starts the child; its standard output and error go to {@code output}. */
    public static Process start(Map<String, String> env, Path output) throws IOException {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= 24) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ChainIndexerApp.class.getName());
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(env);
        return builder.start();
    }
}
