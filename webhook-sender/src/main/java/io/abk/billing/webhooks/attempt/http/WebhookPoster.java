package io.abk.billing.webhooks.attempt.http;

import io.abk.billing.endpointguard.EndpointUrlGuard;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * POSTs webhook bodies without blocking a thread on the network: a slow endpoint holds a connection, not a thread.
 * Two clients because the SSRF rule differs: the strict one (live mode, and test mode without the loopback flag)
 * and, when the flag is on, a relaxed one for test mode that also reaches loopback over http. Each connects through
 * its own guarded resolver. Redirects are never followed (a redirect could point anywhere).
 */
public final class WebhookPoster implements AutoCloseable {

    /** Idle connections are dropped before typical server keep-alive limits, so reuse rarely races a close. */
    private static final Duration MAX_IDLE = Duration.ofSeconds(20);

    /**
     * Connections to one host at a time: enough for a burst to one endpoint (a backlog after an outage) without
     * opening hundreds of sockets to one merchant. Attempts beyond it wait for a connection within their timeout;
     * how many wait is bounded by the caller's in-flight limit, so the wait queue is not.
     */
    static final int MAX_CONNECTIONS_PER_HOST = 64;

    private final Duration timeout;
    private final boolean allowLoopbackInTest;
    private final LoopResources loops;
    private final ConnectionProvider strictConnections;
    private final ConnectionProvider relaxedConnections;
    private final GuardedResolverGroup strictResolver;
    private final GuardedResolverGroup relaxedResolver;
    private final HttpClient strict;
    private final HttpClient relaxed;

    /** @param blocking runs the blocking DNS lookups (never an event loop) */
    public WebhookPoster(
            Duration timeout, boolean allowLoopbackInTest, EndpointUrlGuard.Resolver dns, Executor blocking) {
        this.timeout = timeout;
        this.allowLoopbackInTest = allowLoopbackInTest;
        this.loops = LoopResources.create("webhook-http", LoopResources.DEFAULT_IO_WORKER_COUNT, true);
        this.strictResolver = new GuardedResolverGroup(dns, false, blocking);
        this.relaxedResolver = new GuardedResolverGroup(dns, allowLoopbackInTest, blocking);
        // A pool per client: a connection the relaxed client opened to loopback is never lent to the strict one.
        this.strictConnections = pool("webhook-http-strict");
        this.relaxedConnections = pool("webhook-http-relaxed");
        this.strict = client(strictConnections, strictResolver);
        this.relaxed = client(relaxedConnections, relaxedResolver);
    }

    private ConnectionProvider pool(String name) {
        return ConnectionProvider.builder(name)
                .maxIdleTime(MAX_IDLE)
                .maxConnections(MAX_CONNECTIONS_PER_HOST)
                .pendingAcquireMaxCount(-1)
                .pendingAcquireTimeout(timeout)
                .build();
    }

    private HttpClient client(ConnectionProvider connections, GuardedResolverGroup resolver) {
        return HttpClient.create(connections)
                .runOn(loops)
                .resolver(resolver)
                .followRedirect(false)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
                .responseTimeout(timeout);
    }

    /**
     * POSTs {@code body} to {@code url}; completes (on an event loop) with what came of it, never exceptionally.
     * The timeout covers everything: resolution, connection, TLS, the answer's head and the excerpt.
     */
    public CompletableFuture<HttpExchange> post(String url, boolean live, Map<String, String> headers, byte[] body) {
        var relax = !live && allowLoopbackInTest;
        return switch (DeliveryUrl.check(url, live, relax)) {
            case EndpointUrlGuard.Verdict.Refused refused ->
                CompletableFuture.completedFuture(new HttpExchange.NoAnswer(refused.reason(), null));
            case EndpointUrlGuard.Verdict.Allowed allowed ->
                exchange(relax ? relaxed : strict, allowed.url(), headers, body).toFuture();
        };
    }

    private Mono<HttpExchange> exchange(HttpClient client, URI url, Map<String, String> headers, byte[] body) {
        var start = System.nanoTime();
        var sent = new AtomicBoolean();
        return client.headers(h -> headers.forEach(h::set))
                .doOnRequest((request, connection) -> sent.set(true))
                .post()
                .uri(url)
                .send(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(body)))
                .response((response, content) -> {
                    var latency = millisSince(start);
                    return Excerpt.read(content).map(excerpt -> (HttpExchange)
                            new HttpExchange.Answered(response.status().code(), latency, excerpt));
                })
                .next()
                .timeout(timeout)
                .onErrorResume(failure -> Mono.just(new HttpExchange.NoAnswer(
                        FailureSentence.of(failure, timeout), sent.get() ? millisSince(start) : null)));
    }

    private static long millisSince(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
    }

    @Override
    public void close() {
        strictConnections.disposeLater().block(Duration.ofSeconds(10));
        relaxedConnections.disposeLater().block(Duration.ofSeconds(10));
        loops.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(Duration.ofSeconds(10));
        strictResolver.close();
        relaxedResolver.close();
    }
}
