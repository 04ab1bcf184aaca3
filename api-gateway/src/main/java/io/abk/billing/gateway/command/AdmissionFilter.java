package io.abk.billing.gateway.command;

import io.abk.billing.gateway.config.CommandsProperties;
import io.abk.billing.gateway.platform.web.ApiErrorHandler;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Sheds writes this replica has no capacity for. A write (a POST, PATCH, PUT or DELETE under {@code /v1} or
 * {@code /checkout}) that arrives while {@code billing.commands.max-in-flight} writes are already in progress here is
 * answered at once with 503 {@code service_unavailable} and {@code Retry-After}: it takes no Idempotency-Key row and
 * produces no command, so nothing is done and the client retries.
 *
 * <p>Why: at 1,000 creates a second on 2 cores the stack runs at about 85% of its throughput, so when another process
 * takes a core for a few seconds every write queues behind the backlog, which drains at only the spare 15%. Without a
 * bound, requests waited over 20 s and thousands failed on the request timeout, not knowing whether their command
 * was applied; with it, a write waits at most about max-in-flight divided by the throughput, and the rest are told
 * at once to come back (docs/operations.md, "Load shedding").
 */
@Component
@Order(FilterOrder.ADMISSION)
public class AdmissionFilter implements WebFilter {

    private static final Set<HttpMethod> WRITES =
            Set.of(HttpMethod.POST, HttpMethod.PATCH, HttpMethod.PUT, HttpMethod.DELETE);

    private static final Logger log = LoggerFactory.getLogger(AdmissionFilter.class);
    private static final Duration LOG_EVERY = Duration.ofSeconds(10);

    private final int maxInFlight;
    private final Duration retryAfter;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Counter shed;
    private final AtomicLong shedSinceLog = new AtomicLong();
    // Far enough back that the first refusal is logged at once.
    private final AtomicLong lastLogNanos = new AtomicLong(System.nanoTime() - LOG_EVERY.toNanos());

    @Autowired
    public AdmissionFilter(CommandsProperties commands, ObjectProvider<MeterRegistry> registry) {
        this(commands.maxInFlight(), commands.retryAfter(), registry.getIfAvailable(SimpleMeterRegistry::new));
    }

    AdmissionFilter(int maxInFlight, Duration retryAfter, MeterRegistry registry) {
        this.maxInFlight = maxInFlight;
        this.retryAfter = retryAfter;
        Gauge.builder("billing.gateway.writes.in.flight", inFlight, AtomicInteger::get)
                .description("Writes this replica is working on (bounded by billing.commands.max-in-flight)")
                .register(registry);
        this.shed = Counter.builder("billing.gateway.writes.shed")
                .description("Writes refused with 503 because max-in-flight writes were already in progress")
                .register(registry);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!isWrite(exchange)) {
            return chain.filter(exchange);
        }
        // Taken and given back per subscription, so a request that is never subscribed holds no slot.
        return Mono.defer(() -> {
            if (inFlight.incrementAndGet() > maxInFlight) {
                inFlight.decrementAndGet();
                shed.increment();
                exchange.getAttributes().put(ApiErrorHandler.COUNTED_ELSEWHERE, Boolean.TRUE);
                logShed();
                return Mono.error(atCapacity());
            }
            return chain.filter(exchange).doFinally(signal -> inFlight.decrementAndGet());
        });
    }

    /**
     * One line per {@link #LOG_EVERY} at most while shedding, with the refusals since the last one: thousands a second,
     * each with its own line, would slow the gateway further.
     */
    private void logShed() {
        shedSinceLog.incrementAndGet();
        long now = System.nanoTime();
        long last = lastLogNanos.get();
        if (now - last >= LOG_EVERY.toNanos() && lastLogNanos.compareAndSet(last, now)) {
            log.warn(
                    "event=writes_shed shed={} inFlight={} maxInFlight={}",
                    shedSinceLog.getAndSet(0),
                    inFlight.get(),
                    maxInFlight);
        }
    }

    int inFlight() {
        return inFlight.get();
    }

    private static boolean isWrite(ServerWebExchange exchange) {
        var request = exchange.getRequest();
        return WRITES.contains(request.getMethod())
                && (RequestPaths.isUnder(request, "v1") || RequestPaths.isUnder(request, "checkout"));
    }

    private ApiException atCapacity() {
        return new ApiException(
                503,
                ErrorCodes.SERVICE_UNAVAILABLE,
                "This server is at its limit of requests in progress and did nothing with this one; retry after the"
                        + " time in the Retry-After header",
                null,
                retryAfter);
    }
}
