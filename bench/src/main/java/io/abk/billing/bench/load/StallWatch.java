package io.abk.billing.bench.load;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Recorder;

/**
 * Watches an open-loop phase for stalls while it runs. Every second it reads the latencies of the requests that ended
 * in that second and the age of the oldest request still waiting (a full stall ends no request at all, so the
 * percentiles alone would miss it); when the second's p99 or that age passes {@link #THRESHOLD}, it asks for a
 * capture (thread dumps of every JVM), at most once every {@link #BETWEEN_CAPTURES} and {@link #MAX_CAPTURES} times a
 * phase. What it saw is kept as lines for the report.
 */
public final class StallWatch implements AutoCloseable {

    /** What takes a capture: thread dumps, say; returns the files it wrote. */
    @FunctionalInterface
    public interface Capture {
        List<Path> capture(String reason);
    }

    /** Far above any p99 of a healthy stack here (hundreds of ms at worst), far below the clients' 30 s timeout. */
    public static final Duration THRESHOLD = Duration.ofSeconds(5);
    /** One stall lasts seconds: one capture of it is what gets read, more would only fill the disk. */
    private static final Duration BETWEEN_CAPTURES = Duration.ofSeconds(10);

    private static final int MAX_CAPTURES = 20;
    /** Lines kept for the report: a stall of minutes is read from its first seconds and its dumps. */
    private static final int MAX_LINES = 60;

    private final Capture capture;
    private final long thresholdMillis;
    /** Latencies of the requests that ended since the last look, in microseconds. */
    private final Recorder ended = new Recorder(TimeUnit.MINUTES.toMicros(2), 3);
    /** Requests still waiting for their answer: operation number to its intended start ({@link System#nanoTime}). */
    private final ConcurrentSkipListMap<Long, Long> waiting = new ConcurrentSkipListMap<>();

    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final Thread thread;
    private long lastCapture;
    private int captures;

    StallWatch(Capture capture, Duration threshold) {
        this.capture = capture;
        this.thresholdMillis = threshold.toMillis();
        this.thread = Thread.ofPlatform().daemon().name("bench-stall-watch").unstarted(this::run);
    }

    /** Starts watching; {@link #close()} stops it. */
    public static StallWatch start(Capture capture) {
        var watch = new StallWatch(capture, THRESHOLD);
        watch.thread.start();
        return watch;
    }

    void started(long operation, long intendedNanos) {
        waiting.put(operation, intendedNanos);
    }

    void ended(long operation, long latencyMicros) {
        waiting.remove(operation);
        ended.recordValue(Math.min(latencyMicros, TimeUnit.MINUTES.toMicros(2)));
    }

    void failed(long operation) {
        waiting.remove(operation);
    }

    /** What the watch saw: one line a stall second, with the captures it took; empty when nothing stalled. */
    public List<String> seen() {
        return List.copyOf(seen);
    }

    private void run() {
        try {
            while (!closing.await(1, TimeUnit.SECONDS)) {
                look();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One look at the second that just ended (the watch's thread looks every second). */
    void look() {
        var second = ended.getIntervalHistogram();
        long p99Millis = second.getTotalCount() == 0 ? 0 : second.getValueAtPercentile(99) / 1000;
        var oldest = waiting.firstEntry();
        long now = System.nanoTime();
        long oldestMillis = oldest == null ? 0 : TimeUnit.NANOSECONDS.toMillis(now - oldest.getValue());
        if (p99Millis <= thresholdMillis && oldestMillis <= thresholdMillis) {
            return;
        }
        // The machine's load says at once whether the stack stalled by itself or was starved of CPU by something else.
        var machine = ManagementFactory.getOperatingSystemMXBean();
        var line = String.format(
                "%s: p99 of the %d requests that ended in this second %d ms, %d waiting, the oldest for %d ms;"
                        + " machine load %.1f on %d cores",
                LocalTime.now().truncatedTo(ChronoUnit.SECONDS),
                second.getTotalCount(),
                p99Millis,
                waiting.size(),
                oldestMillis,
                machine.getSystemLoadAverage(),
                machine.getAvailableProcessors());
        if (captures == 0 || (captures < MAX_CAPTURES && now - lastCapture >= BETWEEN_CAPTURES.toNanos())) {
            lastCapture = now;
            captures++;
            var files = capture.capture(line);
            line += "; thread dumps: "
                    + String.join(", ", files.stream().map(Path::toString).toList());
        }
        System.err.println("bench: stall " + line);
        if (seen.size() < MAX_LINES) {
            seen.add(line);
        }
    }

    @Override
    public void close() {
        closing.countDown();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(60));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
