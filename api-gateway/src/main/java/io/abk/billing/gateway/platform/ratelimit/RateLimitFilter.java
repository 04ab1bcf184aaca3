package io.abk.billing.gateway.platform.ratelimit;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.platform.web.FilterOrder;
import io.abk.billing.gateway.platform.web.RequestPaths;
import io.abk.billing.schemas.ids.IdPrefix;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * 429 {@code rate_limited} with {@code Retry-After} when a caller goes over its limit: per API key on
 * {@code /v1} (per team member for the dashboard's calls; runs after authentication, so only real callers get buckets), per client IP on POSTs under
 * {@code /checkout}. The dashboard's sign-in limits its own posts per client IP with a {@link RateLimiter}, and answers
 * with its page. The client IP is the connection's remote address; behind a proxy, set
 * {@code server.forward-headers-strategy} so it is the forwarded client address instead.
 */
@Component
@Order(FilterOrder.RATE_LIMIT)
public class RateLimitFilter implements WebFilter {

    /** Distinct clients tracked per limiter before idle buckets are swept (a few MB at most). */
    public static final int MAX_BUCKETS = 100_000;

    private final boolean enabled;
    private final RateLimiter perKey;
    private final RateLimiter checkoutPerIp;

    public RateLimitFilter(BillingProperties properties) {
        var limits = properties.rateLimits();
        this.enabled = limits.enabled();
        this.perKey = new RateLimiter(limits.perKeyPerSecond(), Duration.ofSeconds(1), MAX_BUCKETS, System::nanoTime);
        this.checkoutPerIp =
                new RateLimiter(limits.checkoutPerMinute(), Duration.ofMinutes(1), MAX_BUCKETS, System::nanoTime);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!enabled) {
            return chain.filter(exchange);
        }
        Caller caller = exchange.getAttribute(Caller.ATTRIBUTE);
        if (caller != null) {
            var wait = perKey.tryAcquire(caller.actorId());
            if (wait != null) {
                return Mono.error(limited(
                        caller.actorId().startsWith(IdPrefix.USER.withSeparator())
                                ? "this team member"
                                : "this API key",
                        wait));
            }
        }
        if (isCheckoutMutation(exchange)) {
            var wait = checkoutPerIp.tryAcquire(clientIp(exchange));
            if (wait != null) {
                return Mono.error(limited("checkout requests from this address", wait));
            }
        }
        return chain.filter(exchange);
    }

    private static boolean isCheckoutMutation(ServerWebExchange exchange) {
        var request = exchange.getRequest();
        return request.getMethod() == HttpMethod.POST && RequestPaths.isUnder(request, "checkout");
    }

    /** The address a request came from, a rate limit's key. */
    public static String clientIp(ServerWebExchange exchange) {
        @Nullable InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
        if (remote == null) {
            return "unknown";
        }
        return remote.getAddress() != null ? remote.getAddress().getHostAddress() : remote.getHostString();
    }

    private static ApiException limited(String what, Duration wait) {
        return new ApiException(
                429,
                ErrorCodes.RATE_LIMITED,
                "Too many requests for " + what + "; retry after the" + " time in the Retry-After header",
                null,
                wait);
    }
}
