package io.abk.billing.webhooks.attempt;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.webhooks.attempt.endpoint.AttemptLogWriter;
import io.abk.billing.webhooks.attempt.endpoint.AttemptRow;
import io.abk.billing.webhooks.attempt.endpoint.DeliveryLog;
import io.abk.billing.webhooks.attempt.endpoint.EndpointRow;
import io.abk.billing.webhooks.attempt.http.HttpExchange;
import io.abk.billing.webhooks.attempt.http.WebhookPoster;
import io.abk.billing.webhookverify.WebhookSigner;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * One webhook attempt (docs/architecture.md, "Webhooks"): read the endpoint, sign, POST through the guarded client,
 * then log the attempt and update the endpoint's health in one transaction, batched with other attempts' ({@link
 * AttemptLogWriter}). JDBC and DNS run on pools this class owns; the POST runs on Netty's event loops and holds no
 * thread while it waits, so a slow endpoint never delays another.
 */
public final class HttpDeliveryAttempts implements DeliveryAttempts, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HttpDeliveryAttempts.class);
    static final String USER_AGENT = "abk-billing-webhooks/1";
    /** At most this many attempts' rows in one transaction of the attempt log. */
    static final int ATTEMPT_LOG_BATCH = 256;
    /** At most this many endpoints' signers are kept. */
    static final int SIGNERS_KEPT = 10_000;

    private final Settings settings;
    private final DeliveryLog log;
    private final AttemptLogWriter writer;
    private final ConcurrentHashMap<String, CompletableFuture<Optional<EndpointRow>>> reading =
            new ConcurrentHashMap<>();
    /** Signers by endpoint id and stored secrets ({@link #signer}); started over past {@link #SIGNERS_KEPT}. */
    private final ConcurrentHashMap<List<String>, WebhookSigner> signers = new ConcurrentHashMap<>();

    private final ExecutorService db;
    private final ExecutorService dns;
    private final WebhookPoster poster;
    private final SecretSealer sealer;

    /** @param sealer opens the endpoints' stored signing secrets (the keyring of {@code BILLING_SECRETS_KEYS}) */
    public HttpDeliveryAttempts(DataSource dataSource, Settings settings, SecretSealer sealer) {
        this.settings = settings;
        this.sealer = sealer;
        this.log = new DeliveryLog(dataSource);
        this.writer = new AttemptLogWriter(log, settings.disableAfter(), ATTEMPT_LOG_BATCH, "webhook-attempt-log");
        this.db = pool("webhook-attempt-db", settings.blockingThreads());
        this.dns = pool("webhook-attempt-dns", settings.blockingThreads());
        this.poster = new WebhookPoster(settings.timeout(), settings.allowLoopbackInTest(), settings.resolver(), dns);
    }

    /**
     * @param timeout             of one POST, from resolution to the response excerpt ({@code BILLING_WEBHOOKS_TIMEOUT})
     * @param disableAfter        an endpoint failing this long is disabled ({@code BILLING_WEBHOOKS_DISABLE_AFTER})
     * @param allowLoopbackInTest test-mode endpoints may be http and loopback ({@code BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST})
     * @param clock               the attempt time: signatures, the log, the failing streak
     * @param resolver            the one DNS lookup per connection ({@link InetAddress#getAllByName} in production)
     * @param blockingThreads     size of each of the two pools (JDBC, DNS); in-flight attempts beyond it wait in queue
     */
    public record Settings(
            Duration timeout,
            Duration disableAfter,
            boolean allowLoopbackInTest,
            Clock clock,
            EndpointUrlGuard.Resolver resolver,
            int blockingThreads) {

        /** A receiver has 15 s to answer (docs/architecture.md, "Webhooks"). */
        public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);
        /** An endpoint failing continuously for 5 days is disabled (docs/architecture.md, "Webhooks"). */
        public static final Duration DEFAULT_DISABLE_AFTER = Duration.ofDays(5);
        /** Enough for the JDBC pool of a 2-core host; the HTTP side needs no threads per attempt. */
        public static final int DEFAULT_BLOCKING_THREADS = 8;

        public Settings {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("the webhook timeout must be positive: " + timeout);
            }
            if (disableAfter.isNegative()) {
                throw new IllegalArgumentException("the disable-after period cannot be negative: " + disableAfter);
            }
            if (blockingThreads < 1) {
                throw new IllegalArgumentException("at least one blocking thread is needed: " + blockingThreads);
            }
        }

        /** The production defaults: 15 s, 5 days, system clock and DNS. */
        public static Settings defaults(boolean allowLoopbackInTest) {
            return new Settings(
                    DEFAULT_TIMEOUT,
                    DEFAULT_DISABLE_AFTER,
                    allowLoopbackInTest,
                    Clock.systemUTC(),
                    InetAddress::getAllByName,
                    DEFAULT_BLOCKING_THREADS);
        }

        public Settings withTimeout(Duration value) {
            return new Settings(value, disableAfter, allowLoopbackInTest, clock, resolver, blockingThreads);
        }

        public Settings withDisableAfter(Duration value) {
            return new Settings(timeout, value, allowLoopbackInTest, clock, resolver, blockingThreads);
        }

        public Settings withClock(Clock value) {
            return new Settings(timeout, disableAfter, allowLoopbackInTest, value, resolver, blockingThreads);
        }

        public Settings withResolver(EndpointUrlGuard.Resolver value) {
            return new Settings(timeout, disableAfter, allowLoopbackInTest, clock, value, blockingThreads);
        }
    }

    @Override
    public CompletableFuture<AttemptResult> attempt(
            WebhookDelivery delivery, int attempt, @Nullable Instant nextRetryAt, Consumer<ExchangeEnd> exchangeEnded) {
        try {
            return endpoint(delivery.getEndpointId())
                    .thenCompose(found -> found.map(
                                    endpoint -> attemptTo(endpoint, delivery, attempt, nextRetryAt, exchangeEnded))
                            .orElseGet(() -> missing(delivery)));
        } catch (RejectedExecutionException closed) {
            return CompletableFuture.failedFuture(closed);
        }
    }

    /**
     * The endpoint's row, read once for all the attempts to it that start while a read of it is under way: a busy
     * endpoint costs one query per query time instead of one per attempt, and what an attempt sees is never older than
     * a read that was still running when it started.
     */
    private CompletableFuture<Optional<EndpointRow>> endpoint(String endpointId) {
        var read = new CompletableFuture<Optional<EndpointRow>>();
        var running = reading.putIfAbsent(endpointId, read);
        if (running != null) {
            return running;
        }
        try {
            db.execute(() -> {
                try {
                    read.complete(log.find(endpointId));
                } catch (RuntimeException e) {
                    read.completeExceptionally(e);
                } finally {
                    reading.remove(endpointId, read);
                }
            });
        } catch (RejectedExecutionException closed) {
            reading.remove(endpointId, read);
            read.completeExceptionally(closed);
        }
        return read;
    }

    private CompletableFuture<AttemptResult> attemptTo(
            EndpointRow endpoint,
            WebhookDelivery delivery,
            int attempt,
            @Nullable Instant nextRetryAt,
            Consumer<ExchangeEnd> exchangeEnded) {
        var now = settings.clock().instant();
        var why = AttemptOutcome.whySkipped(
                endpoint, delivery.getMerchantId(), delivery.getMode().name().toLowerCase(Locale.ROOT));
        var outcome = why != null
                ? CompletableFuture.completedFuture(AttemptOutcome.skipped(why))
                : post(endpoint, delivery, now).thenApply(AttemptOutcome::of);
        return outcome.whenComplete(
                        (done, error) -> exchangeEnded.accept(done == null ? ExchangeEnd.NOT_SENT : done.exchangeEnd()))
                .thenCompose(done -> write(endpoint, delivery, attempt, nextRetryAt, now, done));
    }

    private CompletableFuture<HttpExchange> post(EndpointRow endpoint, WebhookDelivery delivery, Instant now) {
        var body = delivery.getPayload().getBytes(StandardCharsets.UTF_8);
        WebhookSigner signer;
        try {
            signer = signer(endpoint, now);
        } catch (IllegalArgumentException malformed) {
            // Malformed, or sealed under a key the keyring lacks or for another row: the message never shows the
            // secret;
            // the endpoint needs a rotation (or the key back), not a crash of the sender.
            return CompletableFuture.completedFuture(new HttpExchange.NoAnswer(
                    "the endpoint's signing secret is unusable: " + malformed.getMessage(), null));
        }
        var headers = new LinkedHashMap<String, String>();
        headers.put("content-type", "application/json");
        headers.put("user-agent", USER_AGENT);
        headers.putAll(signer.sign(delivery.getEventId(), body, now).asMap());
        return poster.post(endpoint.url(), endpoint.live(), headers, body);
    }

    /**
     * The endpoint's signer for its secrets active at {@code now}, made once per endpoint and stored secrets: opening
     * a sealed secret (AES-GCM) at every attempt cost more than the signature. A rotated secret is another key here.
     */
    private WebhookSigner signer(EndpointRow endpoint, Instant now) {
        var stored = endpoint.activeSecrets(now);
        var key = new ArrayList<String>(stored.size() + 1);
        key.add(endpoint.id());
        key.addAll(stored);
        var cached = signers.get(key);
        if (cached != null) {
            return cached;
        }
        var made = WebhookSigner.of(stored.stream()
                .map(secret -> sealer.open(secret, endpoint.id()))
                .toList());
        if (signers.size() >= SIGNERS_KEPT) {
            signers.clear();
        }
        signers.put(List.copyOf(key), made);
        return made;
    }

    /** Queues the attempt's row for the attempt log; what follows its commit runs on the JDBC pool, not the writer's thread. */
    private CompletableFuture<AttemptResult> write(
            EndpointRow endpoint,
            WebhookDelivery delivery,
            int attempt,
            @Nullable Instant nextRetryAt,
            Instant now,
            AttemptOutcome outcome) {
        var retryAt = outcome.outcome().equals(AttemptOutcome.FAILED) ? nextRetryAt : null;
        var row = new AttemptRow(
                endpoint.id(),
                endpoint.merchantId(),
                endpoint.mode(),
                delivery.getDeliveryId(),
                delivery.getEventId(),
                delivery.getEventType(),
                attempt,
                delivery.getRedelivery(),
                outcome.outcome(),
                outcome.statusCode(),
                outcome.latencyMs(),
                outcome.error(),
                outcome.excerpt(),
                retryAt,
                now);
        return writer.record(row, outcome.health())
                .thenApplyAsync(
                        disabled -> {
                            var result = outcome.result(disabled);
                            // Successes are the bulk at DEBUG; failures and skips are what an operator looks for.
                            var level = outcome.outcome().equals(AttemptOutcome.SUCCEEDED) ? Level.DEBUG : Level.INFO;
                            LOG.atLevel(level)
                                    .log(
                                            "webhook attempt endpointId={} merchantId={} mode={} eventId={} deliveryId={} attempt={}"
                                                    + " outcome={} status={} latencyMs={} result={} error=\"{}\"",
                                            endpoint.id(),
                                            endpoint.merchantId(),
                                            endpoint.mode(),
                                            delivery.getEventId(),
                                            delivery.getDeliveryId(),
                                            attempt,
                                            outcome.outcome(),
                                            outcome.statusCode(),
                                            outcome.latencyMs(),
                                            result,
                                            outcome.error());
                            return result;
                        },
                        db);
    }

    /** No row to log: the log's endpoint_id references the endpoint, and endpoints are never hard-deleted. */
    private static CompletableFuture<AttemptResult> missing(WebhookDelivery delivery) {
        LOG.warn(
                "webhook attempt skipped endpointId={} eventId={} deliveryId={} reason=\"no such endpoint\"",
                delivery.getEndpointId(),
                delivery.getEventId(),
                delivery.getDeliveryId());
        return CompletableFuture.completedFuture(AttemptResult.DROPPED);
    }

    private static ExecutorService pool(String name, int threads) {
        return Executors.newFixedThreadPool(
                threads, Thread.ofPlatform().name(name + "-", 0).daemon(true).factory());
    }

    /** Stops taking attempts, lets running writes finish (a few seconds at most), then releases Netty. */
    @Override
    public void close() {
        writer.close();
        db.shutdown();
        dns.shutdown();
        try {
            db.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        poster.close();
        dns.shutdownNow();
        db.shutdownNow();
    }
}
