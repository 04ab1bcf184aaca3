package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * One run of a browser tool of {@code test-tools/} ({@code node <script> <input.json> <results.json>}): the input
 * written as JSON, the output kept in {@code target/<name>.log}, the run bounded by a deadline, and the results read
 * back once it exited 0. The checkout's, the dashboard's and the example shop's browser tests all run this way.
 */
final class BrowserTool {

    private BrowserTool() {}

    /** Runs {@code script} on {@code input}; fails naming the log when it overruns {@code limit} or exits non-zero. */
    static Run run(String script, Object input, Duration limit) {
        var name = script.replace(".mjs", "");
        try {
            var in = Files.createTempFile(name + "-", ".json");
            var out = Files.createTempFile(name + "-results-", ".json");
            try {
                Files.writeString(in, Json.write(input));
                var log = Path.of("target", name + ".log");
                var started = System.nanoTime();
                var process = new ProcessBuilder(
                                "node", CheckoutBrowser.TOOLS.resolve(script).toString(), in.toString(), out.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
                process.getOutputStream().close();
                if (!process.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError(
                            "node " + script + " took longer than " + limit + "; its log: " + Files.readString(log));
                }
                var output = Files.readString(log);
                assertThat(process.exitValue())
                        .as("node %s exit code; its output:%n%s", script, output)
                        .isZero();
                return new Run(
                        output, Json.parse(Files.readString(out)), Duration.ofNanos(System.nanoTime() - started));
            } finally {
                Files.deleteIfExists(in);
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while node " + script + " ran", e);
        }
    }

    /** What a run printed, the results it wrote, and how long it took. */
    record Run(String output, JsonNode results, Duration took) {}
}
