package io.abk.billing.systemtests.stack;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A closed-loop create and charge load of one merchant, as an SDK would send it through an outage of a backing
 * service: each client creates a subscription and activates it (which charges its first invoice), each request with an
 * {@code Idempotency-Key} of its own, and sends a request that got a 503 (or a 409 while its first attempt is still in
 * flight) again with the same key until it gets a final answer. Every attempt is recorded, with how long it took.
 */
final class OutageLoad implements AutoCloseable {

    /** One HTTP attempt; {@code status} 0 when no answer came within {@link #ATTEMPT_LIMIT} (a hang) or the connection broke. */
    record Attempt(
            String operation,
            String key,
            int status,
            String code,
            @Nullable String retryAfter,
            long startedNanos,
            long millis,
            @Nullable String error) {

        boolean retryable() {
            return status == 503 || (status == 409 && "idempotency_in_progress".equals(code));
        }
    }

    /** A subscription the load created, with the key of its create and what its activation answered (null: none yet). */
    record Created(
            String key,
            String merchantRef,
            String id,
            @Nullable JsonNode activated) {}

    /** Far above the gateway's own request deadline (10 s request timeout plus 5 s): an attempt past it hangs. */
    static final Duration ATTEMPT_LIMIT = Duration.ofSeconds(30);
    /** How long one request may keep retrying: the outage, the recovery and a rebalance fit in it many times. */
    private static final Duration GIVE_UP_AFTER = Duration.ofSeconds(90);
    /** Between retries of one request: a client's back-off (the gateway asks for 1 s in Retry-After). */
    private static final Duration BACK_OFF = Duration.ofMillis(250);

    static final String ON_CHAIN_ID = "7";

    private final Api api;
    private final String apiKey;
    private final String run;
    private final ConcurrentLinkedQueue<Attempt> attempts = new ConcurrentLinkedQueue<>();
    private final Map<String, Created> created = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> gaveUp = new ConcurrentLinkedQueue<>();
    /** Keys of {@link #probe}s, for a client to take up. */
    private final ConcurrentLinkedQueue<String> probed = new ConcurrentLinkedQueue<>();

    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean running = true;

    OutageLoad(Api api, String apiKey, String run) {
        this.api = api;
        this.apiKey = apiKey;
        this.run = run;
    }

    void start(int clients) {
        for (int i = 0; i < clients; i++) {
            workers.add(Thread.ofPlatform().daemon().name("outage-load-" + i).start(this::work));
        }
    }

    /** Subscriptions created so far (their create answered 201). */
    int createdCount() {
        return created.size();
    }

    /** Subscriptions whose activation answered 200 so far. */
    long activatedCount() {
        return created.values().stream().filter(c -> c.activated() != null).count();
    }

    /** Attempts that were answered and had started at or after {@code nanos}. */
    long answeredSince(long nanos) {
        return attempts.stream()
                .filter(a -> a.startedNanos() - nanos >= 0 && a.status() != 0)
                .count();
    }

    List<Attempt> attempts() {
        return List.copyOf(attempts);
    }

    /** By the key of the create. */
    Map<String, Created> created() {
        return Map.copyOf(created);
    }

    /** Requests that never got a final answer within {@link #GIVE_UP_AFTER}, as {@code operation key}. */
    List<String> gaveUp() {
        return List.copyOf(gaveUp);
    }

    /**
     * One create sent once, now, on the calling thread; its key is then taken up by a client of the load, which sends it
     * again until it succeeds (or creates nothing, if this attempt was refused) and activates what it created.
     */
    Attempt probe() {
        var key = newKey();
        var attempt =
                attempt("create", key, Subscriptions.PATH, createBody(key)).recorded();
        probed.add(key);
        return attempt;
    }

    private String newKey() {
        return run + "-" + UUID.randomUUID();
    }

    /** The body of the create sent with {@code key}: its merchantRef carries the key. */
    static Map<String, Object> createBody(String key) {
        return Map.of(
                "merchantRef",
                "ref-" + key,
                "customerWallet",
                Subscriptions.WALLET,
                "amountUsdc",
                new BigDecimal("4.25"),
                "interval",
                "month");
    }

    private void work() {
        while (running || !probed.isEmpty()) {
            var probedKey = probed.poll();
            var key = probedKey != null ? probedKey : newKey();
            var create = send("create", key, Subscriptions.PATH, createBody(key), 201);
            if (create.isEmpty()) {
                continue;
            }
            var id = create.get().at("/subscription/id").asString();
            var previous = created.putIfAbsent(key, new Created(key, "ref-" + key, id, null));
            if (previous != null) {
                throw new IllegalStateException("key used twice: " + key);
            }
            var activateKey = key + "-activate";
            send(
                            "activate",
                            activateKey,
                            Subscriptions.PATH + "/" + id + "/activate",
                            Map.of("onChainSubscriptionId", ON_CHAIN_ID),
                            200)
                    .ifPresent(activated -> created.put(key, new Created(key, "ref-" + key, id, activated)));
        }
    }

    /** Sends until a final answer; the body of {@code expected}, else empty (the attempt is recorded either way). */
    private Optional<JsonNode> send(String operation, String key, String path, Map<String, Object> body, int expected) {
        var giveUpAt = System.nanoTime() + GIVE_UP_AFTER.toNanos();
        while (System.nanoTime() - giveUpAt < 0) {
            var attempt = attempt(operation, key, path, body);
            if (attempt.reply() != null && attempt.reply().status() == expected) {
                return Optional.of(attempt.reply().json());
            }
            if (!attempt.recorded().retryable() && attempt.recorded().status() != 0) {
                return Optional.empty();
            }
            LockSupport.parkNanos(BACK_OFF.toNanos());
        }
        gaveUp.add(operation + " " + key);
        return Optional.empty();
    }

    private record Sent(Attempt recorded, @Nullable Reply reply) {}

    private Sent attempt(String operation, String key, String path, Map<String, Object> body) {
        var started = System.nanoTime();
        var call = api.post(path)
                .key(apiKey)
                .idempotencyKey(key)
                .timeout(ATTEMPT_LIMIT)
                .json(body);
        Reply reply = null;
        String error = null;
        try {
            reply = call.sendAsync().get(ATTEMPT_LIMIT.toSeconds() + 5, TimeUnit.SECONDS);
        } catch (Exception e) {
            error = e.toString();
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        var recorded = reply == null
                ? new Attempt(operation, key, 0, "", null, started, millis, error)
                : new Attempt(
                        operation,
                        key,
                        reply.status(),
                        reply.status() >= 400 ? codeOf(reply) : "",
                        reply.headers().firstValue("Retry-After").orElse(null),
                        started,
                        millis,
                        null);
        attempts.add(recorded);
        return new Sent(recorded, reply);
    }

    private static String codeOf(Reply reply) {
        try {
            return reply.code();
        } catch (AssertionError notJson) {
            return "<not json: " + reply.body() + ">";
        }
    }

    /** Stops starting new subscriptions and waits for the requests in flight to get their final answers. */
    @Override
    public void close() {
        running = false;
        for (var worker : workers) {
            try {
                worker.join(GIVE_UP_AFTER.plus(ATTEMPT_LIMIT).plusSeconds(10).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
