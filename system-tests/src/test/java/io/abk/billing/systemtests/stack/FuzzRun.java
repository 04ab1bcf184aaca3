package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One run of the hostile-input fuzz (HostileInputFuzzIT): sends the generated requests {@link #CONCURRENCY} at a time,
 * has each answer judged ({@link HostileAnswers}), and keeps the failures and the numbers its summary prints.
 */
final class FuzzRun {

    /** Far above a refusal's milliseconds, below the gateway's own request timeout of 10 s plus a loaded machine's slack. */
    static final Duration DEADLINE = Duration.ofSeconds(15);
    /** Requests in flight at once: enough to keep two cores busy, few enough to measure each answer's time honestly. */
    static final int CONCURRENCY = 16;

    /** Failures a failed run shows in full (all are counted). */
    static final int SHOWN_FAILURES = 15;

    private final long seed;
    private final URI base;
    private final HttpClient client;
    final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    final Map<String, Integer> covered = new ConcurrentHashMap<>();
    private final Map<String, Integer> statuses = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Long> millis = new ConcurrentLinkedQueue<>();
    private final AtomicLongArray transports = new AtomicLongArray(2);

    FuzzRun(long seed, URI base, HttpClient client) {
        this.seed = seed;
        this.base = base;
        this.client = client;
    }

    void sendAll(HostileRequests generator, List<Integer> indices) throws InterruptedException {
        var gate = new Semaphore(CONCURRENCY);
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int index : indices) {
                gate.acquire();
                pool.submit(() -> {
                    try {
                        send(generator.make(index));
                    } catch (RuntimeException | Error e) {
                        failures.add("seed=" + seed + " #" + index + ": the test itself failed: " + e);
                    } finally {
                        gate.release();
                    }
                });
            }
            pool.shutdown();
            assertThat(pool.awaitTermination(10, TimeUnit.MINUTES))
                    .as("the run ended")
                    .isTrue();
        }
    }

    private void send(HostileRequest request) {
        covered.merge(request.route(), 1, Integer::sum);
        long started = System.nanoTime();
        int status;
        String body;
        boolean timedOut;
        String failure = null;
        try {
            if (request.socket()) {
                transports.incrementAndGet(1);
                var answer = RawHttp.exchange(base.getHost(), base.getPort(), request.wire(), DEADLINE);
                status = answer.status();
                body = answer.body();
                timedOut = answer.timedOut();
            } else {
                transports.incrementAndGet(0);
                var response = client.send(httpRequest(request), BodyHandlers.ofString());
                status = response.statusCode();
                body = response.body();
                timedOut = false;
            }
        } catch (HttpTimeoutException e) {
            status = -1;
            body = "";
            timedOut = true;
        } catch (IOException e) {
            status = -1;
            body = "";
            timedOut = false;
            failure = request.framing() ? null : "no answer: " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        millis.add((System.nanoTime() - started) / 1_000_000);
        statuses.merge(status < 0 ? (timedOut ? "timeout" : "closed") : Integer.toString(status), 1, Integer::sum);
        if (failure == null) {
            failure = HostileAnswers.problem(request, status, body, timedOut);
        }
        if (failure != null) {
            failures.add("seed=" + seed + " " + failure + "\n" + request.describe() + "\n  -> " + status + " "
                    + HostileRequest.shorten(body, 500));
        }
    }

    private HttpRequest httpRequest(HostileRequest request) {
        var builder =
                HttpRequest.newBuilder(URI.create(base + request.target())).timeout(DEADLINE);
        for (var header : request.headers()) {
            builder.header(header.name(), header.text());
        }
        var publisher =
                request.body().length == 0 ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(request.body());
        return builder.method(request.method(), publisher).build();
    }

    String shownFailures() {
        return String.join("\n\n", failures.stream().limit(SHOWN_FAILURES).toList());
    }

    String summary(Duration elapsed) {
        var sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        long p50 = sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
        long p99 = sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, sorted.size() * 99 / 100));
        long max = sorted.isEmpty() ? 0 : sorted.getLast();
        return String.format(
                "hostile-input fuzz: seed=%d sent=%d (client %d, socket %d) in %d ms; answer ms p50=%d p99=%d max=%d;"
                        + " statuses %s; %d routes reached; %d failures",
                seed,
                sorted.size(),
                transports.get(0),
                transports.get(1),
                elapsed.toMillis(),
                p50,
                p99,
                max,
                new TreeMap<>(statuses),
                covered.size(),
                failures.size());
    }
}
