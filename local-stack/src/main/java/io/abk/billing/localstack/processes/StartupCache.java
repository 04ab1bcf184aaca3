package io.abk.billing.localstack.processes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a service's runnable jar starts fast: the jar extracted once into a plain class path ({@code java -Djarmode=tools
 * -jar <jar> extract}) and, on a JDK 25 or newer, an AOT cache of the classes the service loads and links. A start
 * without the cache records it: that process runs with {@code -XX:AOTCacheOutput} and the JVM writes the cache when it
 * stops (SIGTERM included); every later start of the same build maps it ({@code -XX:AOTCache}). On 2 cores a
 * service's start costs about 40 % less CPU with it, and the process stacks of the tests start a hundred of them.
 *
 * <p>The extracted jar is {@code <module>/target/process-aot/<key>/app/}, keyed by the jar's content (an unchanged
 * rebuild keeps it; a changed one makes a new key, and the jar's older keys are removed), and beside it the cache of
 * each JDK and set of JVM options, {@code service-<settings>.aot} (a cache is valid only for those). Several
 * stacks, in several JVMs, share it: the extraction is made under a file lock into a temporary directory and moved
 * into place whole; one process at a time records a cache (it claims {@code recording-<settings>}, a claim older than
 * {@link #ABANDONED} is taken over), into a file of its own that is moved into place once the JVM has written it
 * whole, so a reader never maps a cache being written. A recording cut short (SIGKILL) leaves nothing: the next start
 * records again. {@code BILLING_AOT=false}, a JDK before 25 or a failed extraction start the jar as it is.
 */
final class StartupCache {

    private static final Logger log = LoggerFactory.getLogger(StartupCache.class);

    /** A recording claim older than this was left by a JVM that ended before its recording process did. */
    static final Duration ABANDONED = Duration.ofMinutes(20);

    /** The JVM's notes about the cache (a class it could not link, the cache being written) are not the service's. */
    private static final String QUIET = "-Xlog:aot*=off,cds*=off";

    private static final Map<String, StartupCache> CACHES = new ConcurrentHashMap<>();
    /** The file lock is the JVM's: its threads take this first (a second lock of the same file would throw). */
    private static final Object EXTRACTING = new Object();

    /**
     * One start: the java arguments after the JVM options, what to do once that process has exited, what it does with
     * the cache ({@code "aot cache"}, {@code "recording the aot cache"}, ..., or empty), and when it records one, the
     * JVM's configuration file of it: created empty at the start, filled once the service has shut down, removed once
     * the cache is whole.
     */
    record Start(
            List<String> arguments,
            Runnable exited,
            String cache,
            @Nullable Path recordingConfiguration) {

        Start {
            arguments = List.copyOf(arguments);
        }
    }

    private final Path jar;
    private final @Nullable Path dir;
    private final @Nullable Path app;
    private final String settings;

    private StartupCache(Path jar, @Nullable Path dir, @Nullable Path app, String settings) {
        this.jar = jar;
        this.dir = dir;
        this.app = app;
        this.settings = settings;
    }

    /**
     * The cache of {@code jar} started with {@code javaOptions}, prepared (extracted) on first use in this JVM; the jar
     * as it is when the cache is off or cannot be made.
     */
    static StartupCache of(Path jar, List<String> javaOptions) {
        var path = jar.toAbsolutePath().normalize();
        return CACHES.computeIfAbsent(path + "\n" + javaOptions, ignored -> prepare(path, javaOptions));
    }

    /** Whether starts map or record an AOT cache: on unless {@code BILLING_AOT=false}, and only on a JDK 25+. */
    static boolean enabled() {
        return !"false".equalsIgnoreCase(System.getenv("BILLING_AOT"))
                && Runtime.version().feature() >= 25;
    }

    /** The arguments of the next start: the cache mapped, the cache recorded, or the extracted jar without one. */
    Start next() {
        if (dir == null || app == null) {
            return new Start(List.of("-jar", jar.toString()), () -> {}, "", null);
        }
        var cache = dir.resolve("service-" + settings + ".aot");
        if (Files.isRegularFile(cache)) {
            return new Start(
                    List.of("-XX:AOTCache=" + cache, QUIET, "-jar", app.toString()), () -> {}, "aot cache", null);
        }
        var claim = dir.resolve("recording-" + settings);
        if (!claim(claim)) {
            return new Start(
                    List.of("-jar", app.toString()), () -> {}, "no aot cache (another start records it)", null);
        }
        var recording = dir.resolve(cache.getFileName() + "." + UUID.randomUUID() + ".recording");
        return new Start(
                List.of("-XX:AOTCacheOutput=" + recording, QUIET, "-jar", app.toString()),
                () -> recorded(recording, cache, claim),
                "recording the aot cache",
                configuration(recording));
    }

    /** Takes the recording claim: creates it, or takes over one abandoned; false when another process holds it. */
    private static boolean claim(Path claim) {
        try {
            Files.createFile(claim);
            return true;
        } catch (java.nio.file.FileAlreadyExistsException held) {
            try {
                var age = Duration.between(Files.getLastModifiedTime(claim).toInstant(), Instant.now());
                if (age.compareTo(ABANDONED) > 0) {
                    Files.setLastModifiedTime(claim, FileTime.from(Instant.now()));
                    return true;
                }
                return false;
            } catch (IOException e) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * After the recording process exited: its cache moves into place when the JVM wrote it whole (it removes its
     * temporary configuration, {@code <file>.config}, last), else what it left is removed; the claim is released.
     */
    private void recorded(Path recording, Path cache, Path claim) {
        var configuration = configuration(recording);
        try {
            if (Files.isRegularFile(recording) && !Files.exists(configuration)) {
                Files.move(recording, cache, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                log.info(
                        "event=aot_cache_recorded jar={} cache={} bytes={}",
                        jar.getFileName(),
                        cache,
                        Files.size(cache));
            } else {
                Files.deleteIfExists(recording);
                Files.deleteIfExists(configuration);
                log.info("event=aot_cache_not_recorded jar={} reason=cut_short", jar.getFileName());
            }
        } catch (IOException e) {
            log.warn("event=aot_cache_not_recorded jar={} reason={}", jar.getFileName(), e.toString());
        } finally {
            try {
                Files.deleteIfExists(claim);
            } catch (IOException ignored) {
                // an abandoned claim is taken over after ABANDONED
            }
        }
    }

    /** The JVM's temporary configuration of the cache {@code recording}: {@code <file>.config}. */
    private static Path configuration(Path recording) {
        return recording.resolveSibling(recording.getFileName() + ".config");
    }

    private static StartupCache prepare(Path jar, List<String> javaOptions) {
        var settings = settings(javaOptions);
        if (!enabled()) {
            return new StartupCache(jar, null, null, settings);
        }
        var root = jar.resolveSibling("process-aot");
        try {
            Files.createDirectories(root);
            var key = contentKey(jar);
            var dir = root.resolve(key);
            var app = dir.resolve("app").resolve(jar.getFileName());
            // One JVM at a time extracts, one thread of it at a time.
            synchronized (EXTRACTING) {
                try (var channel = FileChannel.open(
                                root.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                        var ignored = channel.lock()) {
                    if (!Files.isRegularFile(app)) {
                        extract(jar, dir);
                    }
                    removeOtherKeys(root, key);
                }
            }
            return new StartupCache(jar, dir, app, settings);
        } catch (IOException | RuntimeException e) {
            log.warn("event=aot_cache_unavailable jar={} reason={}", jar.getFileName(), e.toString());
            return new StartupCache(jar, null, null, settings);
        }
    }

    /** {@code java -Djarmode=tools -jar <jar> extract} into a temporary directory, moved into place whole. */
    private static void extract(Path jar, Path dir) throws IOException {
        var staging = dir.resolveSibling(dir.getFileName() + ".staging");
        deleteTree(staging);
        Files.createDirectories(staging);
        var command = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djarmode=tools",
                "-jar",
                jar.toString(),
                "extract",
                "--destination",
                staging.resolve("app").toString());
        var output = staging.resolve("extract.log");
        var process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        try {
            if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException("extracting " + jar + " failed: "
                        + Files.readString(output).strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while extracting " + jar, e);
        }
        deleteTree(dir);
        Files.move(staging, dir, StandardCopyOption.ATOMIC_MOVE);
        log.info("event=jar_extracted jar={} dir={}", jar.getFileName(), dir);
    }

    /** The jar's content: its CRC-32 and size, in hex. */
    private static String contentKey(Path jar) throws IOException {
        var crc = new CRC32();
        try (InputStream in = Files.newInputStream(jar)) {
            var buffer = new byte[1 << 16];
            for (int read; (read = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, read);
            }
        }
        return Long.toHexString(crc.getValue()) + "-" + Long.toHexString(Files.size(jar));
    }

    /** The JDK and the JVM options a cache is valid for: their CRC-32, in hex. */
    private static String settings(List<String> javaOptions) {
        var crc = new CRC32();
        crc.update((Runtime.version() + "\n" + String.join(" ", javaOptions)).getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(crc.getValue());
    }

    private static void removeOtherKeys(Path root, String key) throws IOException {
        List<Path> others;
        try (Stream<Path> entries = Files.list(root)) {
            others = entries.filter(Files::isDirectory)
                    .filter(entry -> !entry.getFileName().toString().equals(key))
                    .toList();
        }
        for (var other : others) {
            deleteTree(other);
        }
    }

    private static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(path)) {
            all = new ArrayList<>(walk.toList());
        }
        for (int i = all.size() - 1; i >= 0; i--) {
            try {
                Files.deleteIfExists(all.get(i));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
