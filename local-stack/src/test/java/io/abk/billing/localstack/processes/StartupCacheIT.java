package io.abk.billing.localstack.processes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AOT cache of a service's process, on this build's webhook-sender jar (copied, so that these starts, which fail
 * for want of a database, never record the cache the stacks use): the first start records it and the JVM writes it
 * when the process exits; a start meanwhile runs without one; every later start maps it, which a JVM told to refuse
 * to run otherwise ({@code -XX:AOTMode=on}) accepts; a recording cut short by SIGKILL leaves nothing, so the next
 * start records again.
 */
class StartupCacheIT {

    private static final List<String> OPTIONS = List.of("-XX:+UseSerialGC", "-Xmx256m", "-XX:TieredStopAtLevel=1");
    private static final List<String> OTHER_OPTIONS = List.of("-XX:+UseSerialGC", "-Xmx200m");
    /** Nothing listens on port 1: the service fails at once, as a process exits by itself. */
    private static final Map<String, String> NO_DATABASE =
            Map.of("BILLING_JDBC_URL", "jdbc:postgresql://127.0.0.1:1/billing", "BILLING_MANAGEMENT_ENABLED", "false");

    private static final Duration LIMIT = Duration.ofMinutes(3);

    /** One copy of the jar, extracted once: each test starts it with JVM options of its own, so a cache of its own. */
    @TempDir
    static Path temp;

    private static Path jar;

    @BeforeAll
    static void copyTheJar() throws IOException {
        assumeTrue(StartupCache.enabled(), "the AOT cache needs a JDK 25+ and BILLING_AOT not false");
        var built = ServiceJars.locate(ServiceJars.repositoryRoot()).jars().get(ServiceKind.WEBHOOK_SENDER);
        var target = Files.createDirectories(temp.resolve("webhook-sender").resolve("target"));
        jar = Files.copy(built, target.resolve(built.getFileName()));
    }

    @Test
    void shouldRecordTheCacheOnceAndMapItInEveryLaterStart() throws Exception {
        // given a jar never started
        var launch = ProcessLaunch.of("webhook-sender-1", jar, OPTIONS, NO_DATABASE, temp.resolve("logs"));

        // when it starts, and a second start follows while the first runs
        var recording = launch.start("starting");
        var meanwhile = StartupCache.of(jar, OPTIONS).next();
        recording.process().waitFor(2, TimeUnit.MINUTES);

        // then the first recorded the cache, the second ran without one
        assertThat(recording.recordingConfiguration()).isNotNull();
        assertThat(meanwhile.cache()).startsWith("no aot cache");
        assertThat(meanwhile.arguments()).noneMatch(argument -> argument.startsWith("-XX:AOT"));
        meanwhile.exited().run();
        var cacheDir = jar.resolveSibling("process-aot");
        await("the cache moved into place")
                .atMost(LIMIT)
                .until(() -> caches(cacheDir).size() == 1);
        assertThat(files(cacheDir, ".recording")).isEmpty();
        assertThat(files(cacheDir, "recording-")).as("the claim").isEmpty();

        // and every later start maps it: a JVM that must use it (AOTMode=on) starts the service
        var later = StartupCache.of(jar, OPTIONS).next();
        assertThat(later.cache()).isEqualTo("aot cache");
        assertThat(later.arguments())
                .contains("-XX:AOTCache=" + caches(cacheDir).getFirst());
        var output = run(later, "-XX:AOTMode=on");
        assertThat(output).doesNotContain("Unable to use AOT cache").contains("Starting WebhookSenderApplication");
        assertThat(Files.readString(temp.resolve("logs").resolve("webhook-sender-1.log")))
                .contains("starting webhook-sender-1 (recording the aot cache)");
    }

    @Test
    void shouldRecordAgainAfterARecordingWasCutShort() throws Exception {
        // given a start recording the cache
        var cache = StartupCache.of(jar, OTHER_OPTIONS);
        var first = cache.next();
        assertThat(first.cache()).isEqualTo("recording the aot cache");
        var process = start(first, OTHER_OPTIONS);

        // when it is killed (SIGKILL) once its JVM records (before the service fails and it exits by itself)
        var configuration = first.recordingConfiguration();
        assertThat(configuration).isNotNull();
        await("the JVM recording")
                .atMost(LIMIT)
                .pollInterval(Duration.ofMillis(10))
                .until(() -> Files.exists(configuration));
        process.destroyForcibly().waitFor(1, TimeUnit.MINUTES);
        first.exited().run();

        // then it left no cache, no recording and no claim, and the next start records
        var cacheDir = jar.resolveSibling("process-aot");
        var recording = Path.of(first.arguments().getFirst().substring("-XX:AOTCacheOutput=".length()));
        assertThat(recording.resolveSibling(recording.getFileName().toString().replaceFirst("\\.aot\\..*", ".aot")))
                .doesNotExist();
        assertThat(files(cacheDir, ".recording")).isEmpty();
        assertThat(files(cacheDir, "recording-")).isEmpty();
        var next = cache.next();
        assertThat(next.cache()).isEqualTo("recording the aot cache");
        next.exited().run();
    }

    /** Runs the start to its end (the service fails for want of a database) and returns its output. */
    private String run(StartupCache.Start start, String... extra) throws Exception {
        var options = new ArrayList<>(OPTIONS);
        options.addAll(List.of(extra));
        var command = ProcessLaunch.command(options, start);
        var output = temp.resolve("run.log");
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(NO_DATABASE);
        var process = builder.start();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("exited").isTrue();
        return Files.readString(output, StandardCharsets.UTF_8);
    }

    private Process start(StartupCache.Start start, List<String> options) throws IOException {
        var builder = new ProcessBuilder(ProcessLaunch.command(options, start))
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("killed.log").toFile());
        builder.environment().putAll(NO_DATABASE);
        return builder.start();
    }

    private static List<Path> caches(Path dir) throws IOException {
        return files(dir, ".aot");
    }

    /** The files under {@code dir} whose name ends with (or, for a prefix ending in '-', starts with) {@code part}. */
    private static List<Path> files(Path dir, String part) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(file -> {
                        var name = file.getFileName().toString();
                        return part.endsWith("-") ? name.startsWith(part) : name.endsWith(part);
                    })
                    .toList();
        }
    }
}
